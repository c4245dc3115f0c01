//! The "Design" section of the hex-board panels: the palette for the
//! selected hex, pins, "Evolve the rest", "Rebalance counts", undo/redo
//! and the view toggles (score overlay, terrain letters).

use super::design::{DesignCommand, HexDesign};
use crate::boards::BoardGame;
use crate::boards::catan::{CatanCode, CatanTerrain};
use crate::boards::terra_mystica::Terrain;
use crate::plugin::{HexBoardMap, tile_colour, tile_letter};
use bevy::prelude::*;
use bevy_egui::egui;

/// What the section reports about the board for the designer.
pub struct DesignStatus<'a> {
    /// Tile counts that differ from the game's ("12 lake, the game has 11").
    pub counts: &'a [String],
    /// Pins that make a perfect board impossible.
    pub conflicts: &'a [String],
}

/// Draw the design section.
pub fn design_ui(
    ui: &mut egui::Ui,
    design: &mut HexDesign,
    map: &HexBoardMap,
    status: &DesignStatus,
    out: &mut MessageWriter<DesignCommand>,
) {
    ui.heading("Design");
    ui.label(
        "Click a hex to select it, drag it onto another to swap them, right-click or P to pin.",
    )
    .on_hover_text("Ctrl+Z undo · Ctrl+Shift+Z redo · Esc deselect · 1–8 terrain (Terra Mystica)");
    match design.selected {
        Some(i) if i < map.tiles.len() => {
            let (r, c) = map.grid.row_col(i as u16);
            ui.label(format!(
                "hex {r},{c}: {}{}",
                tile_name(map.game, map.tiles[i]),
                if design.is_pinned(i) { " (pinned)" } else { "" }
            ));
            palette(ui, map, i, out);
            let pin = if design.is_pinned(i) {
                "Unpin"
            } else {
                "📌 Pin"
            };
            if ui.button(pin).clicked() {
                out.write(DesignCommand::TogglePin(i));
            }
        }
        _ => {
            ui.weak("no hex selected");
        }
    }
    let pins = design.pinned.iter().filter(|&&p| p).count();
    ui.horizontal(|ui| {
        ui.label(format!("{pins} pinned"));
        if ui
            .add_enabled(pins > 0, egui::Button::new("clear pins"))
            .clicked()
        {
            out.write(DesignCommand::ClearPins);
        }
    });
    for line in status.counts {
        ui.colored_label(egui::Color32::from_rgb(255, 170, 60), line);
    }
    for line in status.conflicts {
        ui.colored_label(egui::Color32::LIGHT_RED, line);
    }
    ui.horizontal(|ui| {
        let can_evolve = status.counts.is_empty();
        if ui
            .add_enabled(can_evolve, egui::Button::new("✨ Evolve the rest"))
            .on_hover_text("run the chosen algorithm from this board; pinned hexes never move")
            .on_disabled_hover_text("the tile counts are off the game's: rebalance them first")
            .clicked()
        {
            out.write(DesignCommand::EvolveRest);
        }
        if ui
            .add_enabled(
                !status.counts.is_empty(),
                egui::Button::new("Rebalance counts"),
            )
            .on_hover_text("change the fewest unpinned hexes to restore the game's tile counts")
            .clicked()
        {
            out.write(DesignCommand::Rebalance);
        }
    });
    let (undo, redo) = design.history();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(undo > 0, egui::Button::new(format!("↶ Undo ({undo})")))
            .clicked()
        {
            out.write(DesignCommand::Undo);
        }
        if ui
            .add_enabled(redo > 0, egui::Button::new(format!("↷ Redo ({redo})")))
            .clicked()
        {
            out.write(DesignCommand::Redo);
        }
    });
    ui.checkbox(
        &mut design.overlay,
        "why: shade hexes by what they add to the score",
    );
    ui.checkbox(&mut design.letters, "terrain letters (colour-blind view)");
}

/// The tiles the palette offers for hex `i`.
fn palette(ui: &mut egui::Ui, map: &HexBoardMap, i: usize, out: &mut MessageWriter<DesignCommand>) {
    let current = map.tiles[i];
    match map.game {
        BoardGame::TerraMystica => {
            ui.horizontal_wrapped(|ui| {
                for code in 0..8u8 {
                    if swatch(ui, map.game, code, code == current)
                        .on_hover_text(Terrain::from_code(code).name())
                        .clicked()
                    {
                        out.write(DesignCommand::SetTile { hex: i, code });
                    }
                }
            });
        }
        BoardGame::Catan => {
            let token = current & 15;
            ui.horizontal_wrapped(|ui| {
                for t in 0..6u8 {
                    let desert = t == CatanCode::DESERT;
                    let code = (t << 4) | if desert { 0 } else { token };
                    if swatch(ui, map.game, code, current >> 4 == t)
                        .on_hover_text(CatanTerrain::from_index(t).map_or("?", |c| c.name()))
                        .clicked()
                    {
                        out.write(DesignCommand::SetTile { hex: i, code });
                    }
                }
            });
            if current >> 4 != CatanCode::DESERT {
                ui.horizontal_wrapped(|ui| {
                    for n in [2u8, 3, 4, 5, 6, 8, 9, 10, 11, 12] {
                        if ui.selectable_label(n == token, n.to_string()).clicked() {
                            out.write(DesignCommand::SetTile {
                                hex: i,
                                code: (current & 0xF0) | n,
                            });
                        }
                    }
                });
            }
        }
    }
}

/// A coloured button with the tile's letter.
fn swatch(ui: &mut egui::Ui, game: BoardGame, code: u8, chosen: bool) -> egui::Response {
    let c = tile_colour(game, code).to_srgba();
    let fill = egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    );
    let light = c.red * 0.3 + c.green * 0.59 + c.blue * 0.11 > 0.5;
    let text = egui::RichText::new(tile_letter(game, code))
        .strong()
        .color(if light {
            egui::Color32::BLACK
        } else {
            egui::Color32::WHITE
        });
    let mut b = egui::Button::new(text)
        .fill(fill)
        .min_size(egui::vec2(26.0, 22.0));
    if chosen {
        b = b.stroke(egui::Stroke::new(2.5, egui::Color32::YELLOW));
    }
    ui.add(b)
}

/// "lake", "hills 6", "desert".
fn tile_name(game: BoardGame, code: u8) -> String {
    match game {
        BoardGame::TerraMystica => Terrain::from_code(code).name().to_string(),
        BoardGame::Catan => {
            let t = CatanTerrain::from_index(code >> 4).map_or("?", |c| c.name());
            match code & 15 {
                0 => t.to_string(),
                n => format!("{t} {n}"),
            }
        }
    }
}
