//! Players: the [`Agent`] trait, the evaluation-function agents (basic,
//! hand, strategies 1-4 with any coefficients, published and tuned presets)
//! and the parser of agent names used on the command line.

use super::error::DominoError;
use super::round::{P1, SeatView};
use super::table::Move;
use super::tiles::{ALL_TILES, DOUBLES_MASK, Hand, TILE_OF, Tile, XOR_HALVES, lane, numbers_in};
use crate::rng::{Rng, RngExt};
use serde::{Deserialize, Serialize};
use std::path::Path;

mod eval_fn;

use eval_fn::Ctx;
pub(super) use eval_fn::FastEval;

/// A player at the table. It decides only from a [`SeatView`] (own hand, table,
/// history), never from the other hands.
pub trait Agent: Send + Sync {
    /// The name, as on the command line.
    fn name(&self) -> String;

    /// Pick one of `moves` (at least two, all legal); returns its index.
    fn choose(&self, view: &SeatView<'_>, moves: &[Move], rng: &mut Rng) -> usize;

    /// Pick the opening double among `doubles` (at least two, all in hand).
    fn choose_opening(&self, view: &SeatView<'_>, doubles: Hand, rng: &mut Rng) -> Tile;

    /// For searching agents: decisions taken so far (with at least two
    /// choices) and the wall time spent on them. `None` for agents that do
    /// not search.
    fn think_stats(&self) -> Option<(u64, std::time::Duration)> {
        None
    }

    /// The agent as an evaluation-function agent, if it is one (the
    /// simulator then plays it without virtual calls; same results).
    fn as_eval(&self) -> Option<&EvalAgent> {
        None
    }
}

/// The seven coefficients α1..α7 of the evaluation function.
pub type Coefficients = [f64; 7];

/// Which coefficients a strategy may use (the rest stay 0).
pub fn free_coefficients(strategy: u8) -> Result<[bool; 7], DominoError> {
    Ok(match strategy {
        1 => [true; 7],
        2 => [false, false, false, true, true, true, false],
        3 => [false, false, false, true, false, true, true],
        4 => [true, true, true, false, false, false, false],
        _ => return Err(DominoError::BadStrategy { strategy }),
    })
}

/// Named coefficient sets: `hand`, the published stage-1 (`s1`..`s4`) and
/// stage-2 (`s1@2`..`s4@2`) tables, and our own GA results (`t…`, see
/// crates/evoboard_core/src/domino/README.md for the commands that made them). Public as
/// [`Preset`](super::Preset).
pub(super) const PRESETS: &[(&str, Coefficients)] = &[
    ("hand", [4.5, 4.5, 4.5, 4.5, 4.5, 4.5, 0.0]),
    ("s1", [-2.802, -3.196, -4.199, -6.34, 1.093, 6.58, 1.341]),
    ("s2", [0.0, 0.0, 0.0, -9.3674, 1.8851, 5.4356, 0.0]),
    ("s3", [0.0, 0.0, 0.0, -8.8029, 0.0, 4.1434, 2.0617]),
    ("s4", [3.4773, -2.6242, -4.7903, 0.0, 0.0, 0.0, 0.0]),
    (
        "s1@2",
        [-6.7612, -5.2781, -6.3282, -9.3417, 2.0431, 8.3193, 0.0535],
    ),
    ("s2@2", [0.0, 0.0, 0.0, -8.6452, 2.1204, 7.2673, 0.0]),
    ("s3@2", [0.0, 0.0, 0.0, -9.9581, 0.0, 4.7058, 1.3813]),
    ("s4@2", [8.2625, -6.6377, -4.5438, 0.0, 0.0, 0.0, 0.0]),
    // Our GA, stage 1 against basic (crates/evoboard_core/src/domino/tuned/t1.ron; crates/evoboard_core/src/domino/README.md).
    (
        "t1",
        [
            2.7872706968584318,
            2.653427860468218,
            4.957094174152896,
            0.23656308420574845,
            4.3412235698771084,
            2.3701197329480195,
            0.05106378957679425,
        ],
    ),
    // Our GA, stage 1 against basic (crates/evoboard_core/src/domino/tuned/t2.ron).
    (
        "t2",
        [
            0.0,
            0.0,
            0.0,
            2.8239443268534927,
            5.776501160265312,
            3.4989061828029477,
            0.0,
        ],
    ),
    // Our GA, stage 1 against basic (crates/evoboard_core/src/domino/tuned/t3.ron).
    (
        "t3",
        [
            0.0,
            0.0,
            0.0,
            1.0304721319445278,
            0.0,
            2.1527409775489623,
            1.038557819823339,
        ],
    ),
    // Our GA, stage 1 against basic (crates/evoboard_core/src/domino/tuned/t4.ron).
    (
        "t4",
        [
            2.8448841484588563,
            1.9193974586233509,
            4.095258507989495,
            0.0,
            0.0,
            0.0,
            0.0,
        ],
    ),
    // Our GA, stage 2 against t1 (crates/evoboard_core/src/domino/tuned/t1-2.ron).
    (
        "t1@2",
        [
            4.2576352722751984,
            4.150139995661132,
            9.808903969557878,
            1.1345817551776562,
            9.838723923466155,
            0.03625299101315349,
            -0.910635965852368,
        ],
    ),
    // Our GA, stage 2 against t2 (crates/evoboard_core/src/domino/tuned/t2-2.ron).
    (
        "t2@2",
        [
            0.0,
            0.0,
            0.0,
            2.980409990272568,
            7.455733763658646,
            0.7423990414621464,
            0.0,
        ],
    ),
    // Our GA, stage 2 against t3 (crates/evoboard_core/src/domino/tuned/t3-2.ron).
    (
        "t3@2",
        [
            0.0,
            0.0,
            0.0,
            0.012537247408591412,
            0.0,
            4.948951227879675,
            0.9418051729850507,
        ],
    ),
    // Our GA, stage 2 against t4 (crates/evoboard_core/src/domino/tuned/t4-2.ron).
    (
        "t4@2",
        [
            2.889609866691094,
            2.6208330005578127,
            4.021895900871645,
            0.0,
            0.0,
            0.0,
            0.0,
        ],
    ),
    // Our GA, stage 3 against t2@2, t3@2, t4@2 (crates/evoboard_core/src/domino/tuned/t1-3.ron).
    (
        "t1@3",
        [
            4.399564971613126,
            2.3595260396063935,
            6.090990402613464,
            2.8691756835964846,
            7.972084366596764,
            0.7686250608395628,
            -1.575018536168722,
        ],
    ),
    // Our GA, stage 1 with the full published settings 100 x 200 x 5000 (crates/evoboard_core/src/domino/tuned/t1-full.ron).
    (
        "t1full",
        [
            3.0668863773318567,
            1.1288449619671113,
            6.553868748387039,
            0.24394853276570316,
            4.747423487556075,
            0.8647960613783603,
            0.3621751963185815,
        ],
    ),
];

/// The coefficients of a named preset.
pub(super) fn preset(name: &str) -> Option<Coefficients> {
    super::spec::Preset::named(name).map(super::spec::Preset::coefficients)
}

/// The evaluation-function agent: plays the move with the highest
/// f = T1 − E1 + E2 (see the spec); `basic` is all-zero coefficients.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalAgent {
    /// Display name.
    pub label: String,
    /// α1..α7.
    pub coef: Coefficients,
}

impl EvalAgent {
    /// An agent with the given name and coefficients.
    pub fn new(label: impl Into<String>, coef: Coefficients) -> EvalAgent {
        EvalAgent {
            label: label.into(),
            coef,
        }
    }

