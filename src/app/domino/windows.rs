//! The windows over the domino table: the round summary, the match
//! result, the hot-seat cover and the hint.

use super::DominoHint;
use super::draw::TEAM_COLORS;
use super::records_panel;
use super::ui::SettingsOpen;
use super::ui::team_text;
use super::{DominoGame, DominoRecords, NewMatch, input};
use crate::domino::{Event, RoundEnd};
use crate::domino::{SEAT_NAMES, TEAM_NAMES, end_text, opener_text};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Pos2, Rect, RichText, Vec2};

pub(super) fn centred_window(title: &str, table: Rect) -> egui::Window<'_> {
    let pos = Pos2::new(table.center().x, table.top() + 60.0);
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(pos)
}

pub(super) fn round_summary(ctx: &egui::Context, table: Rect, g: &mut DominoGame) {
    let Some(s) = g.game.summaries().last().cloned() else {
        return;
    };
    let mut next = false;
    centred_window(&format!("Round {}", s.number), table).show(ctx, |ui| {
        let headline = match s.end {
            RoundEnd::Out { seat } => format!("{} went out (bateu)", g.seat_name(seat)),
            RoundEnd::Blocked => "Blocked (trancado): nobody could play".into(),
        };
        ui.heading(headline);
        ui.add_space(4.0);
        for l in g.game.log().iter().filter(|l| l.round == s.number) {
            if let Some(Event::Scored { team, .. }) = l.event {
                ui.label(RichText::new(&l.text).color(TEAM_COLORS[team]));
            }
        }
        if s.scoring.is_empty() {
            ui.label("Nobody scored this round.");
        }
        ui.separator();
        ui.label(RichText::new("Tiles left").strong());
        egui::Grid::new("left_tiles").show(ui, |ui| {
            for seat in 0..4 {
                let h = s.hands_left[seat];
                ui.label(RichText::new(g.seat_name(seat as u8)).color(TEAM_COLORS[seat & 1]));
                let tiles: Vec<String> = h.iter().map(|t| t.to_string()).collect();
                ui.label(if tiles.is_empty() {
                    "—".into()
                } else {
                    tiles.join("  ")
                });
                ui.label(format!("{} pips", h.pips()));
                ui.end_row();
            }
        });
        if s.garagem > 0 {
            ui.label(format!("Garagem: {} points", s.garagem));
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("This round:");
            ui.label(team_text(0));
            ui.label(format!("+{}", s.points[0]));
            ui.label(team_text(1));
            ui.label(format!("+{}", s.points[1]));
        });
        ui.horizontal(|ui| {
            ui.label("Match:");
            ui.label(team_text(0));
            ui.label(format!("{}", s.score[0]));
            ui.label(team_text(1));
            ui.label(format!("{}", s.score[1]));
            ui.label("(first to 200)");
        });
        if let Some((seat, opening)) = s.next_opener {
            let why = match (s.end, opening) {
                (RoundEnd::Out { seat: out }, crate::domino::Opening::AnyDouble) if out != seat => {
                    format!(
                        " ({} went out but has no double in the new deal; {} is the next with one)",
                        SEAT_NAMES[out as usize], SEAT_NAMES[seat as usize]
                    )
                }
                (RoundEnd::Out { .. }, _) => " (the seat that went out opens)".to_string(),
                (RoundEnd::Blocked, _) => " (after a blocked round, 6-6 opens)".to_string(),
            };
            ui.label(format!("Next round: {}{why}.", opener_text(seat, opening)));
        }
        ui.add_space(6.0);
        if g.has_human() {
            next = ui
                .button(RichText::new("Next round (Enter)").size(16.0))
                .clicked();
        } else {
            ui.label(RichText::new("The next round starts in a moment…").italics());
        }
    });
    if next {
        input::next_round(g);
    }
}

