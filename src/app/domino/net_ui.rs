//! The domino screen in a networked match: everything is drawn from the
//! last [`TableSnapshot`] the host sent
//! (an adapter beside the local screen: the same tiles, table layout,
//! colours and hint window, with the host's data), and every click sends
//! an intent. Seats keep their places (seat 0 at the bottom); your seat is
//! marked "(you)".

use super::draw::{self, FELT, IVORY, LEGAL, TEAM_COLORS, TableView, paint_tile};
use super::hint;
use super::windows::{HINT_COLOR, hint_window};
use super::{DominoHint, DominoNet};
use crate::app::shell::camera::PanelInsets;
use crate::domino::net::{LogEvent, SeatChoice, TableSnapshot};
use crate::domino::{ARM_NAMES, Placement, TEAM_NAMES, count_terms, table_layout};
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Stroke, Vec2};

/// The whole screen for a networked match.
pub fn remote_ui(
    ctx: &egui::Context,
    insets: &mut bevy::prelude::ResMut<PanelInsets>,
    panels: &mut crate::app::shell::side_panel::SidePanels,
    n: &mut DominoNet,
    hints: &mut DominoHint,
) -> bool {
    let mut leave = false;
    let table_rect = super::ui::screen_layout(
        ctx,
        insets,
        panels,
        "domino_net",
        &mut (&mut *n, &mut *hints, &mut leave),
        |ui, (n, _, leave)| **leave = side(ui, n),
        |ui, (n, hints, _)| hand(ui, n, hints),
        |ui, (n, ..)| table(ui, n),
    );
    let names = n.names.clone();
    hint_window(ctx, table_rect, hints, &names);
    overlays(ctx, table_rect, n);
    leave
}

fn name_of(n: &DominoNet, seat: u8) -> String {
    let name = n.names[seat as usize].clone();
    let name = if name.is_empty() {
        crate::domino::SEAT_NAMES[seat as usize].to_string()
    } else {
        name
    };
    if n.seat == Some(seat) {
        format!("{name} (you)")
    } else {
        name
    }
}

/// The side panel; returns whether "Leave" was clicked.
fn side(ui: &mut egui::Ui, n: &DominoNet) -> bool {
    ui.add_space(4.0);
    ui.heading("Four-ends domino");
    let leave = ui
        .button("Leave")
        .on_hover_text(
            "Leave the networked match (an AI takes your seat) and go back to the settings",
        )
        .clicked();
    match (n.hosted_port(), n.join_code()) {
        (Some(p), Some(code)) => ui.label(format!(
            "Hosting on port {p}, join code {code}: others join with \
             evoboard domino join THIS-MACHINE:{p} --code {code}"
        )),
        (Some(p), None) => ui.label(format!(
            "Hosting on port {p}: others join with evoboard domino join THIS-MACHINE:{p}"
        )),
        (None, _) => ui.label(format!("Joined {}", n.addr)),
    };
    if let Some(a) = &n.host_alert {
        ui.colored_label(
            egui::Color32::from_rgb(200, 120, 0),
            format!("Warning: {a}"),
        );
    }
    if let Some(t) = &n.token {
        ui.label(format!("Your seat token: {t}"))
            .on_hover_text("keep it: give it with --token (or in the join form) to take this seat back after a drop");
    }
    ui.separator();
    let Some(s) = &n.snapshot else {
        ui.label("Waiting for the host…");
        return leave;
    };
    for team in 0..2usize {
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(TEAM_NAMES[team])
                    .color(TEAM_COLORS[team])
                    .strong()
                    .size(18.0),
            );
            ui.label(
                RichText::new(format!(
                    "{} + {}",
                    name_of(n, team as u8),
                    name_of(n, team as u8 + 2)
                ))
                .small(),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(RichText::new(s.score[team].to_string()).size(22.0).strong());
            });
        });
        ui.add(
            egui::ProgressBar::new((s.score[team] as f32 / 200.0).min(1.0))
                .fill(TEAM_COLORS[team].gamma_multiply(0.7))
                .desired_height(8.0),
        );
    }
    ui.label(format!("Round {}", s.round_number));
    ui.separator();
    egui::Grid::new("net_seats").num_columns(3).show(ui, |ui| {
        for seat in 0..4u8 {
            ui.label(RichText::new(name_of(n, seat)).color(TEAM_COLORS[(seat & 1) as usize]));
            ui.label(RichText::new(&s.players[seat as usize]).small());
            ui.label(format!("{} tiles", s.hand_counts[seat as usize]));
            ui.end_row();
        }
    });
    ui.separator();
    ui.label(RichText::new("What happened").strong());
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for l in &s.log {
                ui.label(log_text(n, l));
            }
        });
    leave
}

