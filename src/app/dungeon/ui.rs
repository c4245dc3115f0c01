//! The dungeon screen's egui panels: parameters on the left; the run, the
//! proposals to flip through, the game master's tools and room panel, the
//! pacing plot, the selected map's figures and legend, "Accept and save"
//! and "Export as" on the right; the hovered room's contents at the
//! pointer.

use super::design::{DungeonDesign, DungeonDesignCommand};
use super::export::{DungeonExport, export_ui};
use super::generator::{
    DungeonCommand, DungeonRun, DungeonRunState, DungeonSettings, SizeChoice, Stage,
};
use super::hover::HoveredRoom;
use crate::app::Screen;
use crate::app::shell::ScreenStatus;
use crate::app::shell::StatusLine;
use crate::app::shell::camera::PanelInsets;
use crate::app::shell::content_root;
use crate::app::shell::save_box::{SaveBox, levels_dir};
use crate::app::shell::side_panel::{Side, SidePanels, side_panel};
use crate::dungeon::{
    DungeonParams, DungeonStyle, MAX_EXTRAS, MAX_PROPOSALS, MAX_SIDE, MAX_TRAPS, MIN_ROOMS,
    MIN_SIDE, Size,
};
use crate::level::Level;
use crate::plugin::{DOOR_RGB, ENTRANCE_RGB, FINAL_RGB, SECRET_RGB, TRAP_RGB};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui_plot::{Legend, Line, Plot, PlotPoints};

/// The screen's save box.
#[derive(Resource, Default)]
pub struct DungeonSaveBox(pub SaveBox);

/// The panels.
#[allow(clippy::too_many_arguments)]
pub fn panels_ui(
    mut contexts: EguiContexts,
    mut settings: ResMut<DungeonSettings>,
    mut run: ResMut<DungeonRun>,
    mut out: MessageWriter<DungeonCommand>,
    mut insets: ResMut<PanelInsets>,
    mut panels: ResMut<SidePanels>,
    mut save: ResMut<DungeonSaveBox>,
    hovered: Res<HoveredRoom>,
    mut design: ResMut<DungeonDesign>,
    mut gm: MessageWriter<DungeonDesignCommand>,
    mut exports: ResMut<DungeonExport>,
    status: Res<ScreenStatus>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = content_root(ctx, &insets, "dungeon");
    let left = side_panel(
        &mut root,
        &mut panels,
        Side::Left,
        "dungeon_settings",
        260.0,
        |ui| {
            egui::ScrollArea::both().show(ui, |ui| {
                // Edit a copy: the settings change (for change detection)
                // only when the user changed something.
                let mut edited = settings.clone();
                settings_ui(ui, &mut edited);
                settings.set_if_neq(edited);
                ui.separator();
                buttons_ui(ui, &settings, &run, &mut out);
            })
        },
    );
    let right = side_panel(
        &mut root,
        &mut panels,
        Side::Right,
        "dungeon_run",
        320.0,
        |ui| {
            egui::ScrollArea::both().show(ui, |ui| {
                run_ui(ui, &mut run, &status[Screen::Dungeon]);
                ui.separator();
                super::gm_panel::gm_ui(ui, &mut design, &mut gm);
                if let Some(d) = &design.dungeon {
                    ui.separator();
                    super::pacing_plot::pacing_ui(ui, d);
                }
                ui.separator();
                selected_ui(ui, &run, &design, &hovered);
                ui.separator();
                save_ui(ui, &run, &design, &mut save.0, &mut exports);
            })
        },
    );
    insets.bypass_change_detection().left = left;
    insets.bypass_change_detection().right = right;
    if let Some(text) = &hovered.text
        && let Some(pos) = ctx.pointer_hover_pos()
    {
        egui::Area::new("dungeon_room_tip".into())
            .order(egui::Order::Tooltip)
            .fixed_pos(pos + egui::vec2(16.0, 16.0))
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| ui.label(text));
            });
    }
    Ok(())
}

