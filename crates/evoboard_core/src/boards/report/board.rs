//! The pieces every hex-board report shares: the `board` rows, the
//! harbours and Catan's island keys.

use crate::boards::BoardGame;
use crate::boards::analysis::catan_index::imbalance_index;
use crate::boards::catan::CatanBoard;
use crate::boards::terra_mystica::{TerraMysticaBoard, grid_for_len};
use serde::Serialize;
use std::collections::BTreeMap;

/// The JSON `board`: rows, top first, of Terra Mystica terrain names
/// (`desert plains swamp lake forest mountain wasteland river`) or of
/// Catan hexes ([`CatanHexEntry`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum BoardRows {
    /// Terra Mystica: each hex's terrain name.
    TerraMystica(Vec<Vec<&'static str>>),
    /// Catan: each hex's terrain and number token.
    Catan(Vec<Vec<CatanHexEntry>>),
}

/// One Catan hex of [`BoardRows`]: `{"terrain": …, "number": N}`
/// (`number` is null on the desert).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CatanHexEntry {
    /// `fields`, `forest`, `pasture`, `hills`, `mountains` or `desert`.
    pub terrain: &'static str,
    /// The number token, 2–6 or 8–12 (`None` on the desert).
    pub number: Option<u8>,
}

impl BoardRows {
    /// The rows of row-major `tiles` of `game` (the outline or island
    /// their count names).
    ///
    /// # Panics
    /// When a Catan tile is not a Catan code (as [`CatanBoard::decode`]).
    pub fn of(game: BoardGame, tiles: &[u8]) -> BoardRows {
        match game {
            BoardGame::TerraMystica => Self::terra_mystica(&TerraMysticaBoard::from_tiles(
                grid_for_len(tiles.len()),
                tiles,
            )),
            BoardGame::Catan => Self::catan(&CatanBoard::decode(tiles)),
        }
    }

    /// The rows of a Terra Mystica board.
    pub fn terra_mystica(board: &TerraMysticaBoard) -> BoardRows {
        BoardRows::TerraMystica(
            board
                .rows
                .iter()
                .map(|r| r.iter().map(|t| t.name()).collect())
                .collect(),
        )
    }

    /// The rows of a Catan island (its harbours are [`HarbourEntry::list`]).
    pub fn catan(board: &CatanBoard) -> BoardRows {
        BoardRows::Catan(
            board
                .rows
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|h| CatanHexEntry {
                            terrain: h.terrain.name(),
                            number: h.number,
                        })
                        .collect()
                })
                .collect(),
        )
    }
}

/// One harbour of the JSON `harbours`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HarbourEntry {
    /// Its trade: `any` (3:1) or a resource's name (2:1).
    pub kind: &'static str,
    /// The coastal hex it faces, `[R, C]` as in the JSON `board`.
    pub hex: [usize; 2],
    /// The side of that hex facing the sea (0 east, clockwise).
    pub side: u8,
    /// Its two corners, each as the land hexes `[R, C]` meeting there
    /// (empty when the board is on no island evoboard knows).
    pub corners: Vec<Vec<[usize; 2]>>,
}

impl HarbourEntry {
    /// The harbours of `board`, in its order.
    pub fn list(board: &CatanBoard) -> Vec<HarbourEntry> {
        let layout = board.layout();
        board
            .harbours
            .iter()
            .map(|h| {
                let corners = layout
                    .and_then(|l| {
                        let i = l.grid().index(h.hex.0, h.hex.1)?;
                        let s = l.slots().iter().find(|s| s.hex == i && s.side == h.side)?;
                        Some(
                            s.corners
                                .iter()
                                .map(|c| {
                                    c.iter()
                                        .flatten()
                                        .map(|&j| {
                                            let (r, c) = l.grid().row_col(j);
                                            [r, c]
                                        })
                                        .collect()
                                })
                                .collect(),
                        )
                    })
                    .unwrap_or_default();
                HarbourEntry {
                    kind: h.kind.name(),
                    hex: [h.hex.0, h.hex.1],
                    side: h.side,
                    corners,
                }
            })
            .collect()
    }
}

/// The keys a Catan island adds to a board's report: `players`,
/// `harbours` and `imbalance_index`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CatanIsland {
    /// The Catan Board Imbalance index with these harbours
    /// ([`imbalance_index`]; absent when the board is on no known island).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imbalance_index: Option<f64>,
    /// `3-4` (the base island) or `5-6`.
    pub players: &'static str,
    /// The harbours.
    pub harbours: Vec<HarbourEntry>,
}

impl CatanIsland {
    /// The island keys of `board`.
    pub fn of(board: &CatanBoard) -> CatanIsland {
        CatanIsland {
            imbalance_index: board
                .layout()
                .map(|l| imbalance_index(l, &board.encode(), &board.harbours)),
            players: board.layout().map_or("3-4", |l| l.players()),
            harbours: HarbourEntry::list(board),
        }
    }
}

/// Named violation counts as the JSON `violations` object (rule name →
/// count).
pub fn violation_counts(named: &[(&'static str, u32)]) -> BTreeMap<&'static str, u32> {
    named.iter().copied().collect()
}
