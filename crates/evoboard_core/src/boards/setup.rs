//! What a hex-board search starts from and what it must keep: the board
//! variant (Terra Mystica outline, Catan player count), a starting board
//! and pinned hexes. Every algorithm takes one ([`crate::boards::make_search_with`]).
//!
//! ```
//! use evoboard_core::boards::{BoardSetup, BoardVariant};
//! let setup = BoardSetup::default();
//! assert_eq!(setup.variant, BoardVariant::Standard);
//! assert!(setup.start.is_none() && setup.pinned.is_empty());
//! ```

use super::BoardGame;
use super::hex::HexIndex;
use serde::{Deserialize, Serialize};

/// Which board of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum BoardVariant {
    /// Terra Mystica's base map outline (rows of 13-12-13…, 113 hexes);
    /// Catan's base island (3-4-5-4-3, 19 hexes).
    #[default]
    Standard,
    /// Terra Mystica rows of 12-13-12… (the Fire & Ice side-1 and Loon
    /// Lakes outline).
    Offset,
    /// Catan's 5–6 player extension: rows 3-4-5-6-5-4-3, 30 hexes.
    FiveSixPlayers,
}

impl std::fmt::Display for BoardVariant {
    /// `standard`, `offset` or `5-6 players` (as errors name it).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            BoardVariant::Standard => "standard",
            BoardVariant::Offset => "offset",
            BoardVariant::FiveSixPlayers => "5-6 players",
        })
    }
}

/// A starting board and the hexes a search may not move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardSetup {
    /// The board's outline and tile mix.
    pub variant: BoardVariant,
    /// Start from this board (row-major tile codes of the variant); `None`:
    /// the search's own random start. Required when `pinned` is not empty.
    pub start: Option<Vec<u8>>,
    /// Hexes (row-major indices) that keep the start board's tile (Catan:
    /// terrain and number token). Sorted, no duplicates.
    pub pinned: Vec<HexIndex>,
}

impl BoardSetup {
    /// Start from `board`, keep `pinned`.
    pub fn from_board(variant: BoardVariant, board: Vec<u8>, mut pinned: Vec<HexIndex>) -> Self {
        pinned.sort_unstable();
        pinned.dedup();
        BoardSetup {
            variant,
            start: Some(board),
            pinned,
        }
    }

    /// A mask of `hexes` flags, true where a hex is pinned.
    pub fn pin_mask(&self, hexes: usize) -> Vec<bool> {
        let mut m = vec![false; hexes];
        for &p in &self.pinned {
            if let Some(f) = m.get_mut(p as usize) {
                *f = true;
            }
        }
        m
    }

    /// The pinned hexes as `[row, position in the row]`, as the JSON
    /// `board` indexes them, on `game`'s board of this variant (the
    /// game's standard board when it has no such variant).
    ///
    /// ```
    /// use evoboard_core::boards::{BoardGame, BoardSetup, BoardVariant};
    /// let setup = BoardSetup::from_board(BoardVariant::Standard, vec![0; 113], vec![14, 0]);
    /// assert_eq!(setup.pinned_cells(BoardGame::TerraMystica), vec![[0, 0], [1, 1]]);
    /// ```
    pub fn pinned_cells(&self, game: BoardGame) -> Vec<[usize; 2]> {
        let grid = super::variant_grid(game, &self.variant).unwrap_or_else(|_| super::grid(game));
        self.pinned
            .iter()
            .map(|&i| {
                let (r, c) = grid.row_col(i);
                [r, c]
            })
            .collect()
    }
}
