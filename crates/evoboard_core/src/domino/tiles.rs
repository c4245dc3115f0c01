//! Tiles of the double-six set and hands as 28-bit masks.
//!
//! A [`Tile`] is an index 0..28 into [`TILES`]; a [`Hand`] (or any set of
//! tiles: the table, the tiles one player has played) is a `u32` bitmask, so
//! "how many tiles with a 4 does this hand hold" is one `popcount` of
//! `hand & NUMBER_MASK[4]`.

use super::error::DominoError;
use serde::{Deserialize, Serialize};

/// Number of tiles in a double-six set.
pub const TILE_COUNT: usize = 28;

/// Every tile as `(low, high)` pips, `low <= high`, ordered 0-0, 0-1, …, 6-6.
pub const TILES: [(u8, u8); TILE_COUNT] = build_tiles();

/// `NUMBER_MASK[n]`: the seven tiles that show the number `n`.
pub const NUMBER_MASK: [u32; 7] = build_number_masks();

/// The seven doubles (0-0 … 6-6).
pub const DOUBLES_MASK: u32 = build_doubles();

/// All 28 tiles.
pub const ALL_TILES: u32 = (1 << TILE_COUNT) - 1;

/// Pips of every tile (`low + high`).
pub const PIPS: [u8; TILE_COUNT] = build_pips();

/// `NUMBERS_OF[t]`: a 7-bit mask of the numbers tile `t` shows.
pub const NUMBERS_OF: [u8; TILE_COUNT] = build_numbers_of();

/// `LANES[t]`: tile `t` as one byte lane per number: byte `n` is 1 when
/// the tile shows `n` (a double once). Adding the lanes of a set of tiles
/// gives, in byte `n`, how many of them show `n` (at most 7, so lanes never
/// carry into each other), without a `popcount`.
pub const LANES: [u64; TILE_COUNT] = build_lanes();

/// `TILES_SHOWING[m]`: every tile showing a number of the 7-bit mask `m`
/// (the tiles playable on ends showing those numbers).
pub const TILES_SHOWING: [u32; 128] = build_tiles_showing();

/// `XOR_HALVES[t]`: the two halves of tile `t` xored, so the half left when
/// the half `n` is matched is `XOR_HALVES[t] ^ n` (for a tile showing `n`).
pub const XOR_HALVES: [u8; TILE_COUNT] = build_xor_halves();

/// `PAIRS[t]`: tile `t` in the "pairs" form of a set of tiles: bit
/// `8 a + b` and bit `8 b + a` for the tile a-b (one bit for a double).
/// In the pairs of a hand, byte `n` lists the other halves `k` of the
/// tiles showing `n`; ordered by `k`, they are in tile-index order, the
/// order of [`super::table::Table::legal_moves`]. Adding or removing a tile
/// is one xor.
pub const PAIRS: [u64; TILE_COUNT] = build_pairs();

/// `TILE_OF[a][b]`: the tile showing `a` and `b` (`b` may be 7: unused).
pub const TILE_OF: [[u8; 8]; 7] = build_tile_of();

/// The pairs form (see [`PAIRS`]) of a tile mask.
pub fn pairs_of(mask: u32) -> u64 {
    Hand(mask).iter().fold(0, |p, t| p | PAIRS[t.0 as usize])
}

const fn build_pairs() -> [u64; TILE_COUNT] {
    let mut p = [0u64; TILE_COUNT];
    let mut i = 0;
    while i < TILE_COUNT {
        let (a, b) = TILES[i];
        p[i] = (1u64 << (8 * a + b)) | (1u64 << (8 * b + a));
        i += 1;
    }
    p
}

const fn build_tile_of() -> [[u8; 8]; 7] {
    let mut t = [[0u8; 8]; 7];
    let mut i = 0;
    while i < TILE_COUNT {
        let (a, b) = TILES[i];
        t[a as usize][b as usize] = i as u8;
        t[b as usize][a as usize] = i as u8;
        i += 1;
    }
    t
}