    /// The beginner: points only.
    pub fn basic() -> EvalAgent {
        EvalAgent::new("basic", [0.0; 7])
    }

    /// f(n) of every move, in order (for tests and display).
    pub fn scores(&self, view: &SeatView<'_>, moves: &[Move]) -> Vec<f64> {
        let ctx = Ctx::new(view, true);
        moves
            .iter()
            .map(|m| {
                ctx.score(
                    &ctx.arm(m.arm as usize, &self.coef),
                    m.tile,
                    &self.coef,
                    false,
                )
            })
            .collect()
    }
}

/// Index of the largest score; ties broken uniformly with `rng`.
pub fn argmax_random(scores: impl Iterator<Item = f64>, rng: &mut Rng) -> usize {
    let mut best = f64::NEG_INFINITY;
    let mut best_i = 0;
    let mut ties = 0u32;
    for (i, f) in scores.enumerate() {
        if f > best {
            best = f;
            best_i = i;
            ties = 1;
        } else if f == best {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best_i = i;
            }
        }
    }
    best_i
}

impl Agent for EvalAgent {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&self, view: &SeatView<'_>, moves: &[Move], rng: &mut Rng) -> usize {
        let points_only = self.coef.iter().all(|&a| a == 0.0);
        let ctx = Ctx::new(view, !points_only);
        argmax_random(
            moves.iter().map(|m| {
                let arm = ctx.arm(m.arm as usize, &self.coef);
                ctx.score(&arm, m.tile, &self.coef, points_only)
            }),
            rng,
        )
    }

    fn choose_opening(&self, view: &SeatView<'_>, doubles: Hand, rng: &mut Rng) -> Tile {
        // The spinner as a move on the empty table: L1 = L2 = its number.
        let ctx = Ctx::new(view, true);
        let c = &self.coef;
        let mut tiles = [Tile(0); 7];
        let mut n = 0;
        for t in doubles.iter() {
            tiles[n] = t;
            n += 1;
        }
        let i = argmax_random(
            tiles[..n].iter().map(|t| {
                let d = t.low();
                let t1 = ctx.t1(2 * d as u32, 1 << d, true) as f64;
                let (v0, v1, v3) = (
                    lane(ctx.v0, d) as f64,
                    lane(ctx.v1, d) as f64,
                    lane(ctx.v3, d) as f64,
                );
                let e1 = c[0] * v0 + c[1] * v1;
                let e2 = c[3] * v0 + c[4] * v1 + c[6] * v3;
                t1 - e1 + e2
            }),
            rng,
        );
        tiles[i]
    }

    fn as_eval(&self) -> Option<&EvalAgent> {
        Some(self)
    }
}

/// Coefficients saved by `evoboard domino tune --out FILE.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoefficientFile {
    /// Strategy 1-4.
    pub strategy: u8,
    /// GA stage 1-3.
    pub stage: u8,
    /// α1..α7.
    pub coefficients: Coefficients,
    /// Wins of the best individual in its last evaluation.
    pub fitness: f64,
    /// Matches per evaluation.
    pub matches: u32,
    /// The GA seed.
    pub seed: u64,
}

impl CoefficientFile {
    /// Load and check a coefficient file.
    pub fn load(path: &Path) -> Result<CoefficientFile, DominoError> {
        let text =
            crate::files::read_text(path).map_err(|e| DominoError::UnreadableCoefficientFile {
                path: path.to_path_buf(),
                reason: e.to_string(),
            })?;
        let f: CoefficientFile =
            ron::from_str(&text).map_err(|e| DominoError::NotACoefficientFile {
                path: path.to_path_buf(),
                reason: e.to_string(),
            })?;
        if f.coefficients.iter().any(|a| !a.is_finite()) {
            return Err(DominoError::NonFiniteCoefficients {
                path: path.to_path_buf(),
            });
        }
        Ok(f)
    }

    /// As RON text.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("coefficients serialize")
    }
}
