//! The "Host a match" and "Join" part of the settings window.

use super::net::{DominoNet, host_seats};
use super::{DominoSettings, SeatController};
use crate::app::shell::StatusLine;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};

/// What the network part of the settings holds between frames.
#[derive(Resource, Debug, Clone)]
pub struct NetForm {
    /// The port to host on.
    pub port: u16,
    /// The address to join, `HOST:PORT`.
    pub addr: String,
    /// The seat to ask for (`None`: the first free person's seat).
    pub seat: Option<u8>,
    /// The name to join as.
    pub name: String,
    /// The host's join code.
    pub code: String,
    /// A seat token from an earlier join, to come back to that seat.
    pub token: String,
    /// The last failure.
    pub error: StatusLine,
}

impl Default for NetForm {
    fn default() -> Self {
        NetForm {
            port: crate::domino::net::DEFAULT_PORT,
            addr: format!("127.0.0.1:{}", crate::domino::net::DEFAULT_PORT),
            seat: None,
            name: String::new(),
            code: String::new(),
            token: String::new(),
            error: StatusLine::default(),
        }
    }
}

impl NetForm {
    /// Keep what rejoining `n`'s seat takes (address, seat, join code,
    /// seat token) when a person leaves a match they joined, so "Join"
    /// takes the same seat back. A match this app hosted leaves the form
    /// as it was.
    pub fn remember(&mut self, n: &DominoNet) {
        if n.host.is_some() {
            return;
        }
        self.addr.clone_from(&n.addr);
        self.seat = n.seat.or(self.seat);
        if let Some(code) = &n.code {
            self.code.clone_from(code);
        }
        if let Some(token) = &n.token {
            self.token.clone_from(token);
        }
    }
}

/// The section; returns a connected match to switch to.
pub fn net_section(
    ui: &mut egui::Ui,
    form: &mut NetForm,
    settings: &DominoSettings,
) -> Option<DominoNet> {
    let mut out = None;
    egui::CollapsingHeader::new("Play over the network")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(RichText::new("Host: the seats above (every Person seat is someone who joins; you take the first), others join this machine's address and port.").small());
            ui.horizontal(|ui| {
                ui.label("Port");
                ui.add(egui::DragValue::new(&mut form.port).range(1..=65535));
                if ui.button("Host a match").clicked() {
                    let me = settings
                        .seats
                        .iter()
                        .position(|s| *s == SeatController::Human)
                        .map(|s| settings.names[s].clone())
                        .filter(|n| !n.is_empty())
                        .unwrap_or_else(|| "Host".into());
                    let delay = std::time::Duration::from_secs_f32(settings.ai_delay.clamp(0.0, 10.0));
                    match host_seats(&settings.seats).and_then(|seats| {
                        DominoNet::host(form.port, seats, settings.seed, &me, delay)
                    }) {
                        Ok(n) => out = Some(n),
                        Err(e) => form.error = StatusLine::error(e),
                    }
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Join");
                ui.add(egui::TextEdit::singleline(&mut form.addr).hint_text("HOST:PORT").desired_width(150.0));
                egui::ComboBox::from_id_salt("join_seat")
                    .selected_text(form.seat.map_or("any seat".into(), |s| format!("seat {s}")))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut form.seat, None, "any seat");
                        for s in 0..4u8 {
                            ui.selectable_value(&mut form.seat, Some(s), format!("seat {s}"));
                        }
                    });
            });
            ui.horizontal(|ui| {
                ui.label("Code");
                ui.add(egui::TextEdit::singleline(&mut form.code).hint_text("the host's join code").desired_width(110.0));
                ui.add(egui::TextEdit::singleline(&mut form.token).hint_text("seat token (to rejoin)").desired_width(150.0));
            });
            ui.horizontal(|ui| {
                ui.label("Name");
                ui.add(egui::TextEdit::singleline(&mut form.name).hint_text("your name").desired_width(150.0));
                if ui.button("Join").clicked() {
                    let name = if form.name.trim().is_empty() { "Guest" } else { form.name.trim() };
                    let filled = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
                    let j = crate::domino::net::JoinOptions {
                        code: filled(&form.code),
                        token: filled(&form.token),
                        ..crate::domino::net::JoinOptions::new(form.seat, name)
                    };
                    match DominoNet::join(form.addr.trim(), &j) {
                        Ok(n) => out = Some(n),
                        Err(e) => form.error = StatusLine::error(e),
                    }
                }
            });
            form.error.show(ui);
        });
    if out.is_some() {
        form.error.clear();
    }
    out
}