fn settings_ui(ui: &mut egui::Ui, s: &mut DungeonSettings) {
    ui.heading("Dungeon");
    ui.label("Size");
    ui.horizontal_wrapped(|ui| {
        for size in Size::ALL {
            let label = format!("{} {}²", size.name(), size.side());
            if ui
                .selectable_label(s.size == SizeChoice::Preset(size), label)
                .on_hover_text(format!(
                    "{0}×{0} cells, {1}-{2} rooms (the published Mapmaker setting)",
                    size.side(),
                    size.rooms().0,
                    size.rooms().1
                ))
                .clicked()
            {
                s.set_size(size);
            }
        }
        if ui
            .selectable_label(s.size == SizeChoice::Custom, "custom")
            .on_hover_text("choose the grid and the room range yourself")
            .clicked()
        {
            s.size = SizeChoice::Custom;
        }
    });
    let p = &mut s.params;
    ui.add_enabled_ui(s.size == SizeChoice::Custom, |ui| {
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut p.width).range(MIN_SIDE..=MAX_SIDE))
                .on_hover_text(format!(
                    "grid width, {MIN_SIDE} to {MAX_SIDE} cells (1 cell = 5 ft)"
                ));
            ui.label("×");
            ui.add(egui::DragValue::new(&mut p.height).range(MIN_SIDE..=MAX_SIDE))
                .on_hover_text(format!("grid height, {MIN_SIDE} to {MAX_SIDE} cells"));
            ui.label("cells");
        });
        let cap = DungeonParams::room_capacity(p.width, p.height);
        ui.horizontal(|ui| {
            ui.label("Rooms");
            ui.add(egui::DragValue::new(&mut p.min_rooms).range(MIN_ROOMS..=cap))
                .on_hover_text(format!("fewest rooms, {MIN_ROOMS} to {cap} on this grid"));
            ui.label("to");
            ui.add(egui::DragValue::new(&mut p.max_rooms).range(MIN_ROOMS..=cap))
                .on_hover_text(format!(
                    "most rooms, up to {cap} here (one room per 100 cells, at most 26: A-Z)"
                ));
        });
        p.max_rooms = p.max_rooms.max(p.min_rooms);
    });
    ui.add(egui::Slider::new(&mut p.enemies_pct, 0..=100).text("% with enemies"))
        .on_hover_text("share of the rooms that hold enemies, rounded half up");
    ui.add(egui::Slider::new(&mut p.treasure_pct, 0..=100).text("% with treasure"))
        .on_hover_text("share of the rooms that hold treasure, rounded half up");
    ui.horizontal_wrapped(|ui| {
        ui.label("Style");
        for style in DungeonStyle::ALL {
            let tip = match style {
                DungeonStyle::Rooms => "rectangular rooms joined by corridors",
                DungeonStyle::Caves => "irregular rooms grown by cellular automata",
                DungeonStyle::Labyrinth => "a maze fills the rock between the rooms",
            };
            ui.selectable_value(&mut p.style, style, style.name())
                .on_hover_text(tip);
        }
    });
    ui.horizontal(|ui| {
        ui.label("Corridor width");
        for w in 1..=3u8 {
            ui.selectable_value(&mut p.corridor_width, w, w.to_string())
                .on_hover_text(format!("corridors {w} cell(s) wide ({} ft)", 5 * w as u32));
        }
    });
    ui.add(egui::Slider::new(&mut p.proposals, 1..=MAX_PROPOSALS).text("proposals"))
        .on_hover_text("dungeons evolved side by side, to choose from");
    ui.collapsing("Party and theme", |ui| {
        let (lo, hi) = crate::dungeon::PARTY_LEVELS;
        ui.add(egui::Slider::new(&mut p.party.level, lo..=hi).text("party level"))
            .on_hover_text("character level: sizes the fights, the boss and the treasure");
        let (lo, hi) = crate::dungeon::PARTY_SIZES;
        ui.add(egui::Slider::new(&mut p.party.size, lo..=hi).text("characters"))
            .on_hover_text("how many characters the party has");
        let shown = p
            .theme
            .clone()
            .unwrap_or_else(|| "any (the seed picks)".into());
        egui::ComboBox::from_label("theme")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut p.theme, None, "any (the seed picks)");
                for name in crate::dungeon::Theme::names() {
                    ui.selectable_value(&mut p.theme, Some(name.to_string()), name);
                }
            });
    });
    ui.collapsing("Extras", |ui| {
        ui.add(egui::Slider::new(&mut p.loops, 0..=MAX_EXTRAS).text("loops"))
            .on_hover_text("extra corridors that make a round trip (best effort)");
        ui.add(egui::Slider::new(&mut p.dead_ends, 0..=MAX_EXTRAS).text("dead ends"))
            .on_hover_text("short corridors leading nowhere");
        ui.add(egui::Slider::new(&mut p.secret_doors, 0..=MAX_EXTRAS).text("secret doors"))
            .on_hover_text("doors the players must find (purple mark)");
        ui.add(egui::Slider::new(&mut p.traps, 0..=MAX_TRAPS).text("traps"))
            .on_hover_text("trapped corridor cells (red cross)");
    });
    ui.collapsing("Genetic algorithms", |ui| {
        ui.add(egui::Slider::new(&mut p.ga.generations, 1..=100).text("generations"))
            .on_hover_text("per GA (published: 10)");
        ui.add(egui::Slider::new(&mut p.ga.population, 2..=100).text("population"))
            .on_hover_text("individuals per generation (published: 10)");
        ui.add(egui::Slider::new(&mut p.ga.mutation_rate, 0.0..=1.0).text("mutation"))
            .on_hover_text("chance a child is mutated (published: 0.4)");
    });
    ui.horizontal(|ui| {
        ui.label("Seed");
        ui.add(egui::DragValue::new(&mut s.seed)).on_hover_text(
            "the same seed and settings give the same dungeons as `evoboard dungeon`",
        );
        if ui.small_button("next").on_hover_text("seed + 1").clicked() {
            s.seed = s.seed.wrapping_add(1);
        }
    });
    ui.add(egui::Slider::new(&mut s.steps_per_second, 0.0..=60.0).text("generations/s"))
        .on_hover_text("animation speed; 0 = as fast as it goes");
    if let Err(e) = s.params.validate() {
        ui.colored_label(egui::Color32::LIGHT_RED, e.to_string());
    }
}

