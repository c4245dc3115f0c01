//! Tile counts: how a board's tile mix differs from its game's, and the
//! fewest changes that restore it ([`rebalance`]), keeping pinned hexes.
//!
//! A hand-edited board may hold 12 lakes and 10 deserts; a search keeps
//! the tile multiset it starts from, so such a board must be rebalanced
//! before it can be solved.
//!
//! ```
//! use evoboard_core::boards::{BoardGame, BoardVariant, count_differences, rebalance};
//! use evoboard_core::boards::terra_mystica::{standard_tiles, Terrain};
//! let mut tiles = standard_tiles();
//! tiles[0] = Terrain::Lake as u8; // a river hex painted as a lake
//! let d = count_differences(BoardGame::TerraMystica, &BoardVariant::Standard, &tiles);
//! assert_eq!(d.len(), 2);
//! let pinned = vec![false; tiles.len()];
//! let fixed = rebalance(BoardGame::TerraMystica, &BoardVariant::Standard, &tiles, &pinned, 1).unwrap();
//! assert!(count_differences(BoardGame::TerraMystica, &BoardVariant::Standard, &fixed).is_empty());
//! assert_eq!(fixed.iter().zip(&tiles).filter(|(a, b)| a != b).count(), 1);
//! ```

use super::catan::{CatanCode, CatanTerrain, TERRAIN_COUNTS, TERRAINS, TOKENS};
use super::common::shuffle;
use super::error::BoardError;
use super::registry::BoardGame;
use super::setup::BoardVariant;
use super::terra_mystica::{self, Terrain};
use crate::rng::seeded;
use std::fmt;

/// One tile whose count on a board is off its game's.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct CountDifference {
    /// The tile: a terrain name (`lake`, `river`, `hills`) or a Catan
    /// number token (`number 6`).
    pub tile: String,
    /// How many the board holds.
    pub on_board: usize,
    /// How many the game has.
    pub wanted: usize,
}

impl fmt::Display for CountDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, word) = if self.on_board > self.wanted {
            (self.on_board - self.wanted, "too many")
        } else {
            (self.wanted - self.on_board, "too few")
        };
        write!(
            f,
            "{} {} on the board, the game has {} ({n} {word})",
            self.tile, self.on_board, self.wanted
        )
    }
}

/// Counts of one kind of tile, indexed by a small code, with names.
struct Tally {
    wanted: Vec<usize>,
    names: Vec<String>,
}

impl Tally {
    fn tm(hexes: usize) -> Self {
        let wanted = terra_mystica::counts_for(hexes).to_vec();
        Tally {
            wanted,
            names: terra_mystica::ALL
                .iter()
                .map(|t| t.name().to_string())
                .collect(),
        }
    }

    fn catan_terrains(variant: &BoardVariant) -> Self {
        let wanted = match variant {
            BoardVariant::FiveSixPlayers => vec![6, 6, 6, 5, 5, 2],
            _ => TERRAIN_COUNTS.to_vec(),
        };
        Tally {
            wanted,
            names: TERRAINS.iter().map(|t| t.name().to_string()).collect(),
        }
    }

    /// Tokens by number 0..=12 (0 and 1 and 7 never wanted).
    fn catan_tokens(variant: &BoardVariant) -> Self {
        let mut wanted = vec![0; 13];
        for &t in &TOKENS {
            wanted[t as usize] += 1;
        }
        if *variant == BoardVariant::FiveSixPlayers {
            for (n, w) in wanted.iter_mut().enumerate() {
                if *w > 0 {
                    *w += 1;
                }
                if n == 2 || n == 12 {
                    *w = 2;
                }
            }
        }
        Tally {
            wanted,
            names: (0..13).map(|n| format!("number {n}")).collect(),
        }
    }

    fn name(&self, code: usize) -> String {
        self.names
            .get(code)
            .cloned()
            .unwrap_or_else(|| format!("tile code {code}"))
    }

