//! The egui side of the Puzzle screen: settings and the level list on the
//! left, the board in the middle, timer, Check, Hint and Accept on the
//! right.

use super::draw;
use super::edit_ui;
use super::editor::{EditorRequest, PuzzleEditor};
use super::{Generation, PuzzleGame, PuzzleInput, PuzzleLevels, PuzzleRequest, PuzzleSettings};
use crate::app::Screen;
use crate::app::shell::ScreenStatus;
use crate::app::shell::StatusLine;
use crate::app::shell::camera::PanelInsets;
use crate::app::shell::side_panel::{Side, SidePanels, side_panel};
use crate::level::{Level, LevelMap};
use crate::puzzle::{
    Action, CheckResult, Difficulty, LEVEL_NAMES, MAX_SIDE, MIN_GEN_SIDE, Play, RuleSet, Technique,
    technique_grade, techniques_used,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::Path;

/// Registers the UI system.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        puzzle_ui
            .in_set(crate::app::shell::ScreenUiSet::Panels)
            .run_if(in_state(Screen::Puzzle)),
    );
}

#[allow(clippy::too_many_arguments)]
fn puzzle_ui(
    mut contexts: EguiContexts,
    mut insets: ResMut<PanelInsets>,
    mut panels: ResMut<SidePanels>,
    mut settings: ResMut<PuzzleSettings>,
    mut game: ResMut<PuzzleGame>,
    mut levels: ResMut<PuzzleLevels>,
    generation: Res<Generation>,
    mut inputs: MessageWriter<PuzzleInput>,
    mut commands: MessageWriter<PuzzleRequest>,
    mut editor: ResMut<PuzzleEditor>,
    mut edits: MessageWriter<EditorRequest>,
    status: Res<ScreenStatus>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::app::shell::content_root(ctx, &insets, "puzzle");
    let left = side_panel(
        &mut root,
        &mut panels,
        Side::Left,
        "puzzle_settings",
        250.0,
        |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                mode_ui(ui, &editor, &game, &mut edits);
                if editor.active {
                    edit_ui::left(ui, &mut editor, &mut edits);
                    return;
                }
                // Edit a copy: the settings change (for change detection)
                // only when the user changed something.
                let mut edited = settings.clone();
                settings_ui(
                    ui,
                    &mut edited,
                    (&game, &status[Screen::Puzzle]),
                    &generation,
                    &mut commands,
                );
                settings.set_if_neq(edited);
                ui.separator();
                levels_ui(ui, &mut levels, &mut commands);
            })
        },
    );
    let right = side_panel(
        &mut root,
        &mut panels,
        Side::Right,
        "puzzle_play",
        320.0,
        |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if editor.active {
                    edit_ui::right(ui, &mut editor, &mut levels, &mut edits);
                    return;
                }
                play_ui(ui, &mut game, &mut inputs);
                if let Some(p) = &game.play {
                    ui.separator();
                    accept_ui(ui, p, &game.title, &mut levels);
                }
            })
        },
    );
    egui::CentralPanel::default().show(&mut root, |ui| {
        if editor.active {
            let added: Vec<(usize, usize)> = editor.last_unique.as_ref().map_or(Vec::new(), |u| {
                u.0.added.iter().map(|&(r, c, _)| (r, c)).collect()
            });
            if let Some((r, c, primary)) = draw::draft(ui, editor.draft.board(), &added) {
                edits.write(if primary {
                    EditorRequest::Cycle(r, c)
                } else {
                    EditorRequest::Set(r, c, crate::puzzle::Square::Empty)
                });
            }
            return;
        }
        if let Some(p) = &game.play {
            if let Some(a) = draw::board(ui, p) {
                inputs.write(PuzzleInput(a));
            }
        } else {
            ui.centered_and_justified(|ui| ui.label("No puzzle yet: press Generate."));
        }
        if generation.is_running() {
            ui.put(
                egui::Rect::from_center_size(ui.max_rect().center(), egui::vec2(200.0, 40.0)),
                egui::Label::new(egui::RichText::new("generating…").heading()),
            );
        }
    });
    insets.bypass_change_detection().left = left;
    insets.bypass_change_detection().right = right;
    insets.bypass_change_detection().bottom = 0.0;
    Ok(())
}