fn buttons_ui(
    ui: &mut egui::Ui,
    s: &DungeonSettings,
    run: &DungeonRun,
    out: &mut MessageWriter<DungeonCommand>,
) {
    let valid = s.params.validate().is_ok();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(valid, egui::Button::new("▶ Generate"))
            .on_hover_text("evolve new proposals from these settings")
            .clicked()
        {
            out.write(DungeonCommand::Start);
        }
        let toggle = match run.state {
            DungeonRunState::Running => Some(("⏸ Pause", DungeonCommand::Pause)),
            DungeonRunState::Paused => Some(("▶ Resume", DungeonCommand::Resume)),
            _ => None,
        };
        if let Some((label, command)) = toggle
            && ui.button(label).clicked()
        {
            out.write(command);
        }
        if ui
            .add_enabled(
                valid && run.state != DungeonRunState::Done,
                egui::Button::new("Step"),
            )
            .on_hover_text("one generation of every proposal")
            .clicked()
        {
            out.write(DungeonCommand::Step);
        }
        if ui.button("Reset").clicked() {
            out.write(DungeonCommand::Reset);
        }
    });
}

fn run_ui(ui: &mut egui::Ui, run: &mut DungeonRun, status: &StatusLine) {
    ui.heading("Proposals");
    status.show(ui);
    if run.proposals.is_empty() {
        ui.label("Press Generate to evolve dungeons.");
        return;
    }
    let state = match run.state {
        DungeonRunState::Running => "running",
        DungeonRunState::Paused => "paused",
        DungeonRunState::Done => "done",
        DungeonRunState::Idle => "idle",
    };
    ui.label(format!("{state}: {}", run.stage_label()));
    ui.add(
        egui::ProgressBar::new(run.ticks as f32 / run.total_ticks().max(1) as f32)
            .desired_height(6.0),
    );
    let n = run.proposals.len();
    ui.horizontal(|ui| {
        if ui.button("< Prev").clicked() {
            run.selected = (run.selected + n - 1) % n;
            run.dirty = true;
        }
        ui.label(format!("{} of {n}", run.selected + 1));
        if ui.button("Next >").clicked() {
            run.selected = (run.selected + 1) % n;
            run.dirty = true;
        }
    });
    let best = run.best();
    let mut pick = None;
    for (i, p) in run.proposals.iter().enumerate() {
        let text = match p.dungeon() {
            Some(d) => format!(
                "{}. fitness {:.0}, contents {:.0}, {} rooms{}",
                i + 1,
                d.fitness,
                d.contents_fitness,
                d.rooms.len(),
                if best == Some(i) { "  ★ best" } else { "" }
            ),
            None => format!("{}. layout fitness {:.0}", i + 1, p.layout_fitness()),
        };
        if ui.selectable_label(run.selected == i, text).clicked() {
            pick = Some(i);
        }
    }
    if let Some(i) = pick {
        run.selected = i;
        run.dirty = true;
    }
    if run.state == DungeonRunState::Done {
        ui.collapsing("Layout fitness", |ui| plot_ui(ui, run));
    } else {
        plot_ui(ui, run);
    }
}

fn plot_ui(ui: &mut egui::Ui, run: &DungeonRun) {
    let Some(p) = run.shown() else { return };
    let best: PlotPoints = p
        .layout_history
        .iter()
        .enumerate()
        .map(|(g, h)| [g as f64, h[0]])
        .collect();
    let mean: PlotPoints = p
        .layout_history
        .iter()
        .enumerate()
        .map(|(g, h)| [g as f64, h[1]])
        .collect();
    ui.label(format!("Layout fitness of proposal {}", p.index + 1));
    Plot::new("dungeon_fitness")
        .height(130.0)
        .legend(Legend::default())
        .allow_scroll(false)
        .allow_drag(false)
        .x_axis_label("generation")
        .show(ui, |plot| {
            plot.line(Line::new("best", best));
            plot.line(Line::new("mean", mean));
        });
    if !p.contents_history.is_empty() {
        let figures: Vec<String> = p
            .contents_history
            .iter()
            .map(|f| format!("{f:.0}"))
            .collect();
        ui.label(format!(
            "Contents fitness per generation: {}",
            figures.join(" ")
        ))
        .on_hover_text("100 − 20 per empty room beyond 20 %, + 5 per game-master nicety");
    }
}

