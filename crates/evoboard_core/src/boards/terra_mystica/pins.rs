//! Pins that make a perfect Terra Mystica board impossible: the checks a
//! search runs before it starts (and the app runs live to warn).
//!
//! A requirement is *certainly* broken when the hexes that decide it are
//! all pinned: two neighbouring pinned hexes of one land terrain (REQ1), a
//! pinned river hex with more than 3 pinned river neighbours (REQ2), and a
//! pinned hex whose neighbours are all pinned and that breaks REQ2 or REQ4
//! under the rules.
//!
//! ```
//! use evoboard_core::boards::terra_mystica::{pin_conflicts, standard_grid, Rules, Terrain};
//! let grid = standard_grid();
//! let mut tiles = vec![Terrain::River as u8; grid.len()];
//! tiles[0] = Terrain::Lake as u8;
//! tiles[1] = Terrain::Lake as u8;
//! let mut pinned = vec![false; grid.len()];
//! pinned[0] = true;
//! pinned[1] = true;
//! let c = pin_conflicts(grid, &tiles, &pinned, Rules::Strict);
//! assert_eq!(c[0].requirement, "REQ1");
//! assert_eq!(c[0].hexes, vec![(0, 0), (0, 1)]);
//! ```

use super::outline::outline_grid;
use super::rules::{Rules, local_terms};
use super::terrain::{RIVER, Terrain};
use crate::boards::{BoardError, BoardGame, BoardSetup, HexGrid, HexIndex, count_differences};
use std::fmt;

/// A requirement that pinned hexes make impossible to meet, and the hexes
/// as `(row, position in the row)`, from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct PinConflict {
    /// `REQ1`, `REQ2` or `REQ4`.
    pub requirement: &'static str,
    /// The pinned hexes that decide it, `(row, col)`.
    pub hexes: Vec<(usize, usize)>,
}

impl PinConflict {
    /// What the requirement asks, in words.
    pub fn meaning(&self) -> &'static str {
        match self.requirement {
            "REQ1" => "no land hex next to a hex of its own terrain",
            "REQ2" => "every river hex has 1 to 3 river neighbours (and land keeps land)",
            "REQ4" => "every land hex has a neighbour one spade away",
            _ => "a requirement",
        }
    }
}

impl fmt::Display for PinConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hexes: Vec<String> = self
            .hexes
            .iter()
            .map(|(r, c)| format!("({r}, {c})"))
            .collect();
        write!(
            f,
            "{} ({}) cannot hold with pinned hexes {}",
            self.requirement,
            self.meaning(),
            hexes.join(", ")
        )
    }
}

/// The requirements that `pinned` hexes of `tiles` make impossible under
/// `rules` (empty when a perfect board may still exist around them).
/// `pinned` is a mask with one flag per hex.
pub fn pin_conflicts(
    grid: &HexGrid,
    tiles: &[u8],
    pinned: &[bool],
    rules: Rules,
) -> Vec<PinConflict> {
    let mut out = Vec::new();
    let is_pinned = |i: HexIndex| pinned.get(i as usize).copied().unwrap_or(false);
    let at = |i: HexIndex| grid.row_col(i);
    for i in grid.indices() {
        if !is_pinned(i) {
            continue;
        }
        let t = tiles[i as usize];
        let nb = grid.neighbours(i);
        if t != RIVER && Terrain::try_from_code(t).is_some() {
            for &j in nb {
                if j > i && is_pinned(j) && tiles[j as usize] == t {
                    out.push(PinConflict {
                        requirement: "REQ1",
                        hexes: vec![at(i), at(j)],
                    });
                }
            }
        }
        let pinned_rivers: Vec<HexIndex> = nb
            .iter()
            .copied()
            .filter(|&j| is_pinned(j) && tiles[j as usize] == RIVER)
            .collect();
        let all_pinned = nb.iter().all(|&j| is_pinned(j));
        let terms = if all_pinned {
            local_terms(grid, tiles, rules, i)
        } else {
            [0; 4]
        };
        let with_neighbours = || {
            std::iter::once(i)
                .chain(nb.iter().copied())
                .map(at)
                .collect::<Vec<_>>()
        };
        if t == RIVER && pinned_rivers.len() > 3 {
            out.push(PinConflict {
                requirement: "REQ2",
                hexes: std::iter::once(i)
                    .chain(pinned_rivers.iter().copied())
                    .map(at)
                    .collect(),
            });
        } else if terms[1] > 0 {
            out.push(PinConflict {
                requirement: "REQ2",
                hexes: with_neighbours(),
            });
        }
        if terms[3] > 0 {
            out.push(PinConflict {
                requirement: "REQ4",
                hexes: with_neighbours(),
            });
        }
    }
    out
}

