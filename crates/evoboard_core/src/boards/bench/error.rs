//! [`BenchError`]: what can be wrong with a bench's plan (its algorithms,
//! parameters, checkpoints or sweep) or with starting it.

use crate::boards::BoardError;
use std::fmt;

/// An error of a bench. Its [`Display`](fmt::Display) text names the
/// command line's flag and says what is allowed, as the other hex-board
/// errors do.
///
/// ```
/// use evoboard_core::boards::bench::parse_checkpoints;
/// let err = parse_checkpoints("20,301", 300.0).unwrap_err();
/// assert!(err.to_string().contains("at most 300"));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum BenchError {
    /// A game, algorithm or parameter error of the hex-board library
    /// (boxed: it is large).
    Board(Box<BoardError>),
    /// A `--param NAME=VALUE` whose name none of the listed algorithms has.
    ParamOfNone {
        /// The `--param` text as given.
        pair: String,
        /// The parameter name.
        name: String,
        /// The listed algorithms' names.
        algorithms: Vec<&'static str>,
    },
    /// A checkpoint that is not a number.
    CheckpointNotANumber {
        /// The text given.
        text: String,
        /// The run's time limit (s).
        time_limit: f64,
    },
    /// A checkpoint at or below 0, or after the time limit.
    CheckpointBeyondRun {
        /// The text given.
        text: String,
        /// The run's time limit (s).
        time_limit: f64,
    },
    /// No checkpoint in the list.
    NoCheckpoints,
    /// A time limit that is not a positive number of seconds a
    /// [`Duration`](std::time::Duration) can hold.
    TimeLimit {
        /// The seconds given.
        seconds: f64,
    },
    /// A sweep over other than exactly one algorithm.
    SweepAlgorithms {
        /// How many algorithms were listed.
        count: usize,
    },
    /// A sweep without parameter names.
    NoSweptParams,
    /// A swept parameter the algorithm does not have.
    UnknownSweptParam {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The name given.
        name: String,
        /// The algorithm's parameter names.
        allowed: Vec<&'static str>,
    },
    /// A swept parameter named twice.
    SweptTwice {
        /// The name.
        name: String,
    },
    /// A PSO sweep with a published `set` chosen (it overrides the swept
    /// weights).
    SweepWithPsoSet,
    /// A sweep without values.
    NoSweepValues,
    /// More parameter sets than [`MAX_SETS`](super::MAX_SETS).
    TooManySets {
        /// Values per parameter.
        values: usize,
        /// Swept parameters.
        params: usize,
    },
    /// A sweep value the parameter does not take.
    SweepValue {
        /// The swept names up to the refused one, comma-separated.
        names: String,
        /// Why the value was refused.
        error: Box<BoardError>,
    },
    /// The thread pool could not be started.
    Threads {
        /// What the system said.
        reason: String,
    },
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchError::Board(e) => write!(f, "{e}"),
            BenchError::ParamOfNone {
                pair,
                name,
                algorithms,
            } => write!(
                f,
                "--param {pair}: none of {} has a parameter '{name}'",
                algorithms.join(", ")
            ),
            BenchError::CheckpointNotANumber { text, time_limit } => write!(
                f,
                "--checkpoints: '{text}' is not a number of seconds; allowed: seconds > 0 \
                 and at most --time-limit ({time_limit}), comma-separated"
            ),
            BenchError::CheckpointBeyondRun { text, time_limit } => write!(
                f,
                "--checkpoints: {text} s is beyond the run (--time-limit {time_limit}); \
                 allowed: seconds > 0 and at most {time_limit}"
            ),
            BenchError::NoCheckpoints => write!(
                f,
                "--checkpoints takes seconds separated by commas, e.g. 20,60,120,300"
            ),
            BenchError::TimeLimit { seconds } => write!(
                f,
                "--time-limit {seconds}: a run needs a positive number of seconds"
            ),
            BenchError::SweepAlgorithms { count } => write!(
                f,
                "--param-sweep needs exactly one algorithm in --algorithms, got {count}"
            ),
            BenchError::NoSweptParams => {
                write!(f, "--param-sweep takes parameter names separated by commas")
            }
            BenchError::UnknownSweptParam {
                algorithm,
                name,
                allowed,
            } => write!(
                f,
                "--param-sweep: {algorithm} has no parameter '{name}'; allowed: {}",
                allowed.join(", ")
            ),
            BenchError::SweptTwice { name } => {
                write!(f, "--param-sweep names '{name}' twice")
            }
            BenchError::SweepWithPsoSet => write!(
                f,
                "--param-sweep with pso: leave --param set at 0 (a set overrides inertia, \
                 cognitive and social)"
            ),
            BenchError::NoSweepValues => {
                write!(f, "--sweep-values takes numbers separated by commas")
            }
            BenchError::TooManySets { values, params } => write!(
                f,
                "--param-sweep: {values} values for {params} parameters make more than {} sets",
                super::MAX_SETS
            ),
            BenchError::SweepValue { names, error } => {
                write!(f, "--param-sweep {names}: {error}")
            }
            BenchError::Threads { reason } => write!(f, "cannot start threads: {reason}"),
        }
    }
}

impl std::error::Error for BenchError {}

impl From<BoardError> for BenchError {
    fn from(e: BoardError) -> Self {
        BenchError::Board(Box::new(e))
    }
}