fn selected_ui(ui: &mut egui::Ui, run: &DungeonRun, design: &DungeonDesign, hovered: &HoveredRoom) {
    let Some(p) = run.shown() else { return };
    match &hovered.text {
        Some(t) => ui.strong(t),
        None => ui.weak("Hover a room to see its contents."),
    };
    let edited = design
        .dungeon
        .as_ref()
        .filter(|_| design.proposal == Some(run.selected));
    let Some(d) = edited.or(p.dungeon()) else {
        if let Stage::Contents(_) = p.stage {
            ui.label("Deciding which rooms hold enemies and treasure…");
        }
        return;
    };
    let m = &d.metrics;
    ui.horizontal(|ui| {
        swatch(ui, Swatch::Square, ENTRANCE_RGB);
        ui.label(format!("entrance {}", d.rooms[d.entrance].letter));
        swatch(ui, Swatch::Square, FINAL_RGB);
        ui.label(format!("final room {}", d.rooms[d.final_room].letter));
    });
    ui.horizontal(|ui| {
        swatch(ui, Swatch::Disc, [204, 26, 26]);
        ui.label("enemies");
        swatch(ui, Swatch::Diamond, [245, 204, 31]);
        ui.label("treasure");
        swatch(ui, Swatch::Square, DOOR_RGB);
        ui.label("door");
    });
    ui.horizontal(|ui| {
        swatch(ui, Swatch::Square, SECRET_RGB);
        ui.label("secret door");
        swatch(ui, Swatch::Cross, TRAP_RGB);
        ui.label("trap");
    });
    egui::Grid::new("dungeon_figures")
        .striped(true)
        .show(ui, |ui| {
            let rows: [(&str, String); 8] = [
                ("rooms", m.rooms.to_string()),
                ("corridor cells", m.corridor_cells.to_string()),
                ("dead ends", m.dead_ends.to_string()),
                ("loops", m.loops.to_string()),
                ("longest path", format!("{} steps", m.longest_path)),
                (
                    "empty rooms",
                    format!("{} ({:.0} %)", m.empty_rooms, m.empty_share * 100.0),
                ),
                ("secret doors", m.secret_doors.to_string()),
                ("traps", m.traps.to_string()),
            ];
            for (k, v) in rows {
                ui.label(k);
                ui.label(v);
                ui.end_row();
            }
        });
    ui.collapsing("Legend", |ui| {
        for line in d.legend() {
            ui.label(line);
        }
    });
}

/// The shapes of the map key.
#[derive(Clone, Copy)]
enum Swatch {
    Square,
    Disc,
    Diamond,
    Cross,
}

/// A small painted key shape (egui's fonts lack the symbols).
fn swatch(ui: &mut egui::Ui, shape: Swatch, rgb: [u8; 3]) {
    let c = egui::Color32::from_rgb(rgb[0], rgb[1], rgb[2]);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    let p = ui.painter();
    let m = rect.center();
    match shape {
        Swatch::Square => {
            p.rect_filled(rect.shrink(1.0), 1.0, c);
        }
        Swatch::Disc => {
            p.circle_filled(m, 5.5, c);
        }
        Swatch::Diamond => {
            let pts = [(0.0, -6.0), (6.0, 0.0), (0.0, 6.0), (-6.0, 0.0)]
                .map(|(x, y)| m + egui::vec2(x, y))
                .to_vec();
            p.add(egui::Shape::convex_polygon(pts, c, egui::Stroke::NONE));
        }
        Swatch::Cross => {
            let s = egui::Stroke::new(2.0, c);
            p.line_segment([rect.left_top(), rect.right_bottom()], s);
            p.line_segment([rect.right_top(), rect.left_bottom()], s);
        }
    }
}

fn save_ui(
    ui: &mut egui::Ui,
    run: &DungeonRun,
    design: &DungeonDesign,
    save: &mut SaveBox,
    exports: &mut DungeonExport,
) {
    let edited = design
        .dungeon
        .as_ref()
        .filter(|_| design.proposal == Some(run.selected));
    let finished = edited.or(run.shown().and_then(|p| p.dungeon()));
    let (Some(d), Some(params)) = (finished, run.params.as_ref()) else {
        ui.weak("Accept and save: when the proposals are finished.");
        return;
    };
    // The CLI's `--out` level, with the game master's changes (pins,
    // letters, ends).
    save.ui(ui, &levels_dir(), |name| Level::dungeon(name, d, params));
    export_ui(ui, exports, d, &save.name, &levels_dir());
}