/// `CHUNK_NUMBERS[k][c]`: the numbers shown by the tiles `7k..7k+7` selected
/// by the 7-bit chunk `c` of a tile mask.
static CHUNK_NUMBERS: [[u8; 128]; 4] = build_chunk_numbers();

/// The numbers (7-bit mask) shown by at least one tile of `mask`: four
/// table look-ups, no loop over the tiles.
#[inline(always)]
pub fn numbers_in(mask: u32) -> u8 {
    CHUNK_NUMBERS[0][(mask & 127) as usize]
        | CHUNK_NUMBERS[1][((mask >> 7) & 127) as usize]
        | CHUNK_NUMBERS[2][((mask >> 14) & 127) as usize]
        | CHUNK_NUMBERS[3][((mask >> 21) & 127) as usize]
}

/// `CHUNK_LANES[k][c]`: the byte lanes of the tiles `7k..7k+7` selected
/// by the 7-bit chunk `c` of a tile mask.
static CHUNK_LANES: [[u64; 128]; 4] = build_chunk_lanes();

/// The per-number counts of a tile mask as byte lanes (see [`LANES`]):
/// four table look-ups.
#[inline]
pub fn lanes_of(mask: u32) -> u64 {
    CHUNK_LANES[0][(mask & 127) as usize]
        + CHUNK_LANES[1][((mask >> 7) & 127) as usize]
        + CHUNK_LANES[2][((mask >> 14) & 127) as usize]
        + CHUNK_LANES[3][((mask >> 21) & 127) as usize]
}

const fn build_chunk_lanes() -> [[u64; 128]; 4] {
    let mut t = [[0u64; 128]; 4];
    let mut k = 0;
    while k < 4 {
        let mut c = 0;
        while c < 128 {
            let mut j = 0;
            while j < 7 {
                if c & (1 << j) != 0 && 7 * k + j < TILE_COUNT {
                    t[k][c] += LANES[7 * k + j];
                }
                j += 1;
            }
            c += 1;
        }
        k += 1;
    }
    t
}

/// Byte `n` of a lane word: how many tiles of the set show `n`.
#[inline(always)]
pub fn lane(lanes: u64, n: u8) -> u32 {
    ((lanes >> (8 * n as u32)) & 0xff) as u32
}

const fn build_lanes() -> [u64; TILE_COUNT] {
    let mut l = [0u64; TILE_COUNT];
    let mut i = 0;
    while i < TILE_COUNT {
        let (a, b) = TILES[i];
        l[i] = (1u64 << (8 * a)) | (1u64 << (8 * b));
        i += 1;
    }
    l
}

const fn build_tiles_showing() -> [u32; 128] {
    let mut t = [0u32; 128];
    let mut m = 0;
    while m < 128 {
        let mut n = 0;
        while n < 7 {
            if m & (1 << n) != 0 {
                t[m] |= NUMBER_MASK[n];
            }
            n += 1;
        }
        m += 1;
    }
    t
}

const fn build_xor_halves() -> [u8; TILE_COUNT] {
    let mut x = [0u8; TILE_COUNT];
    let mut i = 0;
    while i < TILE_COUNT {
        x[i] = TILES[i].0 ^ TILES[i].1;
        i += 1;
    }
    x
}

const fn build_chunk_numbers() -> [[u8; 128]; 4] {
    let mut t = [[0u8; 128]; 4];
    let mut k = 0;
    while k < 4 {
        let mut c = 0;
        while c < 128 {
            let mut j = 0;
            while j < 7 {
                if c & (1 << j) != 0 && 7 * k + j < TILE_COUNT {
                    t[k][c] |= NUMBERS_OF[7 * k + j];
                }
                j += 1;
            }
            c += 1;
        }
        k += 1;
    }
    t
}

const fn build_tiles() -> [(u8, u8); TILE_COUNT] {
    let mut t = [(0u8, 0u8); TILE_COUNT];
    let mut i = 0;
    let mut a = 0u8;
    while a < 7 {
        let mut b = a;
        while b < 7 {
            t[i] = (a, b);
            i += 1;
            b += 1;
        }
        a += 1;
    }
    t
}

