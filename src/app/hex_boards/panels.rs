//! The egui panels of the board generator: settings on the left, the run
//! (violations, plot, rates, saving, level library) on the right.

use super::design::{DesignCommand, HexDesign};
use super::design_panel::{DesignStatus, design_ui};
use super::runtime::{
    BoardRunState, BoardSettings, GeneratorCommand, HexBoardGenerator, MainGenerator, ShownBoard,
};
use crate::app::Screen;
use crate::app::shell::ScreenStatus;
use crate::app::shell::StatusLine;
use crate::app::shell::camera::PanelInsets;
use crate::app::shell::library::{LEVELS_DIR, LevelLibrary};
use crate::app::shell::save_box::levels_dir;
use crate::app::shell::side_panel::{Side, SidePanels, side_panel};
use crate::app::shell::{ScreenUiSet, content_root};
use crate::boards::catan::{CatanOptions, DesertPlacement};
use crate::boards::terra_mystica::{Rules, Weights};
use crate::boards::{self, Algorithm, BoardGame, BoardVariant};
use crate::plugin::LevelAsset;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_plot::{Legend, Line, Plot, PlotPoints};
use std::path::PathBuf;

/// Registers the panels.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        panels_ui
            .in_set(ScreenUiSet::Panels)
            .run_if(in_state(Screen::HexBoards)),
    );
}

#[allow(clippy::too_many_arguments)]
fn panels_ui(
    mut contexts: EguiContexts,
    mut settings: ResMut<BoardSettings>,
    mut commands_out: MessageWriter<GeneratorCommand>,
    mut insets: ResMut<PanelInsets>,
    mut library: ResMut<LevelLibrary>,
    mut status: ResMut<ScreenStatus>,
    mut panels: ResMut<SidePanels>,
    asset_server: Res<AssetServer>,
    generators: Query<(&HexBoardGenerator, &ShownBoard), With<MainGenerator>>,
    mut design: ResMut<HexDesign>,
    mut design_out: MessageWriter<DesignCommand>,
    mut gallery: ResMut<super::gallery_view::GalleryView>,
    mut exports: ResMut<super::export_box::ExportBox>,
    mut play: ResMut<super::play_test::PlayTestView>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if gallery.open {
        super::gallery_view::gallery_window(ctx, &mut gallery, &settings, &mut design_out);
    }
    let shown = generators.single().ok();
    if let Some((_, map)) = shown.filter(|(_, m)| play.open && m.game == BoardGame::Catan) {
        super::play_test::play_test_window(ctx, &mut play, &map.tiles, &map.harbours, &settings);
    }
    let status_lines = shown.map(|(_, map)| super::design::status(map, &settings, &design));
    let mut root = content_root(ctx, &insets, "hex_boards");
    let left = side_panel(
        &mut root,
        &mut panels,
        Side::Left,
        "hex_settings",
        270.0,
        |ui| {
            // Edit a copy: the settings change (for change detection) only
            // when the user changed something.
            let mut edited = settings.clone();
            egui::ScrollArea::both().show(ui, |ui| {
                if let (Some((_, map)), Some((counts, conflicts))) = (shown, &status_lines) {
                    let status = DesignStatus { counts, conflicts };
                    // Toggles only: edit a copy so the design changes only
                    // when one was clicked.
                    let mut d = design.clone();
                    design_ui(ui, &mut d, map, &status, &mut design_out);
                    if ui
                        .add_enabled(
                            !gallery.busy(),
                            egui::Button::new("▦ Gallery of diverse boards"),
                        )
                        .on_hover_text("eight perfect boards spread along two axes you choose")
                        .clicked()
                    {
                        gallery.start(&settings);
                    }
                    if map.game == BoardGame::Catan
                        && ui
                            .button("⚄ Play-test")
                            .on_hover_text(
                                "bots play this board from every seat: does the seat decide \
                                 the game?",
                            )
                            .clicked()
                    {
                        play.open = true;
                    }
                    if d.overlay != design.overlay || d.letters != design.letters {
                        design.overlay = d.overlay;
                        design.letters = d.letters;
                    }
                    ui.separator();
                }
                settings_ui(ui, &mut edited, &mut commands_out)
            });
            settings.set_if_neq(edited);
        },
    );
    let Some((generator, _)) = shown else {
        return Ok(());
    };
    let right = side_panel(
        &mut root,
        &mut panels,
        Side::Right,
        "hex_run",
        320.0,
        |ui| {
            egui::ScrollArea::both().show(ui, |ui| {
                run_ui(ui, generator, &mut commands_out);
                if let Some((_, map)) = shown {
                    ui.separator();
                    super::balance_panel::balance_ui(ui, map.game, &map.tiles, settings.scoring);
                }
                if status[Screen::HexBoards].show(ui) && ui.small_button("dismiss").clicked() {
                    status[Screen::HexBoards].clear();
                }
                ui.separator();
                save_ui(ui, generator, &design, &mut library);
                let level = |name: &str| {
                    generator
                        .level(name)
                        .with_design(design.level_design(&generator.board_map_view()))
                };
                if let Some((_, map)) = shown {
                    let name = library.save.name.clone();
                    super::export_box::export_ui(
                        ui,
                        &mut exports,
                        &name,
                        map.game,
                        &map.tiles,
                        level,
                        &levels_dir(),
                        &mut design_out,
                    );
                }
                ui.separator();
                library_ui(ui, &mut library, &asset_server);
            })
        },
    );
    insets.bypass_change_detection().left = left;
    insets.bypass_change_detection().right = right;
    Ok(())
}

