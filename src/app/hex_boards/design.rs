//! Designing a board by hand: select a hex, give it a tile, swap two hexes,
//! pin hexes, undo and redo every edit (search runs included), and "Evolve
//! the rest": the chosen algorithm starts from the board as it is and
//! never moves a pinned hex.
//!
//! Edits arrive as [`DesignCommand`] messages, from the mouse and keys
//! (`input.rs`), the panels and scripted runs alike.

use super::runtime::{
    BoardDrawing, BoardRunState, BoardSettings, HexBoardGenerator, MainGenerator, ShownBoard,
};
use crate::app::Screen;
use crate::app::shell::ScreenStatus;
use crate::app::shell::StatusLine;
use crate::app::shell::undo::History;
use crate::boards::catan::{self, CatanLayout};
use crate::boards::{self, BoardGame, BoardSetup, HexIndex, analysis, terra_mystica};
use crate::level::{BoardDesign, EditSummary};
use crate::plugin::{HexBoardMap, HexOverlay, HexSelection};
use bevy::prelude::*;

/// The designer's state of the main board: pins, selection, history and
/// the view toggles.
#[derive(Resource, Clone, Debug, Default)]
pub struct HexDesign {
    /// Pinned hexes (one flag per hex; empty until the first pin).
    pub pinned: Vec<bool>,
    /// The selected hex.
    pub selected: Option<usize>,
    /// Shade each hex by how much it adds to the score.
    pub overlay: bool,
    /// Print terrain letters on the hexes (the colour-blind view).
    pub letters: bool,
    /// What was done so far (saved in the level).
    pub edits: EditSummary,
    history: History<Snapshot>,
}

/// A board and its pins, as undo and redo keep them.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    tiles: Vec<u8>,
    pinned: Vec<bool>,
}

impl HexDesign {
    /// Whether hex `i` is pinned.
    pub fn is_pinned(&self, i: usize) -> bool {
        self.pinned.get(i).copied().unwrap_or(false)
    }

    /// The pinned hexes' indices.
    pub fn pinned_indices(&self) -> Vec<HexIndex> {
        (0..self.pinned.len())
            .filter(|&i| self.pinned[i])
            .map(|i| i as HexIndex)
            .collect()
    }

    /// How many edits can be undone and redone.
    pub fn history(&self) -> (usize, usize) {
        self.history.depth()
    }

    /// The design to save with a level of `map`'s board.
    pub fn level_design(&self, map: &HexBoardMap) -> BoardDesign {
        BoardDesign {
            pinned: (0..map.tiles.len())
                .filter(|&i| self.is_pinned(i))
                .map(|i| map.grid.row_col(i as HexIndex))
                .collect(),
            players: None,
            edits: self.edits,
        }
    }

    fn remember(&mut self, tiles: Vec<u8>) {
        self.history.record(Snapshot {
            tiles,
            pinned: self.pinned.clone(),
        });
    }
}

/// An edit of the main board.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum DesignCommand {
    /// Select a hex (or none).
    Select(Option<usize>),
    /// Give hex `hex` the tile `code` (Catan: terrain and number token).
    SetTile {
        /// The hex.
        hex: usize,
        /// The tile code.
        code: u8,
    },
    /// Swap the tiles of two hexes (dragging one onto the other).
    Swap(usize, usize),
    /// Pin or unpin a hex.
    TogglePin(usize),
    /// Unpin every hex.
    ClearPins,
    /// Run the chosen algorithm from the board as it is, keeping the pins.
    EvolveRest,
    /// Restore the game's tile counts by changing the fewest unpinned hexes.
    Rebalance,
    /// Put a whole board on the table (a gallery board); pins are cleared.
    Open(Vec<u8>),
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
}

/// Registers the design state and its edits (the systems are placed in
/// the screen's sets in `mod.rs`).
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HexDesign>()
        .add_message::<DesignCommand>();
}

