//! [`DominoError`]: everything the domino engine can refuse.

use super::advisor::Turn;
use super::local_match::{ARM_NAMES, Actor};
use super::round::{Opening, RoundEnd};
use super::tiles::Tile;
use std::fmt;
use std::path::PathBuf;

/// The agent names the command line accepts, for error messages.
pub const AGENT_NAMES_HELP: &str = "basic, hand, s1..s4 (published stage 1), s1@2..s4@2 \
(published stage 2), t1..t4, t1@2..t4@2, t1@3 and t1full (our GA), coef:a1,a2,a3,a4,a5,a6,a7, file:PATH \
(saved by `domino tune --out`), mc, mc:N or mc:N:AGENT (Monte Carlo search, N \
determinizations per move, AGENT the playout policy), mc:Nms (N milliseconds per move)";

/// Why the domino engine refused a request: a bad agent name or
/// coefficient file, bad tuner settings, or a move the rules do not allow.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
#[non_exhaustive]
pub enum DominoError {
    /// An agent name that is none of the allowed ones
    /// ([`AGENT_NAMES_HELP`]).
    UnknownAgent {
        /// The name as given.
        name: String,
    },
    /// `coef:` without exactly seven numbers.
    CoefCount {
        /// The name as given.
        name: String,
        /// How many numbers it held.
        got: usize,
    },
    /// A `coef:` entry that is not a finite number.
    CoefNotFinite {
        /// The name as given.
        name: String,
        /// Which coefficient, 1..=7.
        index: usize,
        /// Its text.
        text: String,
    },
    /// A coefficient file that cannot be read.
    UnreadableCoefficientFile {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// A file that is not a coefficient file saved by `domino tune --out`.
    NotACoefficientFile {
        /// The file.
        path: PathBuf,
        /// The parser's reason.
        reason: String,
    },
    /// A coefficient file with a coefficient that is not finite.
    NonFiniteCoefficients {
        /// The file.
        path: PathBuf,
    },
    /// The playout policy of `mc:N:POLICY` is not a usable
    /// evaluation-function agent.
    BadPlayoutPolicy {
        /// The search agent's name as given.
        name: String,
        /// What is wrong with the policy. (Reflection cannot see through a
        /// `Box` of the enum itself: reflected, it reads as
        /// [`DominoError::UnknownAgent`] with an empty name.)
        #[cfg_attr(
            feature = "bevy_reflect",
            reflect(ignore, default = "DominoError::unknown_cause")
        )]
        cause: Box<DominoError>,
    },
    /// `mc:Nms` with N not a positive number.
    BadThinkTime {
        /// The name as given.
        name: String,
    },
    /// The agent stopped on a bug (a panic on its worker thread), with
    /// the panic's message.
    AgentCrashed {
        /// What the panic said.
        message: String,
    },
    /// `mc:N` with N not a positive number.
    BadDeterminizations {
        /// The name as given.
        name: String,
    },
    /// A strategy other than 1-4.
    BadStrategy {
        /// The strategy asked for.
        strategy: u8,
    },
    /// A GA stage other than 1-3.
    BadStage {
        /// The stage asked for.
        stage: u8,
    },
    /// A GA population below 2.
    PopulationTooSmall {
        /// The population asked for.
        population: usize,
    },
    /// Zero matches per evaluation.
    NoMatches,
    /// The worker threads could not be started.
    ThreadPool {
        /// Threads asked for.
        threads: usize,
        /// The system's reason.
        reason: String,
    },
    /// Pips outside 0..=6.
    BadPips {
        /// One half.
        a: u8,
        /// The other half.
        b: u8,
    },
    /// An AI step asked for when no AI seat is to move.
    NotAiTurn {
        /// Who is to act instead.
        actor: Actor,
    },
    /// An opening asked for when no person is to open the round.
    NotOpeningTurn,
    /// An opening double that may not open this round.
    CannotOpenWith {
        /// The tile offered.
        tile: Tile,
        /// The tiles that may open it.
        allowed: Vec<Tile>,
    },
    /// An opening asked for when the spinner is already down.
    SpinnerDown,
    /// A move that is not legal now.
    IllegalMove {
        /// The tile.
        tile: Tile,
        /// The arm (0..4).
        arm: u8,
    },
    /// A pass while a tile fits (or before the round is opened).
    CannotPass,
    /// A move asked for in a round that is over.
    RoundIsOver,
    /// The next round asked for while the current one goes on.
    RoundNotOver,
    /// A determinization giving a seat the wrong number of tiles.
    WrongHandSize {
        /// The seat.
        seat: u8,
        /// Tiles it holds.
        expected: u32,
        /// Tiles it was given.
        got: u32,
    },
    /// A determinization giving a seat a tile already seen.
    SeenTileInHand {
        /// The seat.
        seat: u8,
    },
    /// A seat number outside 0..4 in a [`PublicRound`](super::PublicRound).
    SeatOutOfRange {
        /// Which field: "seat" or "opener".
        role: &'static str,
        /// The number given.
        seat: u8,
    },
    /// A [`Tile`] whose index is not one of the 28 (0..28).
    NoSuchTile {
        /// The index given.
        index: u8,
    },
    /// A forced opening with a tile that is not a double.
    BadOpening {
        /// The tile given.
        tile: Tile,
    },
    /// A hand that lists a tile twice.
    DuplicateTile {
        /// The tile.
        tile: Tile,
    },
    /// A hand holding a tile that the history shows played.
    TileAlreadyPlayed {
        /// The tile.
        tile: Tile,
        /// The seat that played it.
        by: u8,
    },
    /// A hand whose size is not 7 minus the tiles the seat played.
    HandSizeForHistory {
        /// The seat.
        seat: u8,
        /// Tiles it played according to the history.
        played: usize,
        /// Tiles in the hand given.
        got: usize,
    },
    /// A turn of a [`PublicRound`](super::PublicRound)'s history that the
    /// rules do not allow.
    IllegalHistoryTurn {
        /// Its index in the history (0 = the opening).
        index: usize,
        /// The seat whose turn it was.
        seat: u8,
        /// The turn.
        turn: Turn,
        /// Why it is not legal.
        reason: String,
    },
    /// No deal of the unseen tiles agrees with the passes of a history.
    NoConsistentDeal {
        /// The numbers each seat passed on (7-bit masks).
        voids: [u8; 4],
    },
    /// An opener holding no tile that may open the round.
    NoOpeningDouble {
        /// The opener.
        seat: u8,
        /// How the round opens.
        opening: Opening,
    },
    /// A turn asked for a seat while another seat is to move.
    NotSeatsTurn {
        /// The seat asking.
        seat: u8,
        /// The seat to move.
        turn: u8,
    },
    /// A turn asked for after the round ended.
    RoundAlreadyOver {
        /// How it ended.
        end: RoundEnd,
    },
    /// An agent answered outside the choices it was given.
    BadAgentAnswer {
        /// The agent's name.
        agent: String,
        /// Its answer.
        answer: String,
    },
    /// A GA setting outside what the tuner allows (crossover operator,
    /// crossover or mutation rate, elite, coefficient range, runs,
    /// t-test level, head-to-head strategies or stage).
    BadTunerSetting {
        /// The setting (`"mutation"`, `"elite"`, `"range"`, …).
        setting: &'static str,
        /// The value as given.
        value: String,
        /// What is allowed.
        allowed: String,
    },
}