fn settings_ui(
    ui: &mut egui::Ui,
    s: &mut BoardSettings,
    out: &mut MessageWriter<GeneratorCommand>,
) {
    ui.heading("Board");
    let mut game = s.game;
    ui.horizontal(|ui| {
        ui.radio_value(&mut game, BoardGame::TerraMystica, "Terra Mystica");
        ui.radio_value(&mut game, BoardGame::Catan, "Catan");
    });
    let mut algorithm = s.algorithm;
    egui::ComboBox::from_label("algorithm")
        .selected_text(algorithm.name())
        .show_ui(ui, |ui| {
            for a in Algorithm::ALL {
                ui.selectable_value(&mut algorithm, a, a.name());
            }
        });
    if game != s.game || algorithm != s.algorithm {
        s.select(game, algorithm);
        out.write(GeneratorCommand::Reset);
    }
    ui.horizontal(|ui| {
        ui.label("seed");
        let r = ui.add(egui::DragValue::new(&mut s.seed).range(0..=u64::MAX));
        if ui.button("🎲").on_hover_text("a new random seed").clicked() {
            s.seed = rand::random::<u32>() as u64;
            out.write(GeneratorCommand::Reset);
        }
        if r.changed() {
            out.write(GeneratorCommand::Reset);
        }
    });
    ui.separator();
    ui.label("Parameters");
    let specs = boards::param_specs(s.game, s.algorithm);
    let mut changed = false;
    egui::Grid::new("params").num_columns(2).show(ui, |ui| {
        for spec in specs {
            ui.label(spec.name).on_hover_text(spec.help);
            if !spec.choices.is_empty() {
                // A choice: one radio button per name.
                let mut k = s.params.choice(spec);
                ui.horizontal(|ui| {
                    for (i, &c) in spec.choices.iter().enumerate() {
                        if ui
                            .radio_value(&mut k, i, c)
                            .on_hover_text(spec.help)
                            .changed()
                        {
                            let _ = s.params.set(specs, spec.name, c, s.algorithm);
                            changed = true;
                        }
                    }
                });
                ui.end_row();
                continue;
            }
            let mut v = s.params.get(spec);
            let integer = spec.default.fract() == 0.0 && spec.max > 1.0;
            let speed = if integer {
                1.0
            } else {
                (spec.max - spec.min) / 200.0
            };
            let r = ui
                .add(
                    egui::DragValue::new(&mut v)
                        .range(spec.min..=spec.max)
                        .speed(speed)
                        .max_decimals(if integer { 0 } else { 3 }),
                )
                .on_hover_text(format!(
                    "{} ({} to {}, default {})",
                    spec.help, spec.min, spec.max, spec.default
                ));
            if r.changed() {
                let _ = s.params.set(specs, spec.name, &v.to_string(), s.algorithm);
                changed = true;
            }
            ui.end_row();
        }
    });
    ui.separator();
    if s.game == BoardGame::TerraMystica {
        ui.horizontal(|ui| {
            ui.label("outline");
            for (v, name, tip) in [
                (
                    BoardVariant::Standard,
                    "standard",
                    "rows of 13-12-13… (the base map, 113 hexes)",
                ),
                (
                    BoardVariant::Offset,
                    "offset",
                    "rows of 12-13-12… (Fire & Ice side 1, Loon Lakes; 112 hexes)",
                ),
            ] {
                changed |= ui
                    .radio_value(&mut s.variant, v, name)
                    .on_hover_text(tip)
                    .changed();
            }
        });
        ui.label("Rules");
        let before = s.scoring.rules;
        ui.horizontal(|ui| {
            for (rules, tip) in [
                (
                    Rules::Table,
                    "the default: strict, plus a river shaped like the official maps' (one \
                     piece, little of it on the edge, no blobs) and fair to every home terrain",
                ),
                (
                    Rules::Strict,
                    "the requirements as the papers state them in words",
                ),
                (
                    Rules::Published,
                    "what the papers' reference implementation computes",
                ),
                (
                    Rules::Thesis,
                    "what the BRKGA thesis computed: REQ2 only for rivers with more than 3 \
                     river neighbours, REQ3 at most 1 and weighing 100",
                ),
                (
                    Rules::ThesisPerHex,
                    "the thesis with REQ4 as its decoder section words it: every land hex \
                     with no land neighbour one spade away",
                ),
            ] {
                changed |= ui
                    .radio_value(&mut s.scoring.rules, rules, rules.name())
                    .on_hover_text(tip)
                    .changed();
            }
        });
        // Untouched weights follow the rule set's default (thesis: REQ3 × 100).
        if s.scoring.rules != before && s.scoring.weights == Weights::for_rules(before) {
            s.scoring.weights = Weights::for_rules(s.scoring.rules);
        }
        ui.label("Weights").on_hover_text(
            "weighted score = Σ weight × violations (BRKGA study: 100, 1, 10000, 1)",
        );
        ui.horizontal(|ui| {
            for (k, w) in s.scoring.weights.0.iter_mut().enumerate() {
                changed |= ui
                    .add(
                        egui::DragValue::new(w)
                            .range(0..=100_000)
                            .prefix(format!("R{} ", k + 1)),
                    )
                    .changed();
            }
        });
    } else {
        ui.horizontal(|ui| {
            ui.label("players");
            for (v, name) in [
                (BoardVariant::Standard, "3-4"),
                (BoardVariant::FiveSixPlayers, "5-6 (30 hexes)"),
            ] {
                changed |= ui.radio_value(&mut s.variant, v, name).changed();
            }
        });
        ui.label("Rules");
        let c = &mut s.scoring.catan;
        ui.horizontal(|ui| {
            let table = *c == CatanOptions::table();
            if ui
                .radio(table, "table")
                .on_hover_text(
                    "the default: every rule players use to call a board balanced (no equal \
                     numbers or 2/12 touching, no number twice on a resource, even production, \
                     no dead or too rich corners, deserts apart, the 2:1 harbour rule)",
                )
                .clicked()
                && !table
            {
                *c = CatanOptions::table();
                changed = true;
            }
            if ui
                .radio(!table, "published")
                .on_hover_text("the papers' R1–R3, with the optional rules below as you set them")
                .clicked()
                && table
            {
                *c = CatanOptions::default();
                changed = true;
            }
        });
        ui.label("Optional rules");
        changed |= ui
            .checkbox(&mut c.no_equal_neighbours, "no equal numbers side by side")
            .changed();
        changed |= ui
            .checkbox(&mut c.no_2_12_neighbours, "no 2 or 12 side by side")
            .changed();
        egui::ComboBox::from_label("desert")
            .selected_text(format!("{:?}", c.desert))
            .show_ui(ui, |ui| {
                for d in [
                    DesertPlacement::Anywhere,
                    DesertPlacement::Centre,
                    DesertPlacement::Coast,
                    DesertPlacement::Inland,
                ] {
                    changed |= ui
                        .selectable_value(&mut c.desert, d, format!("{d:?}"))
                        .changed();
                }
            });
        changed |= ui
            .checkbox(
                &mut c.harbour_rule,
                "2:1 harbours away from their resource's 5/6/8/9",
            )
            .changed();
        changed |= ui
            .add(egui::Slider::new(&mut c.max_corner_pips, 0..=15).text("max pips at a corner"))
            .on_hover_text("0 = no bound; a corner touches three hexes")
            .changed();
        changed |= ui
            .add(egui::Slider::new(&mut c.min_corner_pips, 0..=8).text("min pips inland"))
            .on_hover_text("0 = no bound; an inland corner touches three land hexes")
            .changed();
        changed |= ui
            .checkbox(&mut c.no_repeated_numbers, "no number twice on a resource")
            .changed();
        changed |= ui
            .checkbox(&mut c.spread_red, "6 and 8 at most once per resource")
            .changed();
        changed |= ui
            .checkbox(
                &mut c.even_tile_pips,
                "even production (pips per tile within 0.5)",
            )
            .changed();
        changed |= ui
            .checkbox(&mut c.deserts_apart, "deserts apart (5-6)")
            .changed();
    }
    if changed {
        out.write(GeneratorCommand::Reset);
    }
    ui.separator();
    ui.label("Animation");
    ui.add(egui::Slider::new(&mut s.steps_per_second, 0.0..=200.0).text("steps/s"))
        .on_hover_text("generations per second; 0 = as fast as it goes, on a background thread");
    ui.checkbox(&mut s.show_broken, "highlight broken hexes");
}