pub(super) fn match_result(
    ctx: &egui::Context,
    table: Rect,
    g: &DominoGame,
    settings_open: &mut SettingsOpen,
    new_match: &mut MessageWriter<NewMatch>,
    recs: &mut DominoRecords,
) {
    let Some(r) = g.game.result() else { return };
    centred_window("Match over", table).show(ctx, |ui| {
        let you_win = r.winner == 0;
        let head = if you_win {
            format!("You and your partner win {}–{}", r.score[0], r.score[1])
        } else {
            format!("West and East win {}–{}", r.score[1], r.score[0])
        };
        ui.heading(RichText::new(head).color(TEAM_COLORS[r.winner]));
        ui.label(format!(
            "after {} rounds (seed {})",
            r.rounds,
            g.game.seed()
        ));
        ui.separator();
        egui::Grid::new("rounds")
            .striped(true)
            .spacing([14.0, 2.0])
            .show(ui, |ui| {
                ui.label(RichText::new("round").strong());
                ui.label(RichText::new("how it ended").strong());
                ui.label(team_text(0));
                ui.label(team_text(1));
                ui.label(RichText::new("garagem").strong());
                ui.end_row();
                for s in g.game.summaries() {
                    ui.label(s.number.to_string());
                    ui.label(end_text(s.end));
                    ui.label(format!("+{}  ({})", s.points[0], s.score[0]));
                    ui.label(format!("+{}  ({})", s.points[1], s.score[1]));
                    ui.label(if s.garagem > 0 {
                        s.garagem.to_string()
                    } else {
                        String::new()
                    });
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui.button(RichText::new("New match").size(16.0)).clicked() {
                new_match.write(NewMatch);
            }
            if ui.button("Settings…").clicked() {
                settings_open.0 = Some(true);
            }
            if g.has_human() && ui.button("Records").clicked() {
                recs.show();
            }
        });
        if g.has_human() {
            records_panel::message_label(ui, recs);
        }
    });
}

/// Over the table while the hands are covered: whom to pass the device
/// to, and the button that shows their hand.
pub(super) fn cover_window(ctx: &egui::Context, table: Rect, g: &mut DominoGame, person: u8) {
    let name = g.seat_name(person);
    let mut reveal = false;
    centred_window("Hands hidden", table).show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.heading(RichText::new(format!("Pass the device to {name}")).size(24.0));
            ui.add_space(4.0);
            ui.label(format!(
                "{} ({} seat, team {}) plays next. Everyone else, look away.",
                name,
                ["bottom", "left", "top", "right"][person as usize],
                TEAM_NAMES[(person & 1) as usize]
            ));
            ui.add_space(8.0);
            let b =
                egui::Button::new(RichText::new(format!("I am {name} — show my hand")).size(18.0))
                    .min_size(Vec2::new(260.0, 44.0));
            reveal = ui.add(b).on_hover_text("Enter").clicked();
        });
    });
    if reveal {
        g.reveal();
    }
}

/// The colour of the hint's best tile.
pub const HINT_COLOR: Color32 = Color32::from_rgb(90, 220, 255);

/// The hint, top right of the table: every option with its expected
/// points, the best first and highlighted.
pub fn hint_window(ctx: &egui::Context, table: Rect, hints: &DominoHint, names: &[String; 4]) {
    let Some((seat, _, _)) = hints.key else {
        return;
    };
    let partner = &names[((seat + 2) % 4) as usize];
    egui::Window::new("Hint")
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::RIGHT_BOTTOM)
        .fixed_pos(Pos2::new(table.right() - 120.0, table.bottom() - 44.0))
        .max_width(330.0)
        .show(ctx, |ui| {
            ui.label(
                RichText::new(format!(
                    "What {partner} (the AI partner) would play for {}:",
                    names[seat as usize]
                ))
                .small(),
            );
            match &hints.result {
                None => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(format!(
                            "sampling {} deals…",
                            super::HINT_DETERMINIZATIONS
                        ));
                    });
                }
                Some(Err(e)) => {
                    ui.label(RichText::new(e).color(Color32::from_rgb(255, 110, 100)));
                }
                Some(Ok(h)) => {
                    ui.label(RichText::new(&h.summary).strong().color(HINT_COLOR));
                    ui.label(
                        RichText::new("Its tile is outlined in light blue in the hand.").small(),
                    );
                    ui.add_space(2.0);
                    for (i, o) in h.options.iter().enumerate() {
                        let mut t = RichText::new(format!("{}. {}", i + 1, o.text));
                        if i == 0 {
                            t = t.color(HINT_COLOR);
                        }
                        ui.label(t);
                    }
                    ui.label(
                        RichText::new(format!(
                            "Monte Carlo search, {} sampled deals of the hidden tiles (voids from passes kept), playouts by {}; points from this move to the end of the round.",
                            super::HINT_DETERMINIZATIONS,
                            hints.policy
                        ))
                        .small()
                        .weak(),
                    );
                }
            }
        });
}
