//! "See why": the balance figures of the board shown
//! ([`crate::boards::analysis`]), the same as `evaluate --json` prints
//! under `analysis`: per home terrain for Terra Mystica, pips per resource
//! and per intersection for Catan.

use crate::boards::analysis::catan_table::TableFigures as CatanFigures;
use crate::boards::analysis::{self, Analysis, TmAnalysis};
use crate::boards::terra_mystica::TableFigures as TmFigures;
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
            tm_table_ui(ui, &a);
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
            catan_table_ui(ui, &a.table, &a.official);
        }
        Err(e) => {
            ui.colored_label(egui::Color32::LIGHT_RED, e.to_string());
        }
    }
}

/// A Terra Mystica figure: its name, what it counts, how to read it.
type TmRow = (&'static str, &'static str, fn(&TmFigures) -> u32);

/// A Catan figure: its name, what it counts, how to show it, the `table`
/// rule, whether a board breaks it.
type CatanRow = (
    &'static str,
    &'static str,
    fn(&CatanFigures) -> String,
    &'static str,
    fn(&CatanFigures) -> bool,
);

/// One row of a figures table: the name, this board's value, then the
/// others; red when `bad`.
fn figure_row(ui: &mut egui::Ui, name: &str, tip: &str, values: [String; 3], bad: bool) {
    ui.label(name).on_hover_text(tip);
    let [ours, bound, official] = values;
    if bad {
        ui.colored_label(egui::Color32::LIGHT_RED, ours);
    } else {
        ui.label(ours);
    }
    ui.label(bound);
    ui.label(official);
    ui.end_row();
}

/// The river's shape and fairness against `table`'s bounds and the
/// official base map.
fn tm_table_ui(ui: &mut egui::Ui, a: &TmAnalysis) {
    ui.separator();
    ui.label("River and fairness (`table` rules):");
    let official = a.official.first().map(|o| &o.figures);
    let rows: [TmRow; 7] = [
        ("river pieces", "connected pieces of the river", |f| {
            f.river_pieces
        }),
        (
            "river on the border",
            "river hexes on the map's edge",
            |f| f.river_on_border,
        ),
        (
            "land far from river",
            "land hexes 3 or more steps from any river",
            |f| f.land_far_from_river,
        ),
        (
            "river blobs",
            "river hexes with 3 or more river neighbours",
            |f| f.river_blob_hexes,
        ),
        ("river triangles", "three river hexes that all touch", |f| {
            f.river_triangles
        }),
        (
            "frontage spread",
            "river frontage per home terrain, max − min",
            |f| f.frontage_spread,
        ),
        (
            "border spread",
            "border hexes per home terrain, max − min",
            |f| f.border_spread,
        ),
    ];
    egui::Grid::new("tm_table").striped(true).show(ui, |ui| {
        for h in ["figure", "this board", "at most", "official map"] {
            ui.strong(h);
        }
        ui.end_row();
        for (name, tip, get) in rows {
            let ours = get(&a.table);
            let bound = get(&a.table_bounds);
            let off = official.map_or("–".into(), |f| get(f).to_string());
            figure_row(
                ui,
                name,
                tip,
                [ours.to_string(), bound.to_string(), off],
                ours > bound,
            );
        }
    });
}

/// The figures players judge a Catan board by, beside the official
/// beginner island's.
fn catan_table_ui(ui: &mut egui::Ui, ours: &CatanFigures, official: &CatanFigures) {
    ui.separator();
    ui.label(format!(
        "Catan Board Imbalance index: {:.2} (official beginner island {:.2}; random boards \
         average 5)",
        ours.imbalance_index, official.imbalance_index
    ));
    let rows: [CatanRow; 8] = [
        (
            "equal numbers touching",
            "pairs of touching hexes with the same number",
            |f| f.equal_numbers_touching.to_string(),
            "0",
            |f| f.equal_numbers_touching > 0,
        ),
        (
            "2/12 touching",
            "a 2 or 12 next to a 2 or 12",
            |f| f.two_twelve_touching.to_string(),
            "0",
            |f| f.two_twelve_touching > 0,
        ),
        (
            "a number twice on a resource",
            "resources holding the same number on two hexes",
            |f| f.resources_with_repeated_number.to_string(),
            "0",
            |f| f.resources_with_repeated_number > 0,
        ),
        (
            "resources with two reds",
            "resources holding two of the 6s and 8s",
            |f| f.resources_with_two_red.to_string(),
            "0 (5–6: 1)",
            |_| false,
        ),
        (
            "pips per tile, spread",
            "largest minus smallest mean pips per hex over the five resources",
            |f| format!("{:.2}", f.pips_per_tile.spread),
            "0.5",
            |f| f.pips_per_tile.spread > 0.5 + 1e-9,
        ),
        (
            "inland corners, pips",
            "the poorest and richest corner where three land hexes meet",
            |f| format!("{}–{}", f.inland_corner_pips_min, f.inland_corner_pips_max),
            "4–12",
            |f| f.inland_corner_pips_min < 4 || f.inland_corner_pips_max > 12,
        ),
        (
            "brick + ore pips",
            "production of the two scarce resources",
            |f| f.brick_ore_pips.to_string(),
            "–",
            |_| false,
        ),
        (
            "deserts touching",
            "five-six: pairs of touching deserts",
            |f| f.deserts_touching.to_string(),
            "0",
            |f| f.deserts_touching > 0,
        ),
    ];
    egui::Grid::new("catan_table").striped(true).show(ui, |ui| {
        for h in ["figure", "board", "rule", "official"] {
            ui.strong(h);
        }
        ui.end_row();
        for (name, tip, get, rule, bad) in rows {
            figure_row(
                ui,
                name,
                tip,
                [get(ours), rule.to_string(), get(official)],
                bad(ours),
            );
        }
    });
}