fn run_ui(ui: &mut egui::Ui, g: &HexBoardGenerator, out: &mut MessageWriter<GeneratorCommand>) {
    ui.horizontal(|ui| {
        let running = g.state == BoardRunState::Running;
        if ui
            .add_enabled(
                !running && g.state != BoardRunState::Solved,
                egui::Button::new("▶ Start"),
            )
            .clicked()
        {
            out.write(GeneratorCommand::Start);
        }
        if ui
            .add_enabled(running, egui::Button::new("⏸ Pause"))
            .clicked()
        {
            out.write(GeneratorCommand::Pause);
        }
        if ui
            .add_enabled(g.state != BoardRunState::Solved, egui::Button::new("Step"))
            .clicked()
        {
            out.write(GeneratorCommand::Step);
        }
        if ui.button("⟲ Reset").clicked() {
            out.write(GeneratorCommand::Reset);
        }
    });
    let state = match g.state {
        _ if g.loaded.as_ref().is_some_and(|(n, _)| n == "design") => {
            "your board: Evolve the rest searches from it"
        }
        BoardRunState::Ready => "ready",
        BoardRunState::Running => "running",
        BoardRunState::Paused => "paused",
        BoardRunState::Solved => "solved: a perfect board",
    };
    ui.label(format!(
        "{} · {} · seed {} · {}",
        g.settings.game.name(),
        g.settings.algorithm,
        g.settings.seed,
        state
    ));
    ui.heading(format!("score {}", g.shown_score));
    // The rules the board breaks first, every rule folded away: the
    // Balance panel below stays in view on a 1280×800 screen.
    let broken = g.violations.iter().filter(|(_, c)| *c > 0).count();
    if broken == 0 {
        ui.label(format!("all {} rules met", g.violations.len()));
    } else {
        violations_grid(
            ui,
            "broken_rules",
            g.violations.iter().filter(|(_, c)| *c > 0),
        );
    }
    egui::CollapsingHeader::new(format!("every rule ({})", g.violations.len()))
        .id_salt("every_rule")
        .show(ui, |ui| {
            violations_grid(ui, "violations", g.violations.iter())
        });
    ui.label(format!(
        "generation {} · {} evaluations · {:.0} ms searching",
        g.progress.generation,
        g.progress.evaluations,
        g.search_time.as_secs_f64() * 1000.0
    ));
    ui.label(format!(
        "{:.0} generations/s · {:.0} evaluations/s",
        g.gens_per_sec, g.evals_per_sec
    ));
    let best: PlotPoints = g.history.iter().map(|h| [h[0], h[1]]).collect();
    let mean: PlotPoints = g.history.iter().map(|h| [h[0], h[2]]).collect();
    Plot::new("score_plot")
        .height(140.0)
        .legend(Legend::default())
        .x_axis_label("generation")
        .y_axis_label("score")
        .allow_scroll(false)
        .show(ui, |p| {
            p.line(Line::new("best", best));
            p.line(Line::new("mean", mean));
        });
}