/// Play or Edit, and "Edit this puzzle".
fn mode_ui(
    ui: &mut egui::Ui,
    editor: &PuzzleEditor,
    game: &PuzzleGame,
    edits: &mut MessageWriter<EditorRequest>,
) {
    ui.horizontal(|ui| {
        if ui.selectable_label(!editor.active, "Play").clicked() {
            edits.write(EditorRequest::Open(false));
        }
        if ui
            .selectable_label(editor.active, "Edit")
            .on_hover_text("make a puzzle by hand")
            .clicked()
        {
            edits.write(EditorRequest::Open(true));
        }
        if let Some(p) = game.play.as_ref().filter(|_| !editor.active)
            && ui
                .small_button("edit this puzzle")
                .on_hover_text("open its givens and blocked cells in the editor")
                .clicked()
        {
            edits.write(EditorRequest::FromPuzzle(Box::new(p.puzzle().clone())));
        }
    });
    ui.separator();
}

fn settings_ui(
    ui: &mut egui::Ui,
    settings: &mut PuzzleSettings,
    game: (&PuzzleGame, &StatusLine),
    generation: &Generation,
    commands: &mut MessageWriter<PuzzleRequest>,
) {
    let s = &mut settings.0;
    ui.heading("Puzzle");
    ui.label(match s.rules {
        RuleSet::NoThree => "No three equal in a row — across, down or diagonal.",
        RuleSet::Takuzu => "Takuzu: no three equal across or down; as many X as O in every line.",
        RuleSet::TakuzuUnique => {
            "Takuzu: no three equal across or down; as many X as O in every line; no two lines alike."
        }
    });
    edit_ui::rules_combo(ui, "puzzle_rules", &mut s.rules);
    ui.add_space(4.0);
    egui::Grid::new("puzzle_size")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("width");
            ui.add(egui::Slider::new(&mut s.width, MIN_GEN_SIDE..=MAX_SIDE));
            ui.end_row();
            ui.label("height");
            ui.add(egui::Slider::new(&mut s.height, MIN_GEN_SIDE..=MAX_SIDE));
            ui.end_row();
        });
    ui.weak(format!("{MIN_GEN_SIDE} to {MAX_SIDE} cells a side"));
    let grade_text = |g: Option<u8>| match g {
        None if s.rules.is_takuzu() => "2: look-ahead (default)".to_string(),
        None => "any (published)".to_string(),
        Some(g) => format!("{g}: {}", grade_techniques(g)),
    };
    egui::ComboBox::from_label("grade")
        .selected_text(grade_text(s.grade))
        .width(150.0)
        .show_ui(ui, |ui| {
            for g in [None, Some(1), Some(2), Some(3)] {
                ui.selectable_value(&mut s.grade, g, grade_text(g))
                    .on_hover_text("the hardest technique the puzzle needs");
            }
        });
    if s.rules.is_takuzu() || s.grade.is_some() {
        return generate_row(ui, s, game, generation, commands);
    }
    ui.horizontal(|ui| {
        ui.label("difficulty");
        ui.radio_value(&mut s.difficulty, Difficulty::Easy, "easy");
        ui.radio_value(&mut s.difficulty, Difficulty::Hard, "hard");
    });
    let level_text = |l: Option<u8>| match l {
        None => "any (published)",
        Some(1) => "1: pairs",
        Some(2) => "2: gaps (X_X)",
        _ => "3: look-ahead",
    };
    egui::ComboBox::from_label("level")
        .selected_text(level_text(s.level))
        .width(150.0)
        .show_ui(ui, |ui| {
            for l in [None, Some(1), Some(2), Some(3)] {
                let tip = l.map_or("whatever level the published procedure gives", |l| {
                    LEVEL_NAMES[l as usize]
                });
                ui.selectable_value(&mut s.level, l, level_text(l))
                    .on_hover_text(tip);
            }
        });
    generate_row(ui, s, game, generation, commands);
}