const fn build_number_masks() -> [u32; 7] {
    let mut m = [0u32; 7];
    let mut i = 0;
    while i < TILE_COUNT {
        let (a, b) = TILES[i];
        m[a as usize] |= 1 << i;
        m[b as usize] |= 1 << i;
        i += 1;
    }
    m
}

const fn build_doubles() -> u32 {
    let mut m = 0u32;
    let mut i = 0;
    while i < TILE_COUNT {
        if TILES[i].0 == TILES[i].1 {
            m |= 1 << i;
        }
        i += 1;
    }
    m
}

const fn build_pips() -> [u8; TILE_COUNT] {
    let mut p = [0u8; TILE_COUNT];
    let mut i = 0;
    while i < TILE_COUNT {
        p[i] = TILES[i].0 + TILES[i].1;
        i += 1;
    }
    p
}

const fn build_numbers_of() -> [u8; TILE_COUNT] {
    let mut p = [0u8; TILE_COUNT];
    let mut i = 0;
    while i < TILE_COUNT {
        p[i] = (1 << TILES[i].0) | (1 << TILES[i].1);
        i += 1;
    }
    p
}

/// One domino ("pedra"), by its index 0..28 in the double-six set
/// (0-0, 0-1, …, 0-6, 1-1, …, 6-6).
///
/// With serde it is its two halves, low first: `[5, 6]` for 5-6 (either
/// order is read; pips above 6 are refused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "[u8; 2]", try_from = "[u8; 2]")]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Tile(pub u8);

impl Tile {
    /// The tile showing `a` and `b` (in any order).
    ///
    /// # Panics
    /// If a pip is above 6 ([`Tile::try_new`] returns an error instead).
    pub fn new(a: u8, b: u8) -> Tile {
        Tile::try_new(a, b).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The tile showing `a` and `b` (in any order), or an error if a pip is
    /// above 6.
    pub fn try_new(a: u8, b: u8) -> Result<Tile, DominoError> {
        if a > 6 || b > 6 {
            return Err(DominoError::BadPips { a, b });
        }
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        // Tiles with low half < lo: sum_{k<lo} (7-k).
        let before = (lo as usize * (15 - lo as usize)) / 2;
        Ok(Tile((before + (hi - lo) as usize) as u8))
    }

    /// The double-six, which opens the first round.
    pub const DOUBLE_SIX: Tile = Tile(27);

    /// The smaller half.
    pub fn low(self) -> u8 {
        TILES[self.0 as usize].0
    }

    /// The larger half.
    pub fn high(self) -> u8 {
        TILES[self.0 as usize].1
    }

    /// Whether both halves are equal ("carroça").
    pub fn is_double(self) -> bool {
        self.low() == self.high()
    }

    /// Total pips.
    pub fn pips(self) -> u32 {
        PIPS[self.0 as usize] as u32
    }

    /// Whether one half shows `n`.
    pub fn has(self, n: u8) -> bool {
        NUMBER_MASK[n as usize] & self.bit() != 0
    }

    /// The half that is left when the half `n` is matched (`n` for a double).
    pub fn other(self, n: u8) -> u8 {
        let (a, b) = TILES[self.0 as usize];
        if a == n { b } else { a }
    }

    /// This tile as a one-bit mask.
    pub fn bit(self) -> u32 {
        1 << self.0
    }

    /// All 28 tiles.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..TILE_COUNT as u8).map(Tile)
    }
}

impl From<Tile> for [u8; 2] {
    fn from(t: Tile) -> [u8; 2] {
        [t.low(), t.high()]
    }
}

impl TryFrom<[u8; 2]> for Tile {
    type Error = DominoError;

    fn try_from([a, b]: [u8; 2]) -> Result<Tile, DominoError> {
        Tile::try_new(a, b)
    }
}

impl std::fmt::Display for Tile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.low(), self.high())
    }
}

/// A set of tiles as a 28-bit mask: a player's hand, the tiles on the table,
/// the tiles someone has played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub u32);

impl Hand {
    /// No tiles.
    pub const EMPTY: Hand = Hand(0);

    /// Number of tiles.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether there are no tiles.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `t` is in the set.
    pub fn contains(self, t: Tile) -> bool {
        self.0 & t.bit() != 0
    }

