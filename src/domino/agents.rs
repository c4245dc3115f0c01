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
/// src/domino/README.md for the commands that made them). Public as
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
    // Our GA, stage 1 against basic (src/domino/tuned/t1.ron; src/domino/README.md).
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
    // Our GA, stage 1 against basic (src/domino/tuned/t2.ron).
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
    // Our GA, stage 1 against basic (src/domino/tuned/t3.ron).
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
    // Our GA, stage 1 against basic (src/domino/tuned/t4.ron).
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
    // Our GA, stage 2 against t1 (src/domino/tuned/t1-2.ron).
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
    // Our GA, stage 2 against t2 (src/domino/tuned/t2-2.ron).
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
    // Our GA, stage 2 against t3 (src/domino/tuned/t3-2.ron).
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
    // Our GA, stage 2 against t4 (src/domino/tuned/t4-2.ron).
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
    // Our GA, stage 3 against t2@2, t3@2, t4@2 (src/domino/tuned/t1-3.ron).
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
    // Our GA, stage 1 with the full published settings 100 x 200 x 5000 (src/domino/tuned/t1-full.ron).
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

/// An evaluation agent prepared for the simulator's fast path
/// ([`Round::step_fast`](super::round::Round::step_fast)): each
/// coefficient times every count a state vector can hold, and whether the
/// coefficients are all zero (points only, as `basic`).
#[derive(Clone, Copy, Debug)]
pub(super) struct FastEval {
    /// `times[j][x]` = αj+1 × x (the same product the general path
    /// computes), for the counts x = 0..8.
    times: [[f64; 8]; 7],
    points_only: bool,
}

impl FastEval {
    /// `agent` prepared, or `None` if a coefficient is so large (or not a
    /// number) that a score could overflow to an infinity: such agents take
    /// the general path, which handles every float.
    pub(super) fn new(agent: &EvalAgent) -> Option<FastEval> {
        let c = &agent.coef;
        c.iter().all(|c| c.abs() <= 1e300).then(|| FastEval {
            times: std::array::from_fn(|j| std::array::from_fn(|x| c[j] * x as f64)),
            points_only: c.iter().all(|&a| a == 0.0),
        })
    }

    /// The four seats prepared, if every one is an evaluation agent.
    pub(super) fn seats(agents: &[&dyn Agent; 4]) -> Option<[FastEval; 4]> {
        let mut out = [FastEval {
            times: [[0.0; 8]; 7],
            points_only: true,
        }; 4];
        for (o, a) in out.iter_mut().zip(agents) {
            *o = FastEval::new(a.as_eval()?)?;
        }
        Some(out)
    }

    /// The move `EvalAgent::choose` would pick among the seat's legal moves
    /// (at least one), drawing the same random numbers; with a single legal
    /// move it is that move and nothing is drawn (scores are finite).
    #[inline(always)]
    pub(super) fn best_move(&self, view: &SeatView<'_>, rng: &mut Rng) -> Move {
        if self.points_only {
            self.best::<true>(view, rng)
        } else {
            self.best::<false>(view, rng)
        }
    }

    /// αj+1 × byte `n` of the lanes `v`.
    #[inline(always)]
    fn term(&self, j: usize, v: u64, n: u8) -> f64 {
        self.times[j][(lane(v, n) & 7) as usize]
    }