/// The techniques of a grade, for the grade picker.
fn grade_techniques(g: u8) -> String {
    let names: Vec<&str> = Technique::ALL
        .iter()
        .filter(|t| t.grade() == g)
        .map(|t| t.name())
        .collect();
    names.join(", ")
}

/// Seed, Generate, the puzzle's line and the keys.
fn generate_row(
    ui: &mut egui::Ui,
    s: &mut crate::puzzle::Settings,
    (game, status): (&PuzzleGame, &StatusLine),
    generation: &Generation,
    commands: &mut MessageWriter<PuzzleRequest>,
) {
    ui.horizontal(|ui| {
        ui.label("seed");
        ui.add(egui::DragValue::new(&mut s.seed));
        if ui.small_button("next").clicked() {
            s.seed = s.seed.wrapping_add(1);
            commands.write(PuzzleRequest::Generate);
        }
    });
    ui.horizontal(|ui| {
        let busy = generation.is_running();
        if ui
            .add_enabled(!busy, egui::Button::new("Generate"))
            .clicked()
        {
            commands.write(PuzzleRequest::Generate);
        }
        if let Some(t) = generation.running_for() {
            ui.spinner();
            ui.label(format!("generating… {t:.1} s"));
        } else if let Some(t) = game.generated_in {
            ui.weak(format!("took {:.1} ms", t.as_secs_f64() * 1000.0));
        }
    });
    status.show(ui);
    if let Some(p) = &game.play {
        ui.separator();
        puzzle_info(ui, &game.title, p);
    }
    ui.separator();
    ui.label("Keys");
    ui.weak(
        "arrows move · X / O set · Space clears · C cycles · Enter checks · H hint · A applies it",
    );
    ui.weak("Click cycles X, O, empty; right-click goes back.");
}

fn puzzle_info(ui: &mut egui::Ui, title: &str, p: &Play) {
    let q = p.puzzle();
    ui.label(egui::RichText::new(title).strong());
    let (grade, techniques) = puzzle_grade(q);
    ui.label(format!(
        "{} · level {} · {:.0} % empty · {:.0} % blocked",
        grade.map_or("beyond grade 3".to_string(), |g| format!("grade {g}")),
        q.level.map_or("beyond 3".to_string(), |l| l.to_string()),
        q.empty_share * 100.0,
        q.blocked_share * 100.0
    ))
    .on_hover_text("grade: the hardest technique a person needs; level: the published grader's");
    if !techniques.is_empty() {
        let names: Vec<&str> = techniques.iter().map(|t| t.name()).collect();
        ui.weak(format!("needs {}", names.join(", ")));
    }
}

/// A puzzle's grade by technique and the techniques it needs (the saved
/// grade when the file has one).
fn puzzle_grade(q: &crate::puzzle::Puzzle) -> (Option<u8>, Vec<Technique>) {
    match q.cells_board() {
        Ok(b) => (q.grade.or_else(|| technique_grade(&b)), techniques_used(&b)),
        Err(_) => (q.grade, Vec::new()),
    }
}

fn levels_ui(
    ui: &mut egui::Ui,
    levels: &mut PuzzleLevels,
    commands: &mut MessageWriter<PuzzleRequest>,
) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Saved puzzles").strong());
        if ui.small_button("refresh").clicked() {
            levels.refresh(Path::new(crate::app::shell::library::LEVELS_DIR));
        }
    });
    if levels.entries.is_empty() {
        ui.weak("none in levels/ yet");
    }
    let mut load_error = None;
    for (path, name, desc) in &levels.entries {
        ui.horizontal(|ui| {
            if ui
                .button(name)
                .on_hover_text(path.display().to_string())
                .clicked()
            {
                match Level::load(path) {
                    Ok(Level {
                        map: LevelMap::Puzzle(p),
                        name,
                        ..
                    }) => {
                        commands.write(PuzzleRequest::Load {
                            puzzle: Box::new(p),
                            name,
                        });
                    }
                    Ok(level) => load_error = Some(format!("{} is not a puzzle", level.name)),
                    Err(e) => load_error = Some(e.to_string()),
                }
            }
            ui.weak(desc);
        });
    }
    if let Some(e) = load_error {
        levels.unreadable.push(e);
    }
    for e in &levels.unreadable {
        ui.colored_label(egui::Color32::LIGHT_RED, e);
    }
}

