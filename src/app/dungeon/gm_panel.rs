//! The game master's panel: the edit tools (entrance, final room, pin,
//! delete, draw a room, evolve the rest, undo and redo), the last edit's
//! outcome, and the selected room: letter, role, purpose, description,
//! lighting, enemies and treasure by kind, challenge and reward.

use super::design::{DungeonDesign, DungeonDesignCommand};
use crate::dungeon::{Dungeon, DungeonEdit};
use bevy::prelude::*;
use bevy_egui::egui;

/// Draw the edit tools and the room panel.
pub fn gm_ui(
    ui: &mut egui::Ui,
    design: &mut DungeonDesign,
    out: &mut MessageWriter<DungeonDesignCommand>,
) {
    let Some(d) = design.dungeon.as_ref() else {
        ui.weak("Edit the dungeon: when the proposals are finished.");
        return;
    };
    ui.heading("Game master");
    let selected = design.selected_index().map(|i| d.rooms[i].letter);
    let busy = design.evolving().is_some();
    let (undo, redo) = design.history();
    ui.horizontal_wrapped(|ui| {
        let on_room = selected.is_some() && !busy;
        if let Some(l) = selected {
            let pinned = d.rooms.iter().any(|r| r.letter == l && r.pinned);
            if button(
                ui,
                on_room,
                "Make entrance",
                "E: contents and pacing re-run",
            ) {
                out.write(DungeonDesignCommand::Entrance(l));
            }
            if button(ui, on_room, "Make final room", "F: the boss room") {
                out.write(DungeonDesignCommand::Final(l));
            }
            let pin = if pinned { "Unpin" } else { "📌 Pin" };
            if button(ui, on_room, pin, "P: evolving the rest keeps pinned rooms") {
                out.write(DungeonDesignCommand::TogglePin(l));
            }
            if button(ui, on_room, "Delete", "Delete key") {
                out.write(DungeonDesignCommand::Edit(DungeonEdit::Delete { room: l }));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.toggle_value(&mut design.draw_mode, "✏ Draw room")
            .on_hover_text("drag a rectangle on rock to add a room");
        if button(
            ui,
            !busy,
            "Evolve the rest",
            "re-run the layout around the pinned rooms, then corridors and contents",
        ) {
            out.write(DungeonDesignCommand::EvolveRest);
        }
        if button(ui, undo > 0 && !busy, "⟲ Undo", "Ctrl+Z") {
            out.write(DungeonDesignCommand::Undo);
        }
        if button(ui, redo > 0 && !busy, "⟳ Redo", "Ctrl+Shift+Z or Ctrl+Y") {
            out.write(DungeonDesignCommand::Redo);
        }
    });
    if let Some(secs) = design.evolving() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(format!("evolving the rest… {secs:.1} s"));
        });
        ui.ctx().request_repaint();
    }
    if !design.outcome.show(ui) {
        ui.weak("Click a room to select it; drag it to move, drag its wall to resize.");
    }
    if let Some(i) = design.selected_index() {
        ui.separator();
        room_ui(ui, d, i);
    }
}

fn button(ui: &mut egui::Ui, enabled: bool, label: &str, tip: &str) -> bool {
    ui.add_enabled(enabled, egui::Button::new(label))
        .on_hover_text(tip)
        .clicked()
}

/// The selected room's details.
fn room_ui(ui: &mut egui::Ui, d: &Dungeon, i: usize) {
    let r = &d.rooms[i];
    let role = if i == d.entrance {
        "entrance"
    } else if i == d.final_room {
        "final room (boss)"
    } else if d.pacing.main_path.iter().any(|s| s.room == i) {
        "on the main path"
    } else {
        "side room"
    };
    ui.strong(format!("Room {} — {role}", r.letter));
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    let keys: Vec<String> = d
        .locks
        .iter()
        .filter(|l| l.key_room == i)
        .map(|l| format!("key to the door at {},{}", l.door.0, l.door.1))
        .collect();
    egui::Grid::new("dungeon_room")
        .striped(true)
        .show(ui, |ui| {
            let purpose = if r.purpose.is_empty() {
                "—".to_string()
            } else {
                r.purpose.clone()
            };
            let rows: [(&str, String); 8] = [
                ("purpose", purpose),
                ("lighting", r.lighting.name().into()),
                ("size", format!("{}×{} cells at {},{}", r.w, r.h, r.x, r.y)),
                ("enemies", list(&r.enemy_kinds)),
                ("treasure", list(&r.treasure_kinds)),
                ("challenge", r.challenge.to_string()),
                ("reward", r.reward.to_string()),
                ("pinned", if r.pinned { "yes" } else { "no" }.into()),
            ];
            for (k, v) in rows {
                ui.label(k);
                ui.label(v);
                ui.end_row();
            }
            if !keys.is_empty() {
                ui.label("holds");
                ui.label(keys.join("; "));
                ui.end_row();
            }
        });
    if !r.description.is_empty() {
        ui.label(egui::RichText::new(&r.description).italics());
    }
}