/// A log line worded for this seat (the host's sentences say "You" for
/// seat 0).
fn log_text(n: &DominoNet, l: &crate::domino::net::LogLine) -> RichText {
    match &l.event {
        Some(LogEvent::Placed { seat, tile, arm }) => RichText::new(match arm {
            None => format!("{} opens with {tile}", name_of(n, *seat)),
            Some(a) => format!(
                "{} plays {tile} on the {} end",
                name_of(n, *seat),
                ARM_NAMES[*a as usize % 4]
            ),
        }),
        Some(LogEvent::Passed { seat }) => {
            RichText::new(format!("{} passes (passou)", name_of(n, *seat))).italics()
        }
        Some(LogEvent::Scored { team, points, rule }) => RichText::new(format!(
            "+{points} {}: {}",
            TEAM_NAMES[(*team).min(1)],
            rule.name().to_lowercase()
        ))
        .color(TEAM_COLORS[(*team).min(1)]),
        Some(LogEvent::RoundOver { out }) => RichText::new(match out {
            Some(s) => format!("{} went out (bateu)", name_of(n, *s)),
            None => "Blocked (trancado)".to_string(),
        })
        .strong(),
        None => RichText::new(&l.text).strong(),
    }
}

fn hand(ui: &mut egui::Ui, n: &mut DominoNet, hints: &mut DominoHint) {
    ui.add_space(4.0);
    let Some(s) = n.snapshot.clone() else {
        ui.label("Connecting…");
        return;
    };
    let status = if let Some(e) = &n.ended {
        e.clone()
    } else if !s.started {
        format!("Waiting for people to join: seats {:?}", s.waiting_for)
    } else if s.result.is_some() {
        "Match over".into()
    } else if s.round_over {
        "Round over".into()
    } else if n.choice().is_some() {
        match n.choice() {
            Some(SeatChoice::MustPass) => "Nothing fits: you must pass".into(),
            Some(SeatChoice::Open(_)) => {
                "Your turn: open the round with a double (the green tiles)".into()
            }
            _ if n.choosing_end.is_some() => "Click a green end on the table, or pick below".into(),
            _ => "Your turn: click a green tile".into(),
        }
    } else {
        match s.to_move {
            Some(k) => format!("{} is playing…", name_of(n, k)),
            None => String::new(),
        }
    };
    ui.horizontal(|ui| {
        ui.label(RichText::new("Your hand").strong());
        ui.separator();
        ui.label(status);
        if let Some(r) = &n.refused {
            ui.label(
                RichText::new(format!("refused: {r}")).color(Color32::from_rgb(255, 110, 100)),
            );
        }
    });
    let mut tiles = s.hand.clone();
    tiles.sort_by_key(|t| (t.high(), t.low()));
    let mut picked = None;
    ui.horizontal(|ui| {
        let size = Vec2::new(40.0, 80.0);
        for t in &tiles {
            let playable = n.is_playable(*t);
            let (resp, painter) = ui.allocate_painter(size + Vec2::splat(8.0), Sense::click());
            let rect = Rect::from_center_size(resp.rect.center(), size);
            let halves = [
                (rect.center() - Vec2::new(0.0, size.y * 0.25), t.low()),
                (rect.center() + Vec2::new(0.0, size.y * 0.25), t.high()),
            ];
            let outline = if n.choosing_end == Some(*t) {
                Some((Color32::from_rgb(255, 215, 60), 3.0))
            } else if playable && hints.best_tile() == Some(*t) {
                Some((HINT_COLOR, 4.0))
            } else if playable {
                Some((LEGAL, 3.0))
            } else {
                None
            };
            paint_tile(
                &painter,
                rect,
                halves,
                outline,
                n.choice().is_some() && !playable,
            );
            if playable && resp.clicked() {
                picked = Some(*t);
            }
        }
        ui.add_space(16.0);
        ui.vertical(|ui| {
            let my_turn = n.choice().is_some();
            if my_turn && !matches!(n.choice(), Some(SeatChoice::MustPass)) {
                let b = egui::Button::new(if hints.pending() {
                    "Hint: thinking…"
                } else {
                    "Hint (H)"
                });
                if ui.add_enabled(!hints.pending(), b).clicked() {
                    hint::request_remote(&s, 0, hints);
                }
            }
            if matches!(n.choice(), Some(SeatChoice::MustPass))
                && ui.button(RichText::new("Pass").size(20.0)).clicked()
            {
                n.pass();
            }
            if let Some(t) = n.choosing_end {
                for arm in n.distinct_ends(t) {
                    if ui
                        .button(format!("{} end", ARM_NAMES[arm as usize]))
                        .clicked()
                    {
                        n.pick_end(arm);
                    }
                }
                if ui.button("Cancel").clicked() {
                    n.choosing_end = None;
                }
            }
        });
    });
    if let Some(t) = picked {
        n.pick_tile(t);
    }
}

