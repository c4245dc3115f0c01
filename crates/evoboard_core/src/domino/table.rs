//! The table: the spinner (the opening double) and its four arms.
//!
//! Arms 0 and 1 are the spinner's long sides and are open from the start;
//! arms 2 and 3 open once arms 0 and 1 both hold a tile. An empty open arm
//! is played against the spinner's number. A double played on an arm lies
//! crosswise, so its end counts both halves.

use super::tiles::{Hand, LANES, NUMBER_MASK, TILES_SHOWING, Tile, XOR_HALVES};
use serde::{Deserialize, Serialize};

/// One of the spinner's four arms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arm {
    /// Tiles laid on this arm.
    pub len: u8,
    /// The number a tile must show to go on this arm: the end tile's free
    /// half, or the spinner's number while the arm is empty.
    pub end: u8,
    /// Whether the end tile is a double laid crosswise (counts twice).
    pub double_end: bool,
}

/// Where a tile goes: the arm (0..4) of the spinner.
///
/// With serde: `{"tile": [5, 6], "arm": 0}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Move {
    /// The tile played.
    pub tile: Tile,
    /// The arm it is laid on.
    pub arm: u8,
}

/// The tiles on the table: the spinner and four arms.
///
/// The public fields are for reading; change a table only with
/// [`Table::place_spinner`] and [`Table::play`], which keep the private
/// summaries the simulator reads (per-number counts, the arms that give
/// distinct moves, the playable tiles) up to date.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The spinner's number, once the opening double is down.
    pub spinner: Option<u8>,
    /// The four arms.
    pub arms: [Arm; 4],
    /// Every tile on the table (spinner included).
    pub tiles: Hand,
    open: u8,
    /// Arms that give distinct moves (a subset of `open`).
    offer: u8,
    /// Every tile showing a number on an open end.
    playable: u32,
    /// V0 as byte lanes: byte n = tiles on the table showing n.
    lanes: u64,
    /// The numbers showing on open ends (7-bit mask).
    nums: u8,
    /// What each arm's end adds to the table count.
    vals: [u8; 4],
    /// The table count (P1).
    total: u8,
    /// Byte i: arm i's situation, its end number, bit 3 for a crosswise
    /// double at the end, bit 4 while it is empty (kept by `play`).
    keys: u32,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table::default()
    }

    /// Lay the opening double (the spinner).
    pub fn place_spinner(&mut self, t: Tile) {
        debug_assert!(t.is_double() && self.spinner.is_none());
        let s = t.low();
        self.spinner = Some(s);
        for a in &mut self.arms {
            a.end = s;
        }
        self.keys = u32::from_le_bytes([s | 1 << 4; 4]);
        self.open = 0b0011;
        self.tiles.insert(t);
        self.lanes += LANES[t.0 as usize];
        self.refresh();
    }

    /// Recompute the summaries of the open arms after a tile was laid,
    /// from the arms' situations in `keys` (no branches: arms 2 and 3 are
    /// masked out until both arms 0 and 1 hold a tile).
    #[inline(always)]
    fn refresh(&mut self) {
        let [k0, k1, k2, k3] = self.keys.to_le_bytes();
        let cross = ((k0 | k1) & 1 << 4) == 0;
        let c = cross as u8;
        self.open = 0b0011 | (c * 0b1100);
        let bit = |k: u8| 1u8 << (k & 7);
        let nums = bit(k0) | bit(k1) | (0u8.wrapping_sub(c) & (bit(k2) | bit(k3)));
        // Arm 0 is always offered; a later arm only if no earlier arm is in
        // the same situation (same end, crosswise or not, empty or not).
        self.offer = 0b01
            | ((k1 != k0) as u8) << 1
            | (c & (k2 != k0 && k2 != k1) as u8) << 2
            | (c & (k3 != k0 && k3 != k1 && k3 != k2) as u8) << 3;
        self.nums = nums;
        self.playable = TILES_SHOWING[nums as usize];
        let val = |k: u8| ((k & 7) << ((k >> 3) & 1)) * (k >> 4 == 0) as u8;
        self.vals = [val(k0), val(k1), val(k2), val(k3)];
        let spinner = 2 * self.spinner.unwrap_or(0) * (1 - c);
        self.total = self.vals[0] + self.vals[1] + self.vals[2] + self.vals[3] + spinner;
    }

    /// Arms that give distinct moves: bit i = arm i is open and no earlier
    /// open arm is in the same situation (see [`Table::legal_moves`]).
    #[inline(always)]
    pub fn distinct_arms(&self) -> u8 {
        self.offer
    }

    /// V0 for every number as byte lanes: byte n = tiles on the table
    /// showing n (see `tiles::LANES`).
    #[inline(always)]
    pub fn number_lanes(&self) -> u64 {
        self.lanes
    }

    /// Whether arms 0 and 1 both hold a tile (so arms 2 and 3 are open).
    pub fn cross_open(&self) -> bool {
        self.open == 0b1111
    }

    /// Bitmask of the open arms (bit i = arm i).
    #[inline]
    pub fn open_arms(&self) -> u8 {
        self.open
    }

    /// The number a tile must show to be laid on arm `i` (the spinner's
    /// number while the arm is empty).
    #[inline]
    pub fn arm_end(&self, i: usize) -> u8 {
        self.arms[i].end
    }

    /// P1 table count: the sum of the open ends. A crosswise double counts
    /// both halves; while arm 0 or 1 is empty the spinner counts both of its
    /// halves as one end; once both are used only arm ends count.
    #[inline(always)]
    pub fn count(&self) -> u32 {
        self.total as u32
    }

    /// What arm `i`'s end adds to the table count: its end number, twice
    /// for a crosswise double; 0 while the arm is empty.
    #[inline(always)]
    pub fn end_value(&self, i: usize) -> u32 {
        self.vals[i] as u32
    }

    /// Every tile that shows a number on an open end (whoever holds it).
    #[inline(always)]
    pub fn playable_tiles(&self) -> Hand {
        Hand(self.playable)
    }

    /// 7-bit mask of the numbers showing on open ends.
    #[inline(always)]
    pub fn open_numbers(&self) -> u8 {
        self.nums
    }

    /// How many open ends show `n` (V2 of the state).
    pub fn ends_showing(&self, n: u8) -> u32 {
        (0..4)
            .filter(|&i| self.open & (1 << i) != 0 && self.arms[i].end == n)
            .count() as u32
    }

    /// V2 for every number at once.
    #[inline]
    pub fn ends_showing_all(&self) -> [u8; 7] {
        let mut v = [0u8; 7];
        for i in 0..4 {
            if self.open & (1 << i) != 0 {
                v[self.arms[i].end as usize] += 1;
            }
        }
        v
    }

    /// Lay `m.tile` on arm `m.arm` (the caller checks legality).
    #[inline]
    pub fn play(&mut self, m: Move) {
        let i = m.arm as usize;
        let a = &mut self.arms[i];
        debug_assert!(self.open & (1 << i) != 0 && m.tile.has(a.end));
        a.len += 1;
        a.end ^= XOR_HALVES[m.tile.0 as usize];
        a.double_end = m.tile.is_double();
        let key = a.end | (a.double_end as u8) << 3;
        self.keys = (self.keys & !(0xff << (8 * i))) | (key as u32) << (8 * i);
        self.tiles.insert(m.tile);
        self.lanes += LANES[m.tile.0 as usize];
        self.refresh();
    }

    /// Whether `m` is legal on this table (ignoring whose hand it is in).
    pub fn is_legal(&self, m: Move) -> bool {
        m.arm < 4
            && self.open & (1 << m.arm) != 0
            && m.tile.has(self.arm_end(m.arm as usize))
            && !self.tiles.contains(m.tile)
    }

    /// The legal moves of `hand`, written into `out`; returns how many.
    ///
    /// Arms in the same situation (same end number, both crosswise doubles or
    /// not, both empty or not) give the same position, so only the first of
    /// them is offered: the choice a player really has.
    #[inline]
    pub fn legal_moves(&self, hand: Hand, out: &mut [Move; 28]) -> usize {
        let mut n = 0;
        let mut arms = self.offer;
        while arms != 0 {
            let i = arms.trailing_zeros() as usize;
            arms &= arms - 1;
            let mut m = hand.0 & NUMBER_MASK[self.arms[i].end as usize];
            while m != 0 {
                let t = m.trailing_zeros() as u8;
                m &= m - 1;
                out[n] = Move {
                    tile: Tile(t),
                    arm: i as u8,
                };
                n += 1;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(a: u8, b: u8, arm: u8) -> Move {
        Move {
            tile: Tile::new(a, b),
            arm,
        }
    }

    #[test]
    fn spinner_counts_both_halves_until_arms_one_and_two_are_used() {
        let mut t = Table::new();
        t.place_spinner(Tile::new(5, 5));
        assert_eq!(t.count(), 10);
        assert_eq!(t.open_arms(), 0b0011);
        t.play(mv(5, 0, 0));
        assert_eq!(t.count(), 10); // 0 + 10
        t.play(mv(5, 3, 1));
        assert_eq!(t.open_arms(), 0b1111);
        assert_eq!(t.count(), 3); // empty arms 3/4 count nothing
        t.play(mv(5, 2, 2));
        assert_eq!(t.count(), 5);
        t.play(mv(3, 3, 1));
        assert_eq!(t.count(), 2 + 6); // 0 + 3-3 crosswise + 2
        assert_eq!(t.ends_showing(5), 1); // arm 3 still shows the spinner
        assert_eq!(t.open_numbers(), 1 << 0 | 1 << 3 | 1 << 2 | 1 << 5);
    }

    #[test]
    fn legal_moves_merge_equivalent_arms() {
        let mut t = Table::new();
        t.place_spinner(Tile::new(6, 6));
        let hand: Hand = [Tile::new(6, 1), Tile::new(2, 3)].into_iter().collect();
        let mut buf = [mv(0, 0, 0); 28];
        let n = t.legal_moves(hand, &mut buf);
        assert_eq!(n, 1, "arms 1 and 2 are the same choice on an empty spinner");
        assert!(t.is_legal(mv(6, 1, 1)));
        assert!(!t.is_legal(mv(6, 1, 2)), "arm 3 is closed");
        assert!(!t.is_legal(mv(2, 3, 0)));
    }
}