    fn differences(&self, codes: impl Iterator<Item = usize>, out: &mut Vec<CountDifference>) {
        let mut on = vec![0usize; self.wanted.len()];
        let mut unknown = std::collections::BTreeMap::new();
        for c in codes {
            match on.get_mut(c) {
                Some(x) => *x += 1,
                None => *unknown.entry(c).or_insert(0usize) += 1,
            }
        }
        for (c, (&o, &w)) in on.iter().zip(&self.wanted).enumerate() {
            if o != w {
                out.push(CountDifference {
                    tile: self.name(c),
                    on_board: o,
                    wanted: w,
                });
            }
        }
        for (c, o) in unknown {
            out.push(CountDifference {
                tile: self.name(c),
                on_board: o,
                wanted: 0,
            });
        }
    }
}

/// Every tile whose count on `tiles` (row-major codes of `game`) is off
/// the game's for `variant`: Terra Mystica the outline's mix
/// ([`terra_mystica::counts_for`]: standard 11 of each land terrain and 36
/// river, offset the same with 10 wasteland); Catan its terrains, and its
/// number tokens on the resource hexes (a token on the desert counts
/// too). Empty when the counts are right.
pub fn count_differences(
    game: BoardGame,
    variant: &BoardVariant,
    tiles: &[u8],
) -> Vec<CountDifference> {
    let mut out = Vec::new();
    match game {
        BoardGame::TerraMystica => {
            let hexes = terra_mystica::outline_grid(variant).map_or(tiles.len(), |g| g.len());
            Tally::tm(hexes).differences(tiles.iter().map(|&t| t as usize), &mut out);
        }
        BoardGame::Catan => {
            let codes = || tiles.iter().map(|&b| CatanCode::from_byte(b));
            Tally::catan_terrains(variant)
                .differences(codes().map(|c| c.terrain() as usize), &mut out);
            Tally::catan_tokens(variant).differences(
                codes()
                    .filter(|c| c.token() != 0)
                    .map(|c| c.token() as usize),
                &mut out,
            );
        }
    }
    out
}

/// `tiles` with the fewest unpinned hexes changed so that the counts are
/// the game's (`pinned`: one flag per hex). Which hexes change and what
/// they become is drawn with `seed`. Errors when the pins alone hold more
/// of a tile than the game has, or the board has the wrong number of
/// hexes.
pub fn rebalance(
    game: BoardGame,
    variant: &BoardVariant,
    tiles: &[u8],
    pinned: &[bool],
    seed: u64,
) -> Result<Vec<u8>, BoardError> {
    let mut rng = seeded(seed);
    let is_pinned = |i: usize| pinned.get(i).copied().unwrap_or(false);
    match game {
        BoardGame::TerraMystica => {
            let hexes = terra_mystica::outline_grid(variant)?.len();
            if tiles.len() != hexes {
                return Err(BoardError::TileCount {
                    expected: hexes,
                    got: tiles.len(),
                });
            }
            if let Some(&code) = tiles.iter().find(|&&t| Terrain::try_from_code(t).is_none()) {
                return Err(BoardError::BadTileCode { code });
            }
            let mut out = tiles.to_vec();
            let tally = Tally::tm(hexes);
            let (slots, missing) = fix_counts(&tally, &out, |t| *t as usize, is_pinned, &mut rng)?;
            for (i, v) in slots.into_iter().zip(missing) {
                out[i] = v as u8;
            }
            Ok(out)
        }
        BoardGame::Catan => {
            let mut out = tiles.to_vec();
            let terrains = Tally::catan_terrains(variant);
            let hexes: usize = terrains.wanted.iter().sum();
            if tiles.len() != hexes {
                return Err(BoardError::TileCount {
                    expected: hexes,
                    got: tiles.len(),
                });
            }
            let terrain = |b: &u8| CatanCode::from_byte(*b).terrain() as usize;
            let (slots, missing) = fix_counts(&terrains, &out, terrain, is_pinned, &mut rng)?;
            for (i, v) in slots.into_iter().zip(missing) {
                out[i] = CatanCode::new(v as u8, 0).byte();
            }
            // Tokens: none on the desert, the game's set on the rest.
            let mut holes = Vec::new();
            for (i, b) in out.iter_mut().enumerate() {
                let c = CatanCode::from_byte(*b);
                if c.is_desert() && c.token() != 0 {
                    if is_pinned(i) {
                        return Err(BoardError::DesertWithNumber);
                    }
                    *b = CatanCode::new(c.terrain(), 0).byte();
                } else if !c.is_desert() && c.token() == 0 {
                    if is_pinned(i) {
                        return Err(BoardError::MissingNumber {
                            terrain: CatanTerrain::from_index(c.terrain())
                                .unwrap_or(CatanTerrain::Desert),
                        });
                    }
                    holes.push(i);
                }
            }
            let tokens = Tally::catan_tokens(variant);
            let token = |b: &u8| {
                let c = CatanCode::from_byte(*b);
                if c.is_desert() || c.token() == 0 {
                    usize::MAX
                } else {
                    c.token() as usize
                }
            };
            // Hexes without a token and hexes with a token too many take
            // the missing tokens.
            let (excess, missing) = fix_counts(&tokens, &out, token, is_pinned, &mut rng)?;
            holes.extend(excess);
            holes.sort_unstable();
            for (i, v) in holes.into_iter().zip(missing) {
                let c = CatanCode::from_byte(out[i]);
                out[i] = CatanCode::new(c.terrain(), v as u8).byte();
            }
            Ok(out)
        }
    }
}