/// Rule names and counts, the broken ones in the "over" colour.
fn violations_grid<'a>(
    ui: &mut egui::Ui,
    id: &str,
    rules: impl Iterator<Item = &'a (&'static str, u32)>,
) {
    egui::Grid::new(id).num_columns(2).show(ui, |ui| {
        for (name, count) in rules {
            ui.label(name.to_uppercase());
            let text = egui::RichText::new(count.to_string());
            ui.label(if *count > 0 {
                text.color(egui::Color32::from_rgb(255, 90, 220))
            } else {
                text
            });
            ui.end_row();
        }
    });
}

fn save_ui(ui: &mut egui::Ui, g: &HexBoardGenerator, design: &HexDesign, lib: &mut LevelLibrary) {
    let level = |name: &str| {
        g.level(name)
            .with_design(design.level_design(&g.board_map_view()))
    };
    if lib.save.ui(ui, &levels_dir(), level).is_some() {
        lib.refresh();
    }
}

/// Save the generator's best board as a level (never overwriting unless
/// `overwrite`), report in the library.
pub fn save_level(
    g: &mut HexBoardGenerator,
    design: &HexDesign,
    lib: &mut LevelLibrary,
    path: PathBuf,
    overwrite: bool,
) {
    let map = g.board_map_view();
    let level = g
        .level(&crate::level::Level::name_for(&path))
        .with_design(design.level_design(&map));
    lib.save.write(&path, &level, overwrite);
    lib.refresh();
}

fn library_ui(ui: &mut egui::Ui, lib: &mut LevelLibrary, assets: &AssetServer) {
    ui.horizontal(|ui| {
        ui.label(format!("Levels in {LEVELS_DIR}/"));
        if ui
            .small_button("↻")
            .on_hover_text("re-read the folder")
            .clicked()
        {
            lib.refresh();
        }
    });
    let files = lib.files.clone();
    if files.is_empty() {
        ui.label("(none yet)");
    }
    for f in files {
        let name = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if ui
            .button(&name)
            .on_hover_text("load this level onto the board")
            .clicked()
        {
            let asset_path = format!("{LEVELS_DIR}/{name}");
            let handle: Handle<LevelAsset> = assets.load(asset_path.clone());
            // A level saved again under the same name must be read anew.
            assets.reload(asset_path);
            lib.pending = Some(handle);
            lib.message = StatusLine::info(format!("loading {name} …"));
        }
    }
}
