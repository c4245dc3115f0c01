//! The Records window: wins and losses of the human teams per pairing,
//! with the 95 % interval of the win rate, as `evoboard domino records`
//! prints them.

use super::draw::TEAM_COLORS;
use super::records::DominoRecords;
use crate::domino::SEAT_NAMES;
use crate::domino::records::PairingStats;
use bevy_egui::egui::{self, Color32, Rect, RichText};

/// The human team of a pairing in words: "You + Partner", "You with t1".
pub fn human_team_text(p: &PairingStats) -> String {
    let seats: Vec<&str> = p
        .human_seats
        .iter()
        .map(|s| SEAT_NAMES.get(*s as usize).copied().unwrap_or("?"))
        .collect();
    match &p.partner {
        Some(partner) => format!("{} with {partner}", seats.join(" + ")),
        None => seats.join(" + "),
    }
}

/// The last outcome of the records (recorded, or an error in red).
pub fn message_label(ui: &mut egui::Ui, recs: &DominoRecords) {
    if !recs.message.show(ui) && recs.busy() {
        ui.label(RichText::new("recording the match…").italics());
    }
}

/// The window (while [`DominoRecords::open`]).
pub fn records_window(ctx: &egui::Context, table: Rect, recs: &mut DominoRecords) {
    let mut open = recs.open;
    let pos = egui::Pos2::new(table.center().x, table.top() + 40.0);
    egui::Window::new("Records")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(pos)
        .show(ctx, |ui| {
            ui.label(
                RichText::new(format!("{}", recs.path.display()))
                    .small()
                    .monospace(),
            );
            match &recs.stats {
                None if recs.busy() => {
                    ui.label("reading the records…");
                }
                None => {
                    ui.label("not read yet");
                }
                Some(stats) if stats.is_empty() => {
                    ui.label(format!(
                        "{} matches recorded, none with a person yet: finish a match with a person seat and it appears here.",
                        recs.matches
                    ));
                }
                Some(stats) => {
                    ui.label(format!(
                        "{} matches with people. Wins of the human team against each AI kind, with the 95 % (Wilson) interval of the win rate:",
                        recs.matches
                    ));
                    ui.add_space(4.0);
                    stats_grid(ui, stats);
                }
            }
            ui.add_space(4.0);
            message_label(ui, recs);
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(!recs.busy(), egui::Button::new("Reload"))
                    .clicked()
                {
                    recs.refresh = true;
                }
                ui.label(
                    RichText::new("The same table: evoboard domino records --json")
                        .small()
                        .weak(),
                );
            });
        });
    recs.open = open;
}

fn stats_grid(ui: &mut egui::Ui, stats: &[PairingStats]) {
    egui::Grid::new("records_grid")
        .striped(true)
        .spacing([14.0, 3.0])
        .show(ui, |ui| {
            for h in [
                "people",
                "against",
                "matches",
                "won",
                "lost",
                "win rate",
                "95 % interval",
            ] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for p in stats {
                let team = p.human_seats.first().map_or(0, |s| (*s & 1) as usize);
                ui.label(RichText::new(human_team_text(p)).color(TEAM_COLORS[team]));
                ui.label(&p.opponent);
                ui.label(p.matches.to_string());
                ui.label(p.wins.to_string());
                ui.label(p.losses.to_string());
                ui.label(format!("{:.0} %", p.win_rate * 100.0));
                ui.horizontal(|ui| {
                    ui.label(format!(
                        "{:.0}–{:.0} %",
                        p.ci95[0] * 100.0,
                        p.ci95[1] * 100.0
                    ));
                    interval_bar(ui, p);
                });
                ui.end_row();
            }
        });
}

/// A small bar 0–100 % with the interval shaded and the rate marked.
fn interval_bar(ui: &mut egui::Ui, p: &PairingStats) {
    let (resp, painter) = ui.allocate_painter(egui::Vec2::new(110.0, 12.0), egui::Sense::hover());
    let r = resp.rect;
    painter.rect_filled(r, 2.0, Color32::from_gray(50));
    let x = |f: f64| r.left() + r.width() * f.clamp(0.0, 1.0) as f32;
    let band = Rect::from_x_y_ranges(x(p.ci95[0])..=x(p.ci95[1]), r.y_range());
    painter.rect_filled(band, 2.0, TEAM_COLORS[0].gamma_multiply(0.6));
    painter.line_segment(
        [
            egui::Pos2::new(x(0.5), r.top()),
            egui::Pos2::new(x(0.5), r.bottom()),
        ],
        egui::Stroke::new(1.0, Color32::from_gray(140)),
    );
    painter.line_segment(
        [
            egui::Pos2::new(x(p.win_rate), r.top() - 2.0),
            egui::Pos2::new(x(p.win_rate), r.bottom() + 2.0),
        ],
        egui::Stroke::new(2.0, Color32::WHITE),
    );
}