/// A reset (a new seed, other settings) replaces the board: keep the old
/// one and its pins for undo, and drop the pins (they belonged to it).
pub(super) fn keep_board_before_reset(
    mut messages: MessageReader<super::runtime::GeneratorCommand>,
    settings: Res<BoardSettings>,
    mut design: ResMut<HexDesign>,
    generators: Query<&HexBoardGenerator, With<MainGenerator>>,
) {
    let resets = messages
        .read()
        .filter(|c| **c == super::runtime::GeneratorCommand::Reset)
        .count();
    let Ok(g) = generators.single() else { return };
    if resets == 0 {
        return;
    }
    let worth_keeping = g.loaded.is_some() || g.progress.generation > 0;
    if g.settings.game == settings.game && g.settings.variant == settings.variant {
        if worth_keeping {
            design.remember(g.best_tiles());
        }
    } else {
        // Another board altogether: its history does not apply.
        design.history.clear();
    }
    design.pinned.clear();
    design.selected = None;
}

/// Apply the edits of this frame to the main board.
pub(super) fn apply_design(
    mut messages: MessageReader<DesignCommand>,
    settings: Res<BoardSettings>,
    mut design: ResMut<HexDesign>,
    mut status: ResMut<ScreenStatus>,
    mut query: Query<(&mut HexBoardGenerator, &mut ShownBoard), With<MainGenerator>>,
) {
    let Ok((mut g, mut map)) = query.single_mut() else {
        return;
    };
    for cmd in messages.read() {
        let tiles = g.best_tiles();
        let n = tiles.len();
        if design.pinned.len() != n {
            design.pinned = vec![false; n];
        }
        match cmd.clone() {
            DesignCommand::Select(s) => {
                design.selected = s.filter(|&i| i < n);
                continue;
            }
            DesignCommand::SetTile { hex, code } if hex < n && tiles[hex] != code => {
                design.remember(tiles.clone());
                let mut t = tiles;
                t[hex] = code;
                design.edits.tiles_set += 1;
                g.show_design(t);
            }
            DesignCommand::Swap(a, b) if a < n && b < n && a != b && tiles[a] != tiles[b] => {
                if design.is_pinned(a) || design.is_pinned(b) {
                    status[Screen::HexBoards] =
                        StatusLine::error("a pinned hex keeps its tile: unpin it to swap it");
                    continue;
                }
                design.remember(tiles.clone());
                let mut t = tiles;
                t.swap(a, b);
                design.edits.swaps += 1;
                g.show_design(t);
            }
            DesignCommand::TogglePin(i) if i < n => {
                design.remember(tiles.clone());
                design.pinned[i] = !design.pinned[i];
                design.edits.pin_changes += 1;
                g.show_design(tiles);
            }
            DesignCommand::ClearPins if design.pinned.iter().any(|&p| p) => {
                design.remember(tiles.clone());
                design.edits.pin_changes += design.pinned.iter().filter(|&&p| p).count() as u32;
                design.pinned.fill(false);
                g.show_design(tiles);
            }
            DesignCommand::EvolveRest => {
                let setup = BoardSetup::from_board(
                    settings.variant.clone(),
                    tiles.clone(),
                    design.pinned_indices(),
                );
                match HexBoardGenerator::with_setup(&settings, &setup) {
                    Ok(mut fresh) => {
                        design.remember(tiles);
                        design.edits.searches += 1;
                        fresh.unpaced = true;
                        fresh.state = if fresh.progress.best == 0.0 {
                            BoardRunState::Solved
                        } else {
                            BoardRunState::Running
                        };
                        *g = fresh;
                        status[Screen::HexBoards].clear();
                    }
                    Err(e) => {
                        status[Screen::HexBoards] =
                            StatusLine::error(format!("cannot evolve the rest: {e}"));
                        continue;
                    }
                }
            }
            DesignCommand::Rebalance => {
                let mask = design.pinned.clone();
                match boards::rebalance(
                    settings.game,
                    &settings.variant,
                    &tiles,
                    &mask,
                    settings.seed,
                ) {
                    Ok(t) if t != tiles => {
                        design.remember(tiles);
                        design.edits.searches += 1;
                        g.show_design(t);
                        status[Screen::HexBoards].clear();
                    }
                    Ok(_) => continue,
                    Err(e) => {
                        status[Screen::HexBoards] =
                            StatusLine::error(format!("cannot rebalance: {e}"));
                        continue;
                    }
                }
            }
            DesignCommand::Open(board) if board.len() == n && board != tiles => {
                design.remember(tiles);
                design.pinned.fill(false);
                g.show_design(board);
            }
            DesignCommand::Undo => {
                let now = Snapshot {
                    tiles,
                    pinned: design.pinned.clone(),
                };
                let Some(back) = design.history.undo_if(now, |b| b.tiles.len() == n) else {
                    continue;
                };
                design.edits.undos += 1;
                design.pinned = back.pinned;
                g.show_design(back.tiles);
            }
            DesignCommand::Redo => {
                let now = Snapshot {
                    tiles,
                    pinned: design.pinned.clone(),
                };
                let Some(forward) = design.history.redo_if(now, |f| f.tiles.len() == n) else {
                    continue;
                };
                design.pinned = forward.pinned;
                g.show_design(forward.tiles);
            }
            _ => continue,
        }
        map.0 = g.board_map();
    }
}

