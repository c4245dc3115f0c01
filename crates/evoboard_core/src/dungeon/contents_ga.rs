//! Stage 2: the contents GA (which rooms hold enemies and treasure).
//!
//! An individual is two bit masks over the rooms (bit `k` = room `k`):
//! rooms with enemies and rooms with treasure. The number of rooms with
//! each follows the user's percentage of the room count, rounded
//! (half up), and every operator keeps those numbers exact:
//! - crossover swaps the flags of one random room between the parents,
//!   then each child moves the surplus (or missing) flag to/from another
//!   random room;
//! - mutation (40 %) flips one flag of a random room and flips the same
//!   flag of another random room the other way.
//!
//! Fitness: [`CONTENTS_BASE`] minus [`EMPTY_COST`] per empty room beyond
//! 20 % of the rooms, plus [`GM_BONUS`] each when the final room holds
//! enemies, when it holds treasure, and when the entrance has no enemies
//! (each only when the counts allow it). Selection: roulette, elitism of
//! one. After the GA, [`settle_empty_rooms`] guarantees the 20 % whenever
//! the counts allow it, and [`settle_final_treasure`] then gives the final
//! room treasure whenever the counts allow it (issue 29).

use super::params::DungeonGaSettings;
use super::selection::{fittest, roulette};
use crate::rng::{Rng, RngExt, seeded};
use crate::search::{Objective, Progress, Search};

/// Fitness with no empty room too many and no bonus.
pub const CONTENTS_BASE: f64 = 100.0;
/// Cost of each empty room beyond 20 % of the rooms.
pub const EMPTY_COST: f64 = 20.0;
/// Bonus for each game-master nicety (final room guarded, final room
/// rewarding, entrance safe).
pub const GM_BONUS: f64 = 5.0;

/// Rooms flagged with enemies and treasure (bit `k` = room `k`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Contents {
    /// Rooms with enemies.
    pub enemies: u32,
    /// Rooms with treasure.
    pub treasure: u32,
}

impl Contents {
    /// Rooms with neither enemies nor treasure.
    pub fn empty_rooms(&self, rooms: usize) -> usize {
        rooms.saturating_sub((self.enemies | self.treasure).count_ones() as usize)
    }
}

/// What the contents must satisfy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContentsGoal {
    /// Number of rooms.
    pub rooms: usize,
    /// Rooms that must hold enemies.
    pub enemy_rooms: usize,
    /// Rooms that must hold treasure.
    pub treasure_rooms: usize,
    /// Index of the entrance room.
    pub entrance: usize,
    /// Index of the final room.
    pub final_room: usize,
}

/// `pct` % of `rooms`, rounded half up.
pub fn percent_of(rooms: usize, pct: u8) -> usize {
    (rooms * pct as usize + 50) / 100
}

impl ContentsGoal {
    /// The goal for `rooms` rooms and the user's percentages.
    pub fn new(
        rooms: usize,
        enemies_pct: u8,
        treasure_pct: u8,
        entrance: usize,
        final_room: usize,
    ) -> Self {
        ContentsGoal {
            rooms,
            enemy_rooms: percent_of(rooms, enemies_pct),
            treasure_rooms: percent_of(rooms, treasure_pct),
            entrance,
            final_room,
        }
    }

    /// Most empty rooms wanted: 20 % of the rooms, rounded down.
    pub fn allowed_empty(&self) -> usize {
        self.rooms / 5
    }

    /// Fewest empty rooms the counts allow.
    pub fn min_empty(&self) -> usize {
        self.rooms
            .saturating_sub(self.enemy_rooms + self.treasure_rooms)
    }

    /// The fitness of `c`.
    pub fn fitness(&self, c: &Contents) -> f64 {
        let excess = c
            .empty_rooms(self.rooms)
            .saturating_sub(self.allowed_empty());
        let mut f = CONTENTS_BASE - EMPTY_COST * excess as f64;
        let fin = 1u32 << self.final_room;
        let ent = 1u32 << self.entrance;
        if c.enemies & fin != 0 {
            f += GM_BONUS;
        }
        if c.treasure & fin != 0 {
            f += GM_BONUS;
        }
        if c.enemies & ent == 0 && self.enemy_rooms < self.rooms {
            f += GM_BONUS;
        }
        f.max(1.0)
    }