fn accept_ui(ui: &mut egui::Ui, p: &Play, title: &str, levels: &mut PuzzleLevels) {
    let q = p.puzzle();
    // A new puzzle gets a fresh box with a default name.
    if levels.save_for != title {
        levels.save = Default::default();
        levels.save_for = title.to_string();
    }
    if levels.save.name.is_empty() {
        levels.save.name = format!(
            "puzzle-{}x{}-{}-{}",
            q.width,
            q.height,
            match q.grade {
                Some(g) if q.rules.is_takuzu() => format!("{}-grade{g}", q.rules.name()),
                Some(g) => format!("grade{g}"),
                None => q.difficulty.name().to_string(),
            },
            q.seed
        );
    }
    if levels
        .save
        .ui(ui, &crate::app::shell::save_box::levels_dir(), |name| {
            Level::puzzle(name, q)
        })
        .is_some()
    {
        levels.refresh(Path::new(crate::app::shell::library::LEVELS_DIR));
    }
}

fn play_ui(ui: &mut egui::Ui, game: &mut PuzzleGame, inputs: &mut MessageWriter<PuzzleInput>) {
    let Some(p) = &game.play else {
        return;
    };
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(p.timer_text()).monospace().size(26.0));
        if p.is_solved() {
            ui.colored_label(
                egui::Color32::LIGHT_GREEN,
                egui::RichText::new("Solved!").heading(),
            );
        }
    });
    ui.label(p.status());
    let breaks = p.rule_breaks().len();
    if breaks > 0 {
        ui.colored_label(
            egui::Color32::from_rgb(0xff, 0x80, 0x80),
            format!(
                "{breaks} three-in-a-row{} (red)",
                if breaks == 1 { "" } else { "s" }
            ),
        );
    }
    let lines = p.line_breaks();
    if lines > 0 {
        ui.colored_label(
            egui::Color32::from_rgb(0xff, 0x80, 0x80),
            format!(
                "{lines} line{} over its half or repeating another",
                if lines == 1 { "" } else { "s" }
            ),
        );
    }
    ui.add_space(4.0);
    let mut act = |a| {
        inputs.write(PuzzleInput(a));
    };
    ui.horizontal(|ui| {
        if ui.button("Check").on_hover_text("Enter").clicked() {
            act(Action::Check);
        }
        if ui.button("Hint").on_hover_text("H").clicked() {
            act(Action::Hint);
        }
        let can_apply = p.shown_hint().is_some_and(|h| h.value.is_some());
        if ui
            .add_enabled(can_apply, egui::Button::new("Apply hint"))
            .on_hover_text("A")
            .clicked()
        {
            act(Action::ApplyHint);
        }
        if ui.button("Restart").clicked() {
            act(Action::Restart);
        }
    });
    if let Some(c) = p.check_result() {
        let color = match c {
            CheckResult::Solved => egui::Color32::LIGHT_GREEN,
            CheckResult::Wrong { .. } => egui::Color32::from_rgb(0xff, 0x80, 0x80),
            CheckResult::Incomplete { .. } => ui.visuals().text_color(),
        };
        ui.colored_label(color, c.message());
    }
    if let Some(h) = p.shown_hint() {
        ui.add_space(4.0);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(egui::RichText::new("Hint").strong());
            if let Some(t) = h.technique {
                ui.label(
                    egui::RichText::new(format!("grade {} · {}", t.grade(), t.name())).italics(),
                )
                .on_hover_text(t.describe());
            }
            ui.label(&h.text);
        });
    }
    ui.add_space(6.0);
    draw::legend(ui);
}
