//! "See why": the balance figures of the board shown
//! ([`crate::boards::analysis`]), the same as `evaluate --json` prints
//! under `analysis`: per home terrain for Terra Mystica, pips per resource
//! and per intersection for Catan.

use crate::boards::analysis::{self, Analysis};
use crate::boards::{BoardGame, Scoring};
use bevy_egui::egui;

/// Draw the balance section for `tiles`.
pub fn balance_ui(ui: &mut egui::Ui, game: BoardGame, tiles: &[u8], scoring: Scoring) {
    ui.heading("Balance");
    match analysis::analyse(game, tiles, scoring) {
        Ok(Analysis::TerraMystica(a)) => {
            ui.label("As each faction sees the board (its home terrain):")
                .on_hover_text(
                    "1-spade: its hexes with a land neighbour one spade away · river: its hexes \
                     touching a river · edge: on the border · group: the largest area it can \
                     spread over with at most one spade per hex · measure: 1-spade + river",
                );
            egui::Grid::new("tm_balance")
                .num_columns(7)
                .striped(true)
                .show(ui, |ui| {
                    for h in [
                        "terrain", "hexes", "1-spade", "river", "edge", "group", "measure",
                    ] {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for t in &a.terrains {
                        ui.label(&t.terrain);
                        for v in [
                            t.hexes,
                            t.one_spade,
                            t.river_frontage,
                            t.edge,
                            t.largest_group,
                            t.measure,
                        ] {
                            ui.label(v.to_string());
                        }
                        ui.end_row();
                    }
                });
            ui.label(format!(
                "unfairness (spread of the measure across terrains): {}",
                a.unfairness
            ));
        }
        Ok(Analysis::Catan(a)) => {
            let p = &a.pips_per_resource;
            ui.label(format!(
                "production pips: grain {} · lumber {} · wool {} · brick {} · ore {} (total {})",
                p.fields, p.forest, p.pasture, p.hills, p.mountains, a.total_pips
            ));
            let i = &a.intersections;
            ui.label(format!(
                "pips per intersection ({}): max {}, min {}, spread {}",
                i.count, i.max, i.min, i.spread
            ));
            let inland = &a.inland_intersections;
            ui.label(format!(
                "inland intersections ({}): max {}, min {}, spread {}",
                inland.count, inland.max, inland.min, inland.spread
            ));
            ui.label("best starting intersections:");
            for s in &a.best_starts {
                let hexes: Vec<String> = s.hexes.iter().map(|[r, c]| format!("{r},{c}")).collect();
                ui.label(format!(
                    "  {} pips, {} resources at hexes {}",
                    s.pips,
                    s.resources,
                    hexes.join(" · ")
                ));
            }
        }
        Err(e) => {
            ui.colored_label(egui::Color32::LIGHT_RED, e.to_string());
        }
    }
}