/// Put the design's marks on the drawn board ([`HexOverlay`]: pins, letters,
/// the score overlay; [`HexSelection`]) (changed only when they differ, so an idle board
/// is not redrawn).
pub(super) fn decorate_map(
    design: Res<HexDesign>,
    settings: Res<BoardSettings>,
    mut maps: Query<(&HexBoardMap, &mut HexOverlay, &mut HexSelection), With<BoardDrawing>>,
) {
    let Ok((map, mut overlay, mut selection)) = maps.single_mut() else {
        return;
    };
    let n = map.tiles.len();
    let pinned: Vec<bool> = if design.pinned.len() == n && design.pinned.iter().any(|&p| p) {
        design.pinned.clone()
    } else {
        Vec::new()
    };
    let selected = design.selected.filter(|&i| i < n);
    let shade = if design.overlay {
        shade(map.game, &map.tiles, &settings)
    } else {
        Vec::new()
    };
    // Apart: a new selection redraws two outlines, not the marks.
    selection.set_if_neq(HexSelection(selected));
    overlay.set_if_neq(HexOverlay {
        pinned,
        shade,
        letters: design.letters,
    });
}

/// What the design section tells the designer: tile counts off the
/// game's, and pins that make a perfect board impossible (one line each).
pub fn status(
    map: &HexBoardMap,
    settings: &BoardSettings,
    design: &HexDesign,
) -> (Vec<String>, Vec<String>) {
    let mask = if design.pinned.len() == map.tiles.len() {
        design.pinned.clone()
    } else {
        vec![false; map.tiles.len()]
    };
    let counts = boards::count_differences(map.game, &settings.variant, &map.tiles)
        .iter()
        .map(|d| d.to_string())
        .collect();
    let conflicts = match map.game {
        BoardGame::TerraMystica => {
            terra_mystica::pin_conflicts(&map.grid, &map.tiles, &mask, settings.scoring.rules)
                .iter()
                .map(|c| c.to_string())
                .collect()
        }
        BoardGame::Catan => match CatanLayout::for_hexes(map.tiles.len()) {
            Some(layout) => {
                catan::pin_conflicts(layout, &map.tiles, &mask, &settings.scoring.catan)
                    .iter()
                    .map(|c| c.to_string())
                    .collect()
            }
            None => Vec::new(),
        },
    };
    (counts, conflicts)
}

/// Each hex's share of the score, scaled to `0..=1` (the darkest hex adds
/// the most).
pub fn shade(game: BoardGame, tiles: &[u8], settings: &BoardSettings) -> Vec<f32> {
    let Ok(analysis) = analysis::analyse(game, tiles, settings.scoring) else {
        return Vec::new();
    };
    let adds = analysis.hex_contributions();
    let most = adds.iter().copied().max().unwrap_or(0).max(1) as f32;
    adds.iter().map(|&a| a as f32 / most).collect()
}
