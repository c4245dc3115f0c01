//! The evaluation function: the per-turn facts shared by the candidate
//! moves ([`Ctx`]), the score of a move, and the simulator's fast path
//! ([`FastEval`]), which gives the same floats without virtual calls.

use super::*;

/// An evaluation agent prepared for the simulator's fast path
/// ([`Round::step_fast`](super::round::Round::step_fast)): each
/// coefficient times every count a state vector can hold, and whether the
/// coefficients are all zero (points only, as `basic`).
#[derive(Clone, Copy, Debug)]
pub(in crate::domino) struct FastEval {
    /// `times[j][x]` = αj+1 × x (the same product the general path
    /// computes), for the counts x = 0..8.
    times: [[f64; 8]; 7],
    points_only: bool,
}

impl FastEval {
    /// `agent` prepared, or `None` if a coefficient is so large (or not a
    /// number) that a score could overflow to an infinity: such agents take
    /// the general path, which handles every float.
    pub(in crate::domino) fn new(agent: &EvalAgent) -> Option<FastEval> {
        let c = &agent.coef;
        c.iter().all(|c| c.abs() <= 1e300).then(|| FastEval {
            times: std::array::from_fn(|j| std::array::from_fn(|x| c[j] * x as f64)),
            points_only: c.iter().all(|&a| a == 0.0),
        })
    }

    /// The four seats prepared, if every one is an evaluation agent.
    pub(in crate::domino) fn seats(agents: &[&dyn Agent; 4]) -> Option<[FastEval; 4]> {
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
    pub(in crate::domino) fn best_move(&self, view: &SeatView<'_>, rng: &mut Rng) -> Move {
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
pub(super) struct Ctx {
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
    pub(super) v0: u64,
    pub(super) v1: u64,
    v2: u64,
    pub(super) v3: u64,
}

/// What a move on one arm shares with the other moves on that arm.
pub(super) struct ArmCtx {
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
    pub(super) fn new(view: &SeatView<'_>, vectors: bool) -> Ctx {
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
    pub(super) fn arm(&self, i: usize, c: &Coefficients) -> ArmCtx {
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
    pub(super) fn score(
        &self,
        arm: &ArmCtx,
        tile: Tile,
        c: &Coefficients,
        points_only: bool,
    ) -> f64 {
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
    pub(super) fn t1(&self, count: u32, open: u8, double: bool) -> u32 {
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