    /// Enumerate the legal moves in the order of
    /// [`Table::legal_moves`](super::table::Table::legal_moves) (distinct
    /// arms in order, tiles by index), scoring each as it comes and keeping
    /// the best as [`argmax_random`] does. The moves are the set bits of
    /// one word (bit 8 i + k: the tile with the arm's end and k on arm i,
    /// from the hand's pairs form), so one loop visits them all.
    #[inline(always)]
    fn best<const POINTS_ONLY: bool>(&self, view: &SeatView<'_>, rng: &mut Rng) -> Move {
        let ctx = Ctx::new(view, !POINTS_ONLY);
        let pairs = view.hand_pairs();
        let offer = view.table().distinct_arms();
        let e = ctx.ends;
        let mut moves = 0u32;
        let mut base = [0u32; 4];
        let mut others = [0u8; 4];
        let mut e1 = [0.0f64; 4];
        for i in 0..4 {
            let on = ((offer >> i) & 1) as u32;
            let tiles = ((pairs >> (8 * e[i] as u32)) & 0x7f) as u32;
            moves |= (tiles * on) << (8 * i);
            (base[i], others[i]) = ctx.arm_counts(i);
            if !POINTS_ONLY {
                let l1 = e[i];
                e1[i] =
                    self.term(0, ctx.v0, l1) + self.term(1, ctx.v1, l1) + self.term(2, ctx.v2, l1);
            }
        }
        // Points-only agents compare the (integer) points themselves.
        let mut best = f64::NEG_INFINITY;
        let mut best_points = -1i32;
        let mut best_at = 0u32;
        let mut ties = 0u32;
        while moves != 0 {
            let at = moves.trailing_zeros();
            moves &= moves - 1;
            let i = (at >> 3) as usize;
            let l2 = (at & 7) as u8;
            let double = (l2 == e[i]) as u32;
            let count = base[i] + ((l2 as u32) << double);
            let t1 = ctx.t1(count, others[i] | 1 << l2, double != 0);
            let f = if POINTS_ONLY {
                0.0
            } else {
                let e2 = self.term(3, ctx.v0, l2)
                    + self.term(4, ctx.v1, l2)
                    + self.term(5, ctx.v2, l2)
                    + self.term(6, ctx.v3, l2);
                t1 as f64 - e1[i] + e2
            };
            let (above, equal) = if POINTS_ONLY {
                (t1 as i32 > best_points, t1 as i32 == best_points)
            } else {
                (f > best, f == best)
            };
            if above {
                best = f;
                best_points = t1 as i32;
                best_at = at;
                ties = 1;
            } else if equal {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best_at = at;
                }
            }
        }
        let i = (best_at >> 3) as usize;
        Move {
            tile: Tile(TILE_OF[e[i] as usize][(best_at & 7) as usize]),
            arm: i as u8,
        }
    }
}

/// Per-turn facts shared by the candidate moves, read from the round's
/// incremental summaries (byte lanes, cached table facts): no loop over
/// tiles or numbers.
struct Ctx {
    /// Numbers on which the next player surely cannot play (all seven
    /// tiles seen, or a known void).
    dead_next: u8,
    /// Numbers on which none of the three others can play.
    dead_all: u8,
    last_tile: bool,
    ends: [u8; 4],
    arm_val: [u32; 4],
    arm_sum: u32,
    /// Bit i: arm i holds a tile.
    used: u8,
    cross: bool,
    spinner2: u32,
    /// V0, V1, V2 and the partner's V3, as byte lanes (only filled for
    /// agents with a non-zero coefficient).
    v0: u64,
    v1: u64,
    v2: u64,
    v3: u64,
}

/// What a move on one arm shares with the other moves on that arm.
struct ArmCtx {
    /// The number matched (L1).
    l1: u8,
    /// The table count after the move, less the new end's value.
    base: u32,
    /// The numbers showing on the other open ends after the move.
    others: u8,
    /// E1 of the move (0 for points-only agents).
    e1: f64,
}