/// "2, 3 and 5" for a 7-bit mask of numbers.
fn numbers(mask: u8) -> String {
    let n: Vec<String> = (0..7)
        .filter(|n| mask & (1 << n) != 0)
        .map(|n: u8| n.to_string())
        .collect();
    match n.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => n.concat(),
    }
}

impl DominoError {
    /// The cause a reflected [`DominoError::BadPlayoutPolicy`] is rebuilt with.
    #[cfg(feature = "bevy_reflect")]
    fn unknown_cause() -> Box<DominoError> {
        Box::new(DominoError::UnknownAgent {
            name: String::new(),
        })
    }
}

impl fmt::Display for DominoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DominoError::*;
        match self {
            UnknownAgent { name } => {
                write!(f, "unknown agent '{name}'; allowed: {AGENT_NAMES_HELP}")
            }
            CoefCount { name, got } => write!(
                f,
                "'{name}': coef: takes exactly 7 comma-separated numbers a1..a7, got {got}"
            ),
            CoefNotFinite { name, index, text } => {
                write!(f, "'{name}': a{index} = '{text}' is not a finite number")
            }
            UnreadableCoefficientFile { path, reason } => {
                write!(
                    f,
                    "cannot read coefficient file {}: {reason}",
                    path.display()
                )
            }
            NotACoefficientFile { path, reason } => write!(
                f,
                "{} is not a coefficient file saved by `evoboard domino tune --out` \
                 (expected strategy, stage, coefficients: 7 numbers, fitness, matches, seed): {reason}",
                path.display()
            ),
            NonFiniteCoefficients { path } => {
                write!(f, "{}: coefficients must be finite numbers", path.display())
            }
            BadPlayoutPolicy { name, cause } => {
                write!(f, "'{name}': bad playout policy: {cause}")
            }
            AgentCrashed { message } => write!(
                f,
                "the AI stopped on a bug in evoboard ({message}); please report it with the \
                 round and seed"
            ),
            BadThinkTime { name } => write!(
                f,
                "'{name}': think time must be 1 to {} milliseconds a move, like mc:50ms",
                crate::domino::spec::MAX_THINK_MS
            ),
            BadDeterminizations { name } => write!(
                f,
                "'{name}': mc:N takes 1 to {} determinizations per move, like mc:64",
                crate::domino::spec::MAX_DETERMINIZATIONS
            ),
            BadStrategy { strategy } => {
                write!(f, "strategy must be 1, 2, 3 or 4, got {strategy}")
            }
            BadStage { stage } => write!(f, "stage must be 1, 2 or 3, got {stage}"),
            PopulationTooSmall { .. } => write!(f, "population must be at least 2"),
            NoMatches => write!(f, "matches must be at least 1"),
            ThreadPool { threads, reason } => {
                write!(f, "cannot start {threads} threads: {reason}")
            }
            BadPips { a, b } => write!(f, "pips are 0..=6, got {a}-{b}"),
            NotAiTurn { actor } => write!(f, "not an AI seat's turn ({actor:?})"),
            NotOpeningTurn => write!(f, "it is not a person's turn to open"),
            CannotOpenWith { tile, allowed } => {
                let list: Vec<String> = allowed.iter().map(Tile::to_string).collect();
                write!(
                    f,
                    "{tile} cannot open this round; allowed: {}",
                    list.join(", ")
                )
            }
            SpinnerDown => write!(f, "the spinner is already down"),
            IllegalMove { tile, arm } => write!(
                f,
                "{tile} on the {} arm is not a legal move now",
                ARM_NAMES.get(*arm as usize).unwrap_or(&"?")
            ),
            CannotPass => write!(f, "you can only pass when no tile fits"),
            RoundIsOver => write!(f, "the round is over"),
            RoundNotOver => write!(f, "the round is not over yet"),
            WrongHandSize {
                seat,
                expected,
                got,
            } => write!(f, "seat {seat} holds {expected} tiles, not {got}"),
            SeenTileInHand { seat } => write!(f, "seat {seat} cannot hold a seen tile"),
            SeatOutOfRange { role, seat } => {
                write!(f, "{role} {seat} does not exist: seats are 0, 1, 2 and 3")
            }
            NoSuchTile { index } => write!(
                f,
                "tile index {index} is not a tile: tiles are 0..=27 (0-0, 0-1, ..., 6-6), \
                 as Tile::new(a, b) makes them"
            ),
            BadOpening { tile } => write!(
                f,
                "a round cannot be forced to open with {tile}: it opens with a double \
                 (6-6 in the first round and after a blocked one)"
            ),
            DuplicateTile { tile } => write!(
                f,
                "{tile} is in the hand twice: each of the 28 tiles exists once"
            ),
            TileAlreadyPlayed { tile, by } => write!(
                f,
                "{tile} is in the hand but seat {by} already played it: \
                 the hand lists only the tiles held now"
            ),
            HandSizeForHistory { seat, played, got } => write!(
                f,
                "seat {seat} played {played} tiles, so its hand holds {}, not {got}",
                7usize.saturating_sub(*played)
            ),
            IllegalHistoryTurn {
                index,
                seat,
                turn,
                reason,
            } => write!(
                f,
                "history turn {index} (seat {seat}: {turn}) is not legal: {reason}"
            ),
            NoConsistentDeal { voids } => {
                let passed: Vec<String> = (0..4)
                    .filter(|&s| voids[s] != 0)
                    .map(|s| format!("seat {s} lacks {}", numbers(voids[s])))
                    .collect();
                write!(
                    f,
                    "no deal of the unseen tiles agrees with the history's passes ({}): \
                     a seat that passes holds no tile showing a number then open",
                    passed.join("; ")
                )
            }
            NoOpeningDouble { seat, opening } => match opening {
                Opening::Forced(t) => write!(
                    f,
                    "seat {seat} opens this round but does not hold {t}, which it must lay"
                ),
                Opening::AnyDouble => write!(
                    f,
                    "seat {seat} opens this round but holds no double: it opens with any double"
                ),
            },
            NotSeatsTurn { seat, turn } => write!(
                f,
                "it is seat {turn}'s turn, not seat {seat}'s: ask for seat {turn}, \
                 or add the turns played since to the history"
            ),
            RoundAlreadyOver { end } => {
                let how = match end {
                    RoundEnd::Out { seat } => format!("seat {seat} went out"),
                    RoundEnd::Blocked => "blocked".to_string(),
                };
                write!(
                    f,
                    "the round is over ({how}): no turn is left; the next round starts \
                     with an empty history"
                )
            }
            BadAgentAnswer { agent, answer } => write!(
                f,
                "agent '{agent}' answered {answer}, which is not one of its choices"
            ),
            BadTunerSetting {
                setting,
                value,
                allowed,
            } => write!(f, "{setting} {value} is not allowed: {allowed}"),
        }
    }
}

impl std::error::Error for DominoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DominoError::BadPlayoutPolicy { cause, .. } => Some(cause.as_ref()),
            _ => None,
        }
    }
}