fn table(ui: &mut egui::Ui, n: &mut DominoNet) {
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click());
    let area = response.rect;
    painter.rect_filled(area, 8.0, FELT);
    let Some(s) = n.snapshot.clone() else { return };
    let inner = area.shrink2(Vec2::new(118.0, 44.0));
    let placements: Vec<Placement> = s.placements.iter().map(|&p| p.into()).collect();
    let size = inner.size();
    let mut unit = (size.x / 26.0).min(size.y / 17.0).clamp(9.0, 40.0);
    let lay = loop {
        let l = table_layout(&placements, [size.x / 2.0 / unit, size.y / 2.0 / unit]);
        if l.fits || unit <= 9.0 {
            break l;
        }
        unit *= 0.9;
    };
    let view = TableView {
        centre: inner.center(),
        unit,
    };
    let last = placements.len().checked_sub(1);
    for (i, spot) in lay.tiles.iter().enumerate() {
        let outline =
            (Some(i) == last).then(|| (TEAM_COLORS[(placements[i].seat & 1) as usize], 3.0));
        draw::paint_spot(&painter, &view, spot, outline);
    }
    let t = n.table();
    let targets = n
        .choosing_end
        .map(|tile| n.distinct_ends(tile))
        .unwrap_or_default();
    let mut clicked = None;
    if t.spinner.is_some() {
        for arm in 0..4u8 {
            let c = view.rect(&lay.ends[arm as usize].marker()).center();
            let r = unit * 0.48;
            if t.open_arms() & (1 << arm) == 0 {
                painter.circle_stroke(c, r * 0.8, Stroke::new(1.0, Color32::from_white_alpha(60)));
                continue;
            }
            let target = targets.contains(&arm);
            painter.circle_filled(
                c,
                r,
                if target {
                    LEGAL
                } else {
                    Color32::from_white_alpha(40)
                },
            );
            painter.text(
                c,
                Align2::CENTER_CENTER,
                t.arms[arm as usize].end.to_string(),
                FontId::proportional(r * 1.3),
                if target {
                    Color32::BLACK
                } else {
                    Color32::WHITE
                },
            );
            if target
                && ui
                    .interact(
                        Rect::from_center_size(c, Vec2::splat(r * 2.2)),
                        ui.id().with(("net_end", arm)),
                        Sense::click(),
                    )
                    .clicked()
            {
                clicked = Some(arm);
            }
        }
    }
    let terms = count_terms(&t);
    let sum: u32 = terms.iter().sum();
    painter.text(
        area.left_top() + Vec2::new(10.0, 8.0),
        Align2::LEFT_TOP,
        format!("Table count: {sum}"),
        FontId::proportional(16.0),
        if sum > 0 && sum.is_multiple_of(5) {
            Color32::from_rgb(255, 215, 60)
        } else {
            Color32::WHITE
        },
    );
    for seat in 0..4u8 {
        seat_marks(&painter, area, n, &s, seat);
    }
    if let Some(arm) = clicked {
        n.pick_end(arm);
    }
}