impl Ctx {
    #[inline(always)]
    fn new(view: &SeatView<'_>, vectors: bool) -> Ctx {
        let s = view.seat();
        let t = view.table();
        let a = &t.arms;
        let arm_val: [u32; 4] = std::array::from_fn(|i| t.end_value(i));
        let table = t.tiles.0;
        let hand = view.hand().0;
        let dead = !numbers_in(ALL_TILES & !(table | hand)) & 0x7f;
        let (vn, vp, vq) = (
            view.voids((s + 1) % 4),
            view.voids((s + 2) % 4),
            view.voids((s + 3) % 4),
        );
        let cross = t.cross_open();
        let ends: [u8; 4] = std::array::from_fn(|i| a[i].end);
        let (v0, v1, v2, v3) = if vectors {
            let open = t.open_arms();
            let mut v2 = 0u64;
            for (i, &e) in ends.iter().enumerate() {
                v2 += (((open >> i) & 1) as u64) << (8 * e as u32);
            }
            (
                t.number_lanes(),
                view.hand_lanes(),
                v2,
                view.played_lanes((s + 2) % 4),
            )
        } else {
            (0, 0, 0, 0)
        };
        Ctx {
            dead_next: dead | vn,
            dead_all: dead | (vn & vp & vq),
            last_tile: hand & hand.wrapping_sub(1) == 0,
            ends,
            arm_val,
            arm_sum: arm_val[0] + arm_val[1] + arm_val[2] + arm_val[3],
            used: (0..4).fold(0, |m, i| m | ((a[i].len > 0) as u8) << i),
            cross,
            spinner2: 2 * t.spinner.unwrap_or(0) as u32,
            v0,
            v1,
            v2,
            v3,
        }
    }

    /// Of a move on arm `i`: the table count after it less the new end's
    /// value, and the numbers showing on the other open ends after it.
    #[inline(always)]
    fn arm_counts(&self, i: usize) -> (u32, u8) {
        // Arms 2 and 3 open once arms 0 and 1 both hold a tile.
        let used = self.used | 1 << i;
        let cross = self.cross | (used & 0b11 == 0b11);
        let base = self.arm_sum - self.arm_val[i] + self.spinner2 * (!cross) as u32;
        let e = &self.ends;
        let cross_ends = ((1u8 << e[2]) * (i != 2) as u8) | ((1u8 << e[3]) * (i != 3) as u8);
        let others = ((1u8 << e[0]) * (i != 0) as u8)
            | ((1u8 << e[1]) * (i != 1) as u8)
            | (cross_ends * cross as u8);
        (base, others)
    }

    /// The facts of a move on arm `i` that do not depend on the tile.
    #[inline(always)]
    fn arm(&self, i: usize, c: &Coefficients) -> ArmCtx {
        let l1 = self.ends[i];
        let (base, others) = self.arm_counts(i);
        let e1 = c[0] * lane(self.v0, l1) as f64
            + c[1] * lane(self.v1, l1) as f64
            + c[2] * lane(self.v2, l1) as f64;
        ArmCtx {
            l1,
            base,
            others,
            e1,
        }
    }

    /// f = T1 − E1 + E2 of laying `tile` on `arm`'s arm.
    #[inline(always)]
    fn score(&self, arm: &ArmCtx, tile: Tile, c: &Coefficients, points_only: bool) -> f64 {
        let l2 = XOR_HALVES[tile.0 as usize] ^ arm.l1;
        let double = (DOUBLES_MASK >> tile.0) & 1;
        let count = arm.base + ((l2 as u32) << double);
        let t1 = self.t1(count, arm.others | 1 << l2, double != 0);
        if points_only {
            return t1 as f64;
        }
        let e2 = c[3] * lane(self.v0, l2) as f64
            + c[4] * lane(self.v1, l2) as f64
            + c[5] * lane(self.v2, l2) as f64
            + c[6] * lane(self.v3, l2) as f64;
        t1 as f64 - arm.e1 + e2
    }

    /// T1 = P1 + predicted P2/P3 + P5 of a move leaving `count` on the
    /// table and `open` numbers on the open ends.
    #[inline(always)]
    fn t1(&self, count: u32, open: u8, double: bool) -> u32 {
        debug_assert!(count < 64);
        let p1 = P1[(count & 63) as usize];
        if self.last_tile {
            // The round ends: no pass is predicted; P5 for a double.
            p1 + 20 * double as u32
        } else {
            // Dead for all three implies dead for the next player.
            let next = (open & !self.dead_next == 0) as u32;
            let all = (open & !self.dead_all == 0) as u32;
            p1 + 20 * next + 30 * all
        }
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
            std::fs::read_to_string(path).map_err(|e| DominoError::UnreadableCoefficientFile {
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