    /// Random contents with exactly the wanted counts.
    pub fn random(&self, rng: &mut Rng) -> Contents {
        Contents {
            enemies: random_mask(rng, self.rooms, self.enemy_rooms),
            treasure: random_mask(rng, self.rooms, self.treasure_rooms),
        }
    }
}

/// A mask with `k` random bits of the lowest `n` set.
fn random_mask(rng: &mut Rng, n: usize, k: usize) -> u32 {
    let mut idx = [0u8; 32];
    for (i, v) in idx.iter_mut().enumerate().take(n) {
        *v = i as u8;
    }
    let mut m = 0;
    for i in 0..k.min(n) {
        let j = rng.random_range(i..n);
        idx.swap(i, j);
        m |= 1 << idx[i];
    }
    m
}

/// The mask of the lowest `n` bits (all 32 for `n >= 32`).
pub(crate) fn low_bits(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// The `r`-th set bit of `m`.
fn nth_bit(mut m: u32, r: u32) -> u32 {
    for _ in 0..r {
        m &= m - 1;
    }
    m.trailing_zeros()
}

/// Bring the number of set bits of `mask` (over `n` rooms) to `target`,
/// touching the bit `keep` only if nothing else can change.
fn repair(mask: &mut u32, n: usize, target: usize, keep: u32, rng: &mut Rng) {
    let all = low_bits(n);
    let keep = 1u32 << keep;
    while (mask.count_ones() as usize) > target {
        let mut cand = *mask & !keep;
        if cand == 0 {
            cand = *mask;
        }
        *mask &= !(1 << nth_bit(cand, rng.random_range(0..cand.count_ones())));
    }
    while (mask.count_ones() as usize) < target {
        let mut cand = all & !*mask & !keep;
        if cand == 0 {
            cand = all & !*mask;
        }
        *mask |= 1 << nth_bit(cand, rng.random_range(0..cand.count_ones()));
    }
}

/// Move flags from rooms with both to empty rooms until at most 20 % of
/// the rooms are empty (when the counts allow it). Keeps the counts.
pub fn settle_empty_rooms(c: &mut Contents, goal: &ContentsGoal) {
    let n = goal.rooms;
    let all = low_bits(n);
    while c.empty_rooms(n) > goal.allowed_empty() {
        let empty = all & !(c.enemies | c.treasure);
        let both = c.enemies & c.treasure;
        if both == 0 || empty == 0 {
            return;
        }
        // Prefer keeping the final room's flags.
        let fin = 1u32 << goal.final_room;
        let from = if both & !fin != 0 { both & !fin } else { both };
        let from = 1u32 << from.trailing_zeros();
        let to = 1u32 << empty.trailing_zeros();
        // Move the treasure (the entrance stays free of enemies).
        c.treasure = (c.treasure & !from) | to;
    }
}

/// Whether [`settle_final_treasure`] gives the final room treasure (on
/// contents settled by [`settle_empty_rooms`]): whether it can hold
/// treasure with the counts exact and,
/// where the counts allow it, at most 20 % of the rooms empty (with
/// enemies there too when there are any): always but when there is no
/// treasure, or when the counts leave exactly the allowed number of rooms
/// empty with no room holding both flags (a final room with both would
/// empty one more room).
#[cfg(test)]
pub fn final_treasure_possible(goal: &ContentsGoal) -> bool {
    let (n, e, t) = (goal.rooms, goal.enemy_rooms, goal.treasure_rooms);
    t > 0 && (e == 0 || e + t > n || n - e - t != goal.allowed_empty())
}

/// Give the final room treasure (issue 29: no side room without enemies
/// may hold a reward at least as good as the final room's, so the final
/// room must hold one) whenever the counts allow it: always but when
/// there is no treasure, or when the counts leave exactly the allowed
/// number of rooms empty with no room holding both flags. The flag
/// moves from a room that keeps its enemies, else from a treasure-only
/// room (emptying it, when the 20 % allows that or cannot be met anyway).
/// Keeps the counts, the enemies and the 20 % of [`settle_empty_rooms`];
/// run after it.
pub fn settle_final_treasure(c: &mut Contents, goal: &ContentsGoal) {
    let fin = 1u32 << goal.final_room;
    if c.treasure & fin != 0 {
        return;
    }
    let n = goal.rooms;
    let others = c.treasure & !fin;
    let both = others & c.enemies;
    let from = if both != 0 {
        both
    } else if c.enemies & fin == 0
        || c.empty_rooms(n) < goal.allowed_empty()
        || goal.min_empty() > goal.allowed_empty()
    {
        // The final room was empty (no room empties on balance), or one
        // more empty room is still within the 20 %, or the 20 % cannot
        // be met with these counts anyway.
        others
    } else {
        return;
    };
    if from == 0 {
        return;
    }
    let from = 1u32 << from.trailing_zeros();
    c.treasure = (c.treasure & !from) | fin;
}

/// The contents GA as an ask-and-tell [`Search`].
pub struct ContentsSearch {
    goal: ContentsGoal,
    ga: DungeonGaSettings,
    rng: Rng,
    pop: Vec<(Contents, f64)>,
    next: Vec<(Contents, f64)>,
    best: (Contents, f64),
    progress: Progress,
}

impl ContentsSearch {
    /// A search for `goal` seeded with `seed`, its random initial
    /// population scored.
    pub fn new(goal: ContentsGoal, ga: DungeonGaSettings, seed: u64) -> Self {
        let mut rng = seeded(seed);
        let n = ga.population.max(2);
        let pop: Vec<(Contents, f64)> = (0..n)
            .map(|_| {
                let c = goal.random(&mut rng);
                (c, goal.fitness(&c))
            })
            .collect();
        let (best, mean) = fittest(pop.iter().map(|x| x.1));
        let best = pop[best];
        ContentsSearch {
            goal,
            ga,
            rng,
            next: pop.clone(),
            pop,
            best,
            progress: Progress {
                generation: 0,
                evaluations: n as u64,
                best: best.1,
                mean,
                improved: true,
            },
        }
    }

    fn roulette(&mut self, total: f64) -> usize {
        roulette(&mut self.rng, self.pop.iter().map(|x| x.1), total)
    }

    fn child(&mut self, mut c: Contents, other: &Contents) -> (Contents, f64) {
        let g = self.goal;
        let n = g.rooms;
        let k = self.rng.random_range(0..n) as u32;
        let bit = 1u32 << k;
        c.enemies = (c.enemies & !bit) | (other.enemies & bit);
        c.treasure = (c.treasure & !bit) | (other.treasure & bit);
        repair(&mut c.enemies, n, g.enemy_rooms, k, &mut self.rng);
        repair(&mut c.treasure, n, g.treasure_rooms, k, &mut self.rng);
        if self.rng.random_bool(self.ga.mutation_rate) {
            let k = self.rng.random_range(0..n) as u32;
            let (mask, target) = if self.rng.random_bool(0.5) {
                (&mut c.enemies, g.enemy_rooms)
            } else {
                (&mut c.treasure, g.treasure_rooms)
            };
            *mask ^= 1 << k;
            repair(mask, n, target, k, &mut self.rng);
        }
        (c, g.fitness(&c))
    }
}

impl Search for ContentsSearch {
    type Solution = Contents;

    fn name(&self) -> &'static str {
        "contents-ga"
    }

    fn objective(&self) -> Objective {
        Objective::Maximize
    }

    fn step(&mut self) -> Progress {
        let n = self.pop.len();
        let total: f64 = self.pop.iter().map(|x| x.1).sum();
        self.next[0] = self.pop[fittest(self.pop.iter().map(|x| x.1)).0];
        let mut slot = 1;
        while slot < n {
            let (ia, ib) = (self.roulette(total), self.roulette(total));
            let (a, b) = (self.pop[ia].0, self.pop[ib].0);
            self.next[slot] = self.child(a, &b);
            slot += 1;
            if slot < n {
                self.next[slot] = self.child(b, &a);
                slot += 1;
            }
        }
        std::mem::swap(&mut self.pop, &mut self.next);
        let (top, mean) = fittest(self.pop.iter().map(|x| x.1));
        let top = self.pop[top];
        let improved = top.1 > self.best.1;
        if improved {
            self.best = top;
        }
        self.progress = Progress {
            generation: self.progress.generation + 1,
            evaluations: self.progress.evaluations + n as u64 - 1,
            best: self.best.1,
            mean,
            improved,
        };
        self.progress
    }

    fn best(&self) -> (&Contents, f64) {
        (&self.best.0, self.best.1)
    }

    fn progress(&self) -> Progress {
        self.progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding() {
        assert_eq!(percent_of(10, 25), 3); // 2.5 rounds up
        assert_eq!(percent_of(7, 50), 4); // 3.5
        assert_eq!(percent_of(7, 0), 0);
        assert_eq!(percent_of(7, 100), 7);
        assert_eq!(percent_of(15, 33), 5); // 4.95
    }

    #[test]
    fn the_final_room_gets_treasure_unless_the_counts_forbid_it() {
        // Five rooms, final room 4 with enemies only.
        let goal = ContentsGoal::new(5, 40, 40, 0, 4);
        assert_eq!((goal.enemy_rooms, goal.treasure_rooms), (2, 2));
        // A room with both gives its treasure: nothing empties.
        let mut c = Contents {
            enemies: 0b10010,
            treasure: 0b00110,
        };
        settle_final_treasure(&mut c, &goal);
        assert_eq!((c.enemies, c.treasure), (0b10010, 0b10100));
        // Only treasure-only rooms: one empties, 2 empty rooms > 1 allowed
        // while 1 is reachable, so nothing moves (the counts forbid it).
        assert!(!final_treasure_possible(&goal));
        let mut c = Contents {
            enemies: 0b10010,
            treasure: 0b01100,
        };
        settle_final_treasure(&mut c, &goal);
        assert_eq!((c.enemies, c.treasure), (0b10010, 0b01100));
        // Six rooms, 2 + 2 flags: 2 empty rooms is beyond the 1 allowed
        // already, so the treasure moves.
        let goal = ContentsGoal::new(6, 33, 33, 0, 5);
        assert!(final_treasure_possible(&goal));
        let mut c = Contents {
            enemies: 0b100010,
            treasure: 0b001100,
        };
        settle_final_treasure(&mut c, &goal);
        assert_eq!((c.enemies, c.treasure), (0b100010, 0b101000));
        // No treasure at all: nothing to move.
        let goal = ContentsGoal::new(6, 50, 0, 0, 5);
        assert!(!final_treasure_possible(&goal));
    }

    #[test]
    fn counts_are_exact_and_empty_rooms_settled() {
        for rooms in 2..=26 {
            for (pe, pt) in [(0, 0), (25, 25), (50, 50), (75, 25), (100, 100), (33, 10)] {
                let goal = ContentsGoal::new(rooms, pe, pt, 0, rooms - 1);
                let mut s = ContentsSearch::new(goal, DungeonGaSettings::default(), rooms as u64);
                for _ in 0..10 {
                    s.step();
                }
                let mut c = *s.best().0;
                settle_empty_rooms(&mut c, &goal);
                let (enemies, treasure) = (c.enemies, c.treasure);
                settle_final_treasure(&mut c, &goal);
                assert_eq!(
                    c.enemies, enemies,
                    "the final-room step moves only treasure"
                );
                let fin = 1u32 << goal.final_room;
                assert_eq!(
                    c.treasure & fin != 0,
                    final_treasure_possible(&goal) || treasure & fin != 0,
                    "{rooms} rooms {pe}/{pt}"
                );
                assert_eq!(c.enemies.count_ones() as usize, goal.enemy_rooms);
                assert_eq!(c.treasure.count_ones() as usize, goal.treasure_rooms);
                assert_eq!(c.enemies >> rooms, 0);
                assert_eq!(c.treasure >> rooms, 0);
                if goal.min_empty() <= goal.allowed_empty() {
                    assert!(c.empty_rooms(rooms) <= goal.allowed_empty());
                }
            }
        }
    }
}