    /// Add a tile.
    pub fn insert(&mut self, t: Tile) {
        self.0 |= t.bit();
    }

    /// Remove a tile.
    pub fn remove(&mut self, t: Tile) {
        self.0 &= !t.bit();
    }

    /// How many tiles show the number `n` (a double counts once).
    pub fn count_number(self, n: u8) -> u32 {
        (self.0 & NUMBER_MASK[n as usize]).count_ones()
    }

    /// The doubles in the set.
    pub fn doubles(self) -> Hand {
        Hand(self.0 & DOUBLES_MASK)
    }

    /// Total pips of the set.
    pub fn pips(self) -> u32 {
        self.iter().map(Tile::pips).sum()
    }

    /// The tiles, lowest index first.
    pub fn iter(self) -> HandIter {
        HandIter(self.0)
    }
}

impl FromIterator<Tile> for Hand {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut h = Hand::EMPTY;
        for t in iter {
            h.insert(t);
        }
        h
    }
}

/// Iterator over the tiles of a [`Hand`].
#[derive(Clone, Debug)]
pub struct HandIter(u32);

impl Iterator for HandIter {
    type Item = Tile;
    fn next(&mut self) -> Option<Tile> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Tile(i as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_indexing_round_trips() {
        for t in Tile::all() {
            assert_eq!(Tile::new(t.low(), t.high()), t);
            assert_eq!(Tile::new(t.high(), t.low()), t);
        }
        assert_eq!(Tile::new(6, 6), Tile::DOUBLE_SIX);
        assert_eq!(Hand(DOUBLES_MASK).len(), 7);
        for m in NUMBER_MASK {
            assert_eq!(m.count_ones(), 7);
        }
        assert_eq!(Hand(ALL_TILES).pips(), 168);
        assert_eq!(Tile::new(3, 5).other(5), 3);
        assert_eq!(Tile::new(4, 4).other(4), 4);
    }

    #[test]
    fn lookup_tables_agree_with_the_masks() {
        for mask in [0, ALL_TILES, 0x0AB_CDEF, 1 << 27, 0x555_5555, 0x0F0_F0F0] {
            let want = Hand(mask)
                .iter()
                .fold(0u8, |m, t| m | NUMBERS_OF[t.0 as usize]);
            assert_eq!(numbers_in(mask), want, "numbers_in({mask:#x})");
            let lanes = lanes_of(mask);
            for n in 0..7u8 {
                assert_eq!(lane(lanes, n), Hand(mask).count_number(n));
            }
        }
        for (m, &tiles) in TILES_SHOWING.iter().enumerate() {
            let want = (0..7)
                .filter(|n| m & (1 << n) != 0)
                .fold(0, |a, n| a | NUMBER_MASK[n]);
            assert_eq!(tiles, want);
        }
        for t in Tile::all() {
            for n in [t.low(), t.high()] {
                assert_eq!(XOR_HALVES[t.0 as usize] ^ n, t.other(n));
                assert_eq!(TILE_OF[n as usize][t.other(n) as usize], t.0);
            }
        }
        for mask in [0, ALL_TILES, 0x0AB_CDEF, 1 << 27, 0x555_5555, 0x0F0_F0F0] {
            let pairs = pairs_of(mask);
            for n in 0..7u8 {
                // Byte n lists the other halves, in tile-index order.
                let byte = (pairs >> (8 * n)) & 0xff;
                let mut from_byte = Vec::new();
                for k in 0..8u8 {
                    if byte & (1 << k) != 0 {
                        from_byte.push(TILE_OF[n as usize][k as usize]);
                    }
                }
                let want: Vec<u8> = Hand(mask & NUMBER_MASK[n as usize])
                    .iter()
                    .map(|t| t.0)
                    .collect();
                assert_eq!(from_byte, want, "pairs of {mask:#x}, number {n}");
            }
            let removed = Hand(mask)
                .iter()
                .fold(pairs, |p, t| p ^ PAIRS[t.0 as usize]);
            assert_eq!(removed, 0);
        }
    }
}