fn seat_marks(painter: &egui::Painter, area: Rect, n: &DominoNet, s: &TableSnapshot, seat: u8) {
    let anchor = draw::seat_anchor(area, seat);
    let name_pos = match seat {
        0 => anchor - Vec2::new(0.0, 6.0),
        2 => anchor - Vec2::new(0.0, 14.0),
        _ => anchor - Vec2::new(0.0, 62.0),
    };
    let r = painter.text(
        name_pos,
        Align2::CENTER_CENTER,
        name_of(n, seat),
        FontId::proportional(16.0),
        TEAM_COLORS[(seat & 1) as usize],
    );
    if s.to_move == Some(seat) {
        painter.rect_stroke(
            r.expand(4.0),
            4.0,
            Stroke::new(2.0, Color32::from_rgb(255, 215, 60)),
            egui::StrokeKind::Outside,
        );
    }
    if n.seat == Some(seat) {
        return;
    }
    let count = s.hand_counts[seat as usize] as usize;
    for k in 0..count {
        let off = k as f32 - (count as f32 - 1.0) / 2.0;
        let (c, size) = match seat {
            0 => (
                Pos2::new(r.right() + 16.0 + k as f32 * 13.0, r.center().y),
                Vec2::new(10.0, 18.0),
            ),
            2 => (anchor + Vec2::new(off * 13.0, 10.0), Vec2::new(10.0, 18.0)),
            _ => (
                anchor + Vec2::new(0.0, off * 13.0 + 4.0),
                Vec2::new(18.0, 10.0),
            ),
        };
        let t = Rect::from_center_size(c, size);
        painter.rect_filled(t, 2.0, Color32::from_rgb(40, 40, 48));
        painter.rect_stroke(t, 2.0, Stroke::new(1.0, IVORY), egui::StrokeKind::Inside);
    }
}

fn overlays(ctx: &egui::Context, table: Rect, n: &mut DominoNet) {
    let pos = Pos2::new(table.center().x, table.top() + 60.0);
    let window = |title: &str| {
        egui::Window::new(title.to_string())
            .collapsible(false)
            .resizable(false)
            .pivot(Align2::CENTER_TOP)
            .fixed_pos(pos)
    };
    let Some(s) = n.snapshot.clone() else {
        if let Some(e) = &n.ended {
            window("Match ended").show(ctx, |ui| {
                ui.label(
                    RichText::new(e)
                        .color(Color32::from_rgb(255, 110, 100))
                        .size(16.0),
                );
            });
        }
        return;
    };
    if let Some(r) = s.result {
        window("Match over").show(ctx, |ui| {
            ui.heading(
                RichText::new(format!(
                    "{} win {}–{}",
                    TEAM_NAMES[r.winner_team.min(1)],
                    r.scores[r.winner_team.min(1)],
                    r.scores[1 - r.winner_team.min(1)]
                ))
                .color(TEAM_COLORS[r.winner_team.min(1)]),
            );
            ui.label(format!("after {} rounds", r.rounds));
            if let Some(e) = &n.ended {
                ui.label(RichText::new(e).small());
            }
        });
    } else if let Some(e) = n.ended.clone() {
        window("Match ended").show(ctx, |ui| {
            ui.label(
                RichText::new(e)
                    .color(Color32::from_rgb(255, 110, 100))
                    .size(16.0),
            );
            ui.label(format!(
                "Score when it ended: {} {} – {} {}",
                TEAM_NAMES[0], s.score[0], s.score[1], TEAM_NAMES[1]
            ));
        });
    } else if s.round_over {
        let mut ready = false;
        window(&format!("Round {}", s.round_number)).show(ctx, |ui| {
            if let Some(sum) = s.summaries.last() {
                ui.heading(match sum.went_out {
                    Some(k) => format!("{} went out (bateu)", name_of(n, k)),
                    None => "Blocked (trancado)".into(),
                });
                for (rule, team, pts) in &sum.scoring {
                    ui.label(
                        RichText::new(format!(
                            "+{pts} {}: {}",
                            TEAM_NAMES[(*team).min(1)],
                            rule.name().to_lowercase()
                        ))
                        .color(TEAM_COLORS[(*team).min(1)]),
                    );
                }
                ui.label(format!("Pips left: {:?}", sum.pips_left));
                ui.label(format!(
                    "Match: {} {} – {} {}",
                    TEAM_NAMES[0], sum.score[0], sum.score[1], TEAM_NAMES[1]
                ));
            }
            if n.is_ready() {
                ui.label(RichText::new("Waiting for the others…").italics());
            } else {
                ready = ui
                    .button(RichText::new("Ready for the next round").size(16.0))
                    .clicked();
            }
        });
        if ready {
            n.ready();
        }
    }
}
