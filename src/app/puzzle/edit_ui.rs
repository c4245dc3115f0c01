//! The egui side of Edit mode: size, the click tool and clearing on the
//! left; the live status (solutions, grade), Make unique, Play this and
//! the save box on the right. The board is drawn by `draw::draft`.

use super::PuzzleLevels;
use super::editor::{EditorRequest, PuzzleEditor};
use crate::app::shell::save_box::levels_dir;
use crate::level::hand_level;
use crate::puzzle::{MAX_SIDE, MIN_GEN_SIDE, RuleSet, Square};
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::Path;

/// The left panel in Edit mode.
pub fn left(ui: &mut egui::Ui, editor: &mut PuzzleEditor, out: &mut MessageWriter<EditorRequest>) {
    ui.heading("Puzzle editor");
    ui.label("Place givens and blocked cells; the status updates as you go.");
    ui.add_space(4.0);
    let mut rules = editor.draft.rules();
    rules_combo(ui, "editor_rules", &mut rules);
    if rules != editor.draft.rules() {
        out.write(EditorRequest::Rules(rules));
    }
    let (mut w, mut h) = (editor.draft.width(), editor.draft.height());
    egui::Grid::new("editor_size")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("width");
            ui.add(egui::Slider::new(&mut w, MIN_GEN_SIDE..=MAX_SIDE));
            ui.end_row();
            ui.label("height");
            ui.add(egui::Slider::new(&mut h, MIN_GEN_SIDE..=MAX_SIDE));
            ui.end_row();
        });
    if (w, h) != (editor.draft.width(), editor.draft.height()) {
        // Keep what fits: a resize is an edit like any other.
        out.write(EditorRequest::Resize(w, h));
    }
    ui.add_space(4.0);
    ui.label("Click puts");
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut editor.palette, None, "cycle")
            .on_hover_text("empty → X → O → blocked → empty");
        ui.selectable_value(&mut editor.palette, Some(Square::X), "X");
        ui.selectable_value(&mut editor.palette, Some(Square::O), "O");
        ui.selectable_value(&mut editor.palette, Some(Square::Blocked), "blocked");
        ui.selectable_value(&mut editor.palette, Some(Square::Empty), "empty");
    });
    ui.weak("Right-click empties a cell.");
    ui.add_space(4.0);
    if ui.button("Clear the board").clicked() {
        out.write(EditorRequest::New(w, h));
    }
    let (undos, redos) = editor.history.depth();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(undos > 0, egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            out.write(EditorRequest::Undo);
        }
        if ui
            .add_enabled(redos > 0, egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Shift+Z or Ctrl+Y")
            .clicked()
        {
            out.write(EditorRequest::Redo);
        }
    });
    ui.horizontal(|ui| {
        ui.label("seed");
        ui.add(egui::DragValue::new(&mut editor.seed))
            .on_hover_text("ties in Make unique; saved with the level");
    });
}

/// The right panel in Edit mode.
pub fn right(
    ui: &mut egui::Ui,
    editor: &mut PuzzleEditor,
    levels: &mut PuzzleLevels,
    out: &mut MessageWriter<EditorRequest>,
) {
    let big = |t: &str| egui::RichText::new(t).size(20.0);
    match editor.current_status() {
        Some(s) => {
            let colour = match s.solutions {
                Some(0) => egui::Color32::LIGHT_RED,
                Some(1) => egui::Color32::LIGHT_GREEN,
                _ => egui::Color32::YELLOW,
            };
            ui.colored_label(colour, big(s.solutions_text()));
            ui.label(s.grade_text()).on_hover_text(
                "grade: the hardest technique a person needs (1 pairs, gaps, counting; \
                 2 look-ahead; 3 deep look-ahead); level: the published grader's",
            );
            if s.rule_breaks > 0 {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    format!("{} rule breaks among the givens (red)", s.rule_breaks),
                );
            }
            ui.weak(format!(
                "counted in {:.2} ms",
                s.took.as_secs_f64() * 1000.0
            ));
        }
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(big("counting…"));
            });
        }
    }
    ui.label(format!("{} givens", editor.draft.givens()));
    ui.add_space(6.0);
    let status = editor.current_status().cloned();
    let several = status
        .as_ref()
        .is_some_and(|s| matches!(s.solutions, Some(2..) | None));
    ui.horizontal(|ui| {
        let busy = editor.making_unique();
        if ui
            .add_enabled(several && !busy, egui::Button::new("Make unique"))
            .on_hover_text("add the fewest givens that leave exactly one solution")
            .clicked()
        {
            out.write(EditorRequest::MakeUnique);
        }
        if busy {
            ui.spinner();
        }
        let one = status.as_ref().is_some_and(|s| s.solutions == Some(1));
        if ui
            .add_enabled(one, egui::Button::new("Play this"))
            .clicked()
        {
            out.write(EditorRequest::Play);
        }
    });
    if let Some((u, took)) = &editor.last_unique {
        ui.weak(format!(
            "Make unique added {} given{} (outlined green; {}) in {:.0} ms",
            u.added.len(),
            if u.added.len() == 1 { "" } else { "s" },
            if u.exact {
                "no fewer will do"
            } else {
                "greedy, none redundant"
            },
            took.as_secs_f64() * 1000.0
        ));
    }
    editor.error.show(ui);
    ui.separator();
    match status.and_then(|s| s.puzzle) {
        Some(p) => {
            if editor.save.name.is_empty() {
                editor.save.name = format!("hand-{}x{}", p.width, p.height);
            }
            if editor
                .save
                .ui(ui, &levels_dir(), |name| hand_level(name, &p))
                .is_some()
            {
                levels.refresh(Path::new(crate::app::shell::library::LEVELS_DIR));
            }
        }
        None => {
            ui.weak("Saving needs exactly one solution.");
        }
    }
}

/// What a rule set is called on screen.
pub fn rules_label(r: RuleSet) -> &'static str {
    match r {
        RuleSet::NoThree => "no three in a row (with diagonals)",
        RuleSet::Takuzu => "Takuzu (balanced lines)",
        RuleSet::TakuzuUnique => "Takuzu, unique lines",
    }
}

/// A combo box choosing the rule set.
pub fn rules_combo(ui: &mut egui::Ui, id: &str, rules: &mut RuleSet) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(rules_label(*rules))
        .width(200.0)
        .show_ui(ui, |ui| {
            for r in RuleSet::ALL {
                ui.selectable_value(rules, r, rules_label(r));
            }
        });
}
