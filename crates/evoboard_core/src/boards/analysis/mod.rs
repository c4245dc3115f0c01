//! "See why": the figures designers argue about, per game, and each hex's
//! share of the score (for an overlay that shades hexes by it).
//!
//! - [`tm`]: Terra Mystica per home terrain (hexes with a 1-spade
//!   neighbour, river frontage, edge hexes, largest cheap area) and the
//!   `unfairness` spread across terrains;
//! - [`catan`]: pips per resource, pips per intersection, the best three
//!   starting intersections, and (from [`catan_table`]) the figures a
//!   table judges a board by, with the Catan Board Imbalance index
//!   ([`catan_index`]) and the official beginner island's figures.
//!
//! [`analyse`] gives either as an [`Analysis`], whose JSON is the
//! `analysis` object of `evoboard evaluate --json`.
//!
//! ```
//! use evoboard_core::boards::{BoardGame, Scoring, analysis};
//! use evoboard_core::boards::terra_mystica::TerraMysticaBoard;
//! let tiles = TerraMysticaBoard::base_map().tiles();
//! let a = analysis::analyse(BoardGame::TerraMystica, &tiles, Scoring::default()).unwrap();
//! let json = serde_json::to_value(&a).unwrap();
//! assert_eq!(json["game"], "terra-mystica");
//! assert_eq!(json["terrains"][3]["terrain"], "lake");
//! ```

pub mod catan;
pub mod catan_index;
pub mod catan_table;
pub mod tm;

use super::{BoardError, BoardGame, Scoring, grid};
use serde::{Deserialize, Serialize};

pub use catan::{CatanAnalysis, IntersectionFigures, PipRange, ResourcePips};
pub use tm::{TerrainFigures, TmAnalysis};

/// The analysis of a board of either game; its JSON carries
/// `"game": "terra-mystica"` or `"game": "catan"` beside the figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "kebab-case")]
pub enum Analysis {
    /// Terra Mystica figures.
    TerraMystica(TmAnalysis),
    /// Catan figures.
    Catan(CatanAnalysis),
}

impl Analysis {
    /// Each hex's share of the score, row-major (see
    /// [`tm::hex_contributions`] and [`catan::hex_contributions`]).
    pub fn hex_contributions(&self) -> &[u32] {
        match self {
            Analysis::TerraMystica(a) => &a.hex_contributions,
            Analysis::Catan(a) => &a.hex_contributions,
        }
    }
}

/// The analysis of row-major `tiles` on the game's board of that size
/// (Catan: the base or the 5–6 player island), scored with `scoring`; an
/// error when the size is no board of the game or a tile is not a code of
/// the game.
pub fn analyse(game: BoardGame, tiles: &[u8], scoring: Scoring) -> Result<Analysis, BoardError> {
    let g = super::variant_of(game, tiles.len())
        .and_then(|v| super::variant_grid(game, &v).ok())
        .unwrap_or_else(|| grid(game));
    if tiles.len() != g.len() {
        return Err(BoardError::TileCount {
            expected: g.len(),
            got: tiles.len(),
        });
    }
    Ok(match game {
        BoardGame::TerraMystica => {
            if let Some(&code) = tiles.iter().find(|&&t| t > 7) {
                return Err(BoardError::BadTileCode { code });
            }
            Analysis::TerraMystica(tm::analyse(g, tiles, scoring.rules, scoring.weights))
        }
        BoardGame::Catan => {
            super::catan::CatanBoard::try_decode(tiles)?;
            Analysis::Catan(catan::analyse(g, tiles, &scoring.catan))
        }
    })
}
