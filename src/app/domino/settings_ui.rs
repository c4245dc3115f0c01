//! The domino settings window: who plays each seat, the AI of each seat,
//! the seed, the AI pace, and playing over the network.

use super::draw::TEAM_COLORS;
use super::ui::SettingsOpen;
use super::windows::centred_window;
use super::{DominoGame, DominoSettings, NewMatch, SeatController};
use crate::domino::SEAT_NAMES;
use crate::domino::{AiKind, CoefSet, SEARCH_LEVELS, SeatAi};
use bevy::prelude::*;
use bevy_egui::egui::{self, Rect, RichText};

pub(super) fn seat_ai_ui(ui: &mut egui::Ui, id: &str, ai: &mut SeatAi) {
    egui::ComboBox::from_id_salt((id, "kind"))
        .selected_text(ai.kind.label())
        .width(190.0)
        .show_ui(ui, |ui| {
            for k in AiKind::ALL {
                ui.selectable_value(&mut ai.kind, k, k.label());
            }
        });
    match ai.kind {
        AiKind::Strategy(_) => {
            egui::ComboBox::from_id_salt((id, "coefs"))
                .selected_text(ai.coefs.label())
                .width(150.0)
                .show_ui(ui, |ui| {
                    for c in CoefSet::ALL {
                        ui.selectable_value(&mut ai.coefs, c, c.label());
                    }
                })
                .response
                .on_hover_text(
                    "The published coefficient tables, or the ones our genetic algorithm tuned on this engine (stronger here)",
                );
        }
        AiKind::Search => {
            ui.add(egui::Slider::new(&mut ai.strength, 1..=4).text("strength"))
                .on_hover_text(format!(
                    "Hidden hands sampled per decision: {:?} (level 1-4)",
                    SEARCH_LEVELS
                ));
        }
        _ => {}
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn settings_window(
    ctx: &egui::Context,
    table: Rect,
    settings: &mut DominoSettings,
    open: &mut SettingsOpen,
    new_match: &mut MessageWriter<NewMatch>,
    g: &mut DominoGame,
    form: &mut super::net_form::NetForm,
    commands: &mut Commands,
) {
    let mut start = false;
    let mut close = false;
    centred_window("Match settings", table).show(ctx, |ui| {
        ui.label("You sit at the bottom; your partner sits across the table (top); West and East are the opponents. First team to 200 wins.");
        ui.label(RichText::new("Tick Person for every seat played at this machine: two or more people pass the device, and the hands are hidden between their turns.").small());
        ui.add_space(4.0);
        egui::Grid::new("seat_settings").spacing([8.0, 6.0]).show(ui, |ui| {
            for seat in 0..4usize {
                ui.label(RichText::new(SEAT_NAMES[seat]).color(TEAM_COLORS[seat & 1]).strong());
                ui.horizontal(|ui| {
                    let mut human = settings.seats[seat] == SeatController::Human;
                    if ui
                        .checkbox(&mut human, "Person")
                        .on_hover_text("Played by someone at this machine; with two or more people the hands are hidden between turns (pass the device)")
                        .changed()
                    {
                        settings.seats[seat] = if human {
                            SeatController::Human
                        } else if seat == 0 {
                            SeatController::Ai(SeatAi::basic())
                        } else {
                            SeatController::Ai(SeatAi::default())
                        };
                    }
                    match &mut settings.seats[seat] {
                        SeatController::Ai(ai) => seat_ai_ui(ui, &format!("seat{seat}"), ai),
                        SeatController::Human => {
                            ui.add(
                                egui::TextEdit::singleline(&mut settings.names[seat])
                                    .hint_text(SEAT_NAMES[seat])
                                    .desired_width(140.0),
                            )
                            .on_hover_text("The name shown at the table and in the records");
                        }
                    }
                });
                ui.end_row();
            }
            ui.label("Seed");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut settings.seed))
                    .on_hover_text("The same seed deals the same tiles");
                if ui.button("New seed").clicked() {
                    settings.seed = crate::rng::derive_seed(settings.seed, g.game.round_number() as u64 + 1);
                    settings.seed %= 1_000_000;
                }
            });
            ui.end_row();
            ui.label("AI pace");
            ui.add(egui::Slider::new(&mut settings.ai_delay, 0.0..=3.0).suffix(" s per move"));
            ui.end_row();
        });
        if let Some(n) = super::net_form::net_section(ui, form, settings) {
            g.paused = true;
            commands.insert_resource(n);
            open.0 = Some(false);
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            start = ui.button(RichText::new("Start match").size(16.0)).clicked();
            if !g.paused {
                close = ui.button("Close").clicked();
            }
        });
    });
    if start {
        new_match.write(NewMatch);
        open.0 = Some(false);
    }
    if close {
        open.0 = Some(false);
    }
}