/// What restores `tally`'s counts: the hexes to change (the excess tiles,
/// drawn among unpinned hexes, and hexes with an unknown code), sorted,
/// and the missing tiles, shuffled. Hexes whose `code` is `usize::MAX`
/// are outside this tally.
fn fix_counts(
    tally: &Tally,
    tiles: &[u8],
    code: impl Fn(&u8) -> usize,
    is_pinned: impl Fn(usize) -> bool,
    rng: &mut crate::rng::Rng,
) -> Result<(Vec<usize>, Vec<usize>), BoardError> {
    let k = tally.wanted.len();
    let (mut on, mut on_pinned) = (vec![0usize; k], vec![0usize; k]);
    let mut stray = Vec::new();
    for (i, t) in tiles.iter().enumerate() {
        let c = code(t);
        if c == usize::MAX {
            continue;
        }
        if c >= k {
            if is_pinned(i) {
                return Err(BoardError::BadTileCode { code: *t });
            }
            stray.push(i);
            continue;
        }
        on[c] += 1;
        on_pinned[c] += is_pinned(i) as usize;
    }
    for (c, (&p, &w)) in on_pinned.iter().zip(&tally.wanted).enumerate() {
        if p > w {
            return Err(BoardError::PinsExceedCount {
                tile: tally.name(c),
                pinned: p,
                wanted: w,
            });
        }
    }
    let mut slots = stray;
    let mut missing = Vec::new();
    for (c, (&o, &w)) in on.iter().zip(&tally.wanted).enumerate() {
        if o > w {
            let mut free: Vec<usize> = (0..tiles.len())
                .filter(|&i| !is_pinned(i) && code(&tiles[i]) == c)
                .collect();
            shuffle(&mut free, rng);
            slots.extend(free.into_iter().take(o - w));
        } else {
            missing.extend(std::iter::repeat_n(c, w - o));
        }
    }
    shuffle(&mut missing, rng);
    slots.sort_unstable();
    Ok((slots, missing))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::standard_codes;
    use crate::boards::terra_mystica::standard_tiles;

    const STD: BoardVariant = BoardVariant::Standard;

    #[test]
    fn terra_mystica_counts_and_rebalance_keep_pins_and_change_the_fewest() {
        let tm = BoardGame::TerraMystica;
        assert!(count_differences(tm, &STD, &standard_tiles()).is_empty());
        let mut tiles = standard_tiles();
        // Three rivers painted lake, one desert painted swamp.
        for t in &mut tiles[..3] {
            *t = Terrain::Lake as u8;
        }
        let desert = tiles.iter().position(|&t| t == 0).unwrap();
        tiles[desert] = Terrain::Swamp as u8;
        let d = count_differences(tm, &STD, &tiles);
        let names: Vec<&str> = d.iter().map(|x| x.tile.as_str()).collect();
        assert_eq!(names, ["desert", "swamp", "lake", "river"]);
        assert_eq!(d[2].on_board, 14);
        assert_eq!(d[2].wanted, 11);
        let mut pinned = vec![false; tiles.len()];
        pinned[0] = true; // a pinned lake stays a lake
        for seed in 0..5 {
            let fixed = rebalance(tm, &STD, &tiles, &pinned, seed).unwrap();
            assert!(count_differences(tm, &STD, &fixed).is_empty());
            assert_eq!(fixed[0], Terrain::Lake as u8);
            let changed = fixed.iter().zip(&tiles).filter(|(a, b)| a != b).count();
            assert_eq!(changed, 4, "3 lakes and 1 swamp too many");
        }
        // Twelve pinned lakes: no rebalancing can help.
        let mut many = standard_tiles();
        let mut mask = vec![false; many.len()];
        for i in 0..12 {
            many[i] = Terrain::Lake as u8;
            mask[i] = true;
        }
        let err = rebalance(tm, &STD, &many, &mask, 1).unwrap_err();
        assert_eq!(
            err,
            BoardError::PinsExceedCount {
                tile: "lake".into(),
                pinned: 12,
                wanted: 11
            }
        );
        assert!(
            err.to_string().contains("12 pinned hexes hold lake"),
            "{err}"
        );
    }

    #[test]
    fn offset_outline_counts_against_its_own_mix() {
        let tm = BoardGame::TerraMystica;
        let off = BoardVariant::Offset;
        let grid = terra_mystica::offset_grid();
        let tiles = terra_mystica::tiles_for(grid);
        assert!(count_differences(tm, &off, &tiles).is_empty());
        // The standard mix is off the offset outline's: one wasteland too many.
        let d = count_differences(tm, &off, &standard_tiles());
        assert_eq!(d.len(), 1);
        assert_eq!(
            (d[0].tile.as_str(), d[0].on_board, d[0].wanted),
            ("wasteland", 11, 10)
        );
        let mut edited = tiles.clone();
        edited[111] = Terrain::Wasteland as u8; // a river painted wasteland
        assert_eq!(count_differences(tm, &off, &edited).len(), 2);
        let pinned = vec![false; edited.len()];
        let fixed = rebalance(tm, &off, &edited, &pinned, 3).unwrap();
        assert!(count_differences(tm, &off, &fixed).is_empty());
        assert_eq!(fixed.iter().zip(&edited).filter(|(a, b)| a != b).count(), 1);
        // A standard-length board is refused on the offset outline.
        assert!(matches!(
            rebalance(tm, &off, &standard_tiles(), &[], 1),
            Err(BoardError::TileCount {
                expected: 112,
                got: 113
            })
        ));
    }

    #[test]
    fn catan_counts_terrains_and_tokens_apart() {
        let catan = BoardGame::Catan;
        let codes = standard_codes();
        assert!(count_differences(catan, &STD, &codes).is_empty());
        // A fields hex turned hills with a second 6; the desert given a 12.
        let mut bad = codes.clone();
        let fields = bad
            .iter()
            .position(|&b| CatanCode::from_byte(b).terrain() == 0)
            .unwrap();
        bad[fields] = CatanCode::new(3, 6).byte();
        let desert = bad
            .iter()
            .position(|&b| CatanCode::from_byte(b).is_desert())
            .unwrap();
        bad[desert] = CatanCode::new(CatanCode::DESERT, 12).byte();
        let d = count_differences(catan, &STD, &bad);
        assert!(d.iter().any(|x| x.tile == "fields" && x.on_board == 3));
        assert!(d.iter().any(|x| x.tile == "hills" && x.on_board == 4));
        assert!(d.iter().any(|x| x.tile == "number 12" && x.on_board == 2));
        let mut pinned = vec![false; bad.len()];
        pinned[fields] = true;
        let fixed = rebalance(catan, &STD, &bad, &pinned, 3).unwrap();
        assert!(
            count_differences(catan, &STD, &fixed).is_empty(),
            "{fixed:?}"
        );
        assert_eq!(fixed[fields], bad[fields]);
        crate::boards::catan::CatanBoard::decode(&fixed)
            .validate()
            .unwrap();
    }
}