/// A Terra Mystica setup, checked: the start board (if any) and one pin
/// flag per hex.
pub(crate) struct TmSetup {
    /// The outline's layout.
    pub grid: &'static HexGrid,
    /// The start board.
    pub start: Option<Vec<u8>>,
    /// One flag per hex, true where pinned.
    pub pinned: Vec<bool>,
}

/// Check `setup` for Terra Mystica under `rules`: a Terra Mystica outline
/// (standard or offset), a start board of one terrain code per hex with
/// the outline's counts ([`super::tiles_for`]), pins on the
/// board and only with a start, and no pins that make a perfect board
/// impossible.
pub(crate) fn check_setup(setup: &BoardSetup, rules: Rules) -> Result<TmSetup, BoardError> {
    let grid = outline_grid(&setup.variant)?;
    let Some(start) = &setup.start else {
        if setup.pinned.is_empty() {
            return Ok(TmSetup {
                grid,
                start: None,
                pinned: vec![false; grid.len()],
            });
        }
        return Err(BoardError::PinsWithoutStart);
    };
    if start.len() != grid.len() {
        return Err(BoardError::TileCount {
            expected: grid.len(),
            got: start.len(),
        });
    }
    if let Some(&code) = start.iter().find(|&&t| Terrain::try_from_code(t).is_none()) {
        return Err(BoardError::BadTileCode { code });
    }
    let differences = count_differences(BoardGame::TerraMystica, &setup.variant, start);
    if !differences.is_empty() {
        return Err(BoardError::CountsOff { differences });
    }
    if let Some(&p) = setup.pinned.iter().find(|&&p| p as usize >= grid.len()) {
        return Err(BoardError::PinOutOfRange {
            index: p as usize,
            hexes: grid.len(),
        });
    }
    let pinned = setup.pin_mask(grid.len());
    let conflicts = pin_conflicts(grid, start, &pinned, rules);
    if !conflicts.is_empty() {
        return Err(BoardError::PinConflicts { conflicts });
    }
    Ok(TmSetup {
        grid,
        start: Some(start.clone()),
        pinned,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::terra_mystica::{evaluate, standard_grid};

    fn board() -> Vec<u8> {
        // A perfect board would do; any board works for the pin checks.
        let g = standard_grid();
        g.indices().map(|i| (i % 7) as u8).collect()
    }

    #[test]
    fn no_pins_no_conflicts_and_same_terrain_pairs_conflict() {
        let g = standard_grid();
        let mut t = board();
        let none = vec![false; g.len()];
        assert!(pin_conflicts(g, &t, &none, Rules::Strict).is_empty());
        let (a, b) = (g.index(2, 3).unwrap(), g.index(2, 4).unwrap());
        t[a as usize] = Terrain::Swamp as u8;
        t[b as usize] = Terrain::Swamp as u8;
        let mut pinned = none.clone();
        pinned[a as usize] = true;
        assert!(pin_conflicts(g, &t, &pinned, Rules::Strict).is_empty());
        pinned[b as usize] = true;
        let c = pin_conflicts(g, &t, &pinned, Rules::Published);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].hexes, vec![(2, 3), (2, 4)]);
        let text = c[0].to_string();
        assert!(
            text.contains("REQ1") && text.contains("(2, 3), (2, 4)"),
            "{text}"
        );
    }

    #[test]
    fn fully_pinned_hexes_conflict_exactly_when_the_rules_say_so() {
        let g = standard_grid();
        let t = board();
        let all = vec![true; g.len()];
        for rules in Rules::ALL {
            let v = evaluate(g, &t, rules);
            let c = pin_conflicts(g, &t, &all, rules);
            let count = |r: &str| c.iter().filter(|x| x.requirement == r).count() as u32;
            // Every REQ2/REQ4 hex of a fully pinned board is a conflict.
            assert_eq!(count("REQ4"), v[3], "{rules:?}");
            assert_eq!(count("REQ2"), v[1], "{rules:?}");
        }
    }

    #[test]
    fn crowded_pinned_river_conflicts() {
        let g = standard_grid();
        let mut t = board();
        let c = g.index(4, 6).unwrap();
        let mut pinned = vec![false; g.len()];
        t[c as usize] = RIVER;
        pinned[c as usize] = true;
        for &j in &g.neighbours(c)[..4] {
            t[j as usize] = RIVER;
            pinned[j as usize] = true;
        }
        let conflicts = pin_conflicts(g, &t, &pinned, Rules::Strict);
        assert!(
            conflicts
                .iter()
                .any(|x| x.requirement == "REQ2" && x.hexes[0] == (4, 6))
        );
    }
}
