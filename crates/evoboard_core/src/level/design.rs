//! How a designer shaped a hex board (level version 2): pinned hexes, the
//! player count and a summary of the hand edits, so a saved design opens
//! again with its pins and says how it was made.

use serde::{Deserialize, Serialize};

/// The design of a hand-shaped hex board.
///
/// ```
/// use evoboard_core::level::{BoardDesign, EditSummary};
/// let d = BoardDesign {
///     pinned: vec![(0, 3), (4, 6)],
///     players: None,
///     edits: EditSummary { tiles_set: 2, swaps: 1, ..EditSummary::default() },
/// };
/// assert_eq!(d.edits.total(), 3);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct BoardDesign {
    /// Pinned hexes as `(row, position in the row)`, both from 0: the
    /// indices of the JSON `board` arrays and of `--pin R,C`.
    #[serde(default)]
    pub pinned: Vec<(usize, usize)>,
    /// The player count the board is for, when the game has variants
    /// (Catan: `"3-4"` or `"5-6"`).
    #[serde(default)]
    pub players: Option<String>,
    /// What was done by hand and by search to reach this board.
    #[serde(default)]
    pub edits: EditSummary,
}

/// Counts of the edits that made a design.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct EditSummary {
    /// Hexes given a terrain (or number token) from the palette.
    #[serde(default)]
    pub tiles_set: u32,
    /// Hexes swapped by dragging one onto another.
    #[serde(default)]
    pub swaps: u32,
    /// Pins set or removed.
    #[serde(default)]
    pub pin_changes: u32,
    /// Searches run around the pins ("Evolve the rest", "Rebalance counts").
    #[serde(default)]
    pub searches: u32,
    /// Edits undone.
    #[serde(default)]
    pub undos: u32,
}

impl EditSummary {
    /// Every edit counted (undos excluded).
    pub fn total(&self) -> u32 {
        self.tiles_set + self.swaps + self.pin_changes + self.searches
    }
}
