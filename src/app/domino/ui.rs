//! The egui side of the domino screen: scores, seats and the log on the
//! right, your hand below the table; the windows over the table are in
//! `windows.rs`, the settings window in `settings_ui.rs`.

use super::draw::{self, TEAM_COLORS, paint_tile};
use super::records_panel;
use super::settings_ui::settings_window;
use super::windows::{
    HINT_COLOR, centred_window, cover_window, hint_window, match_result, round_summary,
};
use super::{DominoGame, DominoRecords, DominoSettings, NewMatch, SeatController, input};
use super::{DominoHint, hint};
use crate::app::Screen;
use crate::app::shell::ScreenStatus;
use crate::app::shell::camera::PanelInsets;
use crate::app::shell::side_panel::{self as shell_panel, Side, SidePanels};
use crate::domino::{ARM_NAMES, Actor, HumanChoice, TEAM_NAMES};
use crate::domino::{Event, Rule};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Rect, RichText, Sense, Vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

/// Whether the settings window is open (at first: while the first match
/// waits for "Start match").
#[derive(Resource, Debug, Default)]
pub struct SettingsOpen(pub Option<bool>);

/// Registers the UI system.
pub fn plugin(app: &mut App) {
    app.init_resource::<SettingsOpen>().add_systems(
        EguiPrimaryContextPass,
        domino_ui
            .in_set(crate::app::shell::ScreenUiSet::Panels)
            .run_if(in_state(Screen::Domino)),
    );
}

/// The screen's panels, shared by the local and the networked screen: the
/// side panel on the right, the hand below, and the table in the rest,
/// whose rect is returned for the windows drawn over it. `state` is what
/// the three panels draw from.
#[allow(clippy::too_many_arguments)]
pub(super) fn screen_layout<S>(
    ctx: &egui::Context,
    insets: &mut ResMut<PanelInsets>,
    panels: &mut SidePanels,
    id: &'static str,
    state: &mut S,
    side: impl FnOnce(&mut egui::Ui, &mut S),
    hand: impl FnOnce(&mut egui::Ui, &mut S),
    table: impl FnOnce(&mut egui::Ui, &mut S),
) -> Rect {
    let mut root = crate::app::shell::content_root(ctx, insets, id);
    let right = shell_panel::side_panel(&mut root, panels, Side::Right, id, 310.0, |ui| {
        side(ui, state)
    });
    let bottom = egui::Panel::bottom(egui::Id::new((id, "hand")))
        .exact_size(150.0)
        .show(&mut root, |ui| hand(ui, state))
        .response
        .rect
        .height();
    insets.bypass_change_detection().left = 0.0;
    insets.bypass_change_detection().right = right;
    insets.bypass_change_detection().bottom = bottom;
    let mut table_rect = Rect::NOTHING;
    egui::CentralPanel::default().show(&mut root, |ui| {
        table_rect = ui.available_rect_before_wrap();
        table(ui, state);
    });
    table_rect
}

/// A rule's name as it appears on a floating label.
pub fn rule_short(rule: Rule) -> &'static str {
    match rule {
        Rule::TableCount => "table",
        Rule::Pass => "pass",
        Rule::Galo => "galo!",
        Rule::Garagem => "garagem",
        Rule::DoubleOut => "double out",
        Rule::Blocked => "blocked",
    }
}

pub(super) fn team_text(team: usize) -> RichText {
    RichText::new(TEAM_NAMES[team])
        .color(TEAM_COLORS[team])
        .strong()
}

#[allow(clippy::too_many_arguments)]
fn domino_ui(
    mut contexts: EguiContexts,
    mut insets: ResMut<PanelInsets>,
    mut panels: ResMut<SidePanels>,
    game: Option<ResMut<DominoGame>>,
    mut settings: ResMut<DominoSettings>,
    mut settings_open: ResMut<SettingsOpen>,
    mut new_match: MessageWriter<NewMatch>,
    mut recs: ResMut<DominoRecords>,
    mut hints: ResMut<DominoHint>,
    net: Option<ResMut<super::DominoNet>>,
    status: Res<ScreenStatus>,
    mut form: ResMut<super::net_form::NetForm>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if let Some(mut n) = net {
        if super::net_ui::remote_ui(&ctx, &mut insets, &mut panels, &mut n, &mut hints) {
            form.remember(&n);
            commands.remove_resource::<super::DominoNet>();
            settings_open.0 = Some(true);
        }
        return Ok(());
    }
    let Some(mut g) = game else {
        return Ok(());
    };
    if settings_open.0.is_none() {
        settings_open.0 = Some(g.paused);
    }
    let table_rect = screen_layout(
        &ctx,
        &mut insets,
        &mut panels,
        "domino",
        &mut (
            &mut g,
            &mut settings_open,
            &mut new_match,
            &mut recs,
            &mut hints,
        ),
        |ui, (g, open, new_match, recs, _)| side_panel(ui, g, open, new_match, recs),
        |ui, (g, _, _, _, hints)| hand_panel(ui, g, hints),
        |ui, (g, ..)| draw::table(ui, g),
    );
    if settings_open.0 == Some(true) {
        settings_window(
            &ctx,
            table_rect,
            &mut settings,
            &mut settings_open,
            &mut new_match,
            &mut g,
            &mut form,
            &mut commands,
        );
    } else {
        match g.game.next_actor() {
            Actor::RoundOver => round_summary(&ctx, table_rect, &mut g),
            Actor::MatchOver => match_result(
                &ctx,
                table_rect,
                &g,
                &mut settings_open,
                &mut new_match,
                &mut recs,
            ),
            _ => {
                if let Some(p) = g.covered_for() {
                    cover_window(&ctx, table_rect, &mut g, p);
                }
            }
        }
    }
    if recs.open {
        records_panel::records_window(&ctx, table_rect, &mut recs);
    }
    let names: [String; 4] = std::array::from_fn(|s| g.seat_name(s as u8));
    hint_window(&ctx, table_rect, &hints, &names);
    if !status[Screen::Domino].is_empty() {
        centred_window("Network", table_rect).show(&ctx, |ui| {
            status[Screen::Domino].show(ui);
        });
    }
    Ok(())
}

fn side_panel(
    ui: &mut egui::Ui,
    g: &mut DominoGame,
    settings_open: &mut SettingsOpen,
    new_match: &mut MessageWriter<NewMatch>,
    recs: &mut DominoRecords,
) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.heading("Four-ends domino");
    });
    ui.horizontal(|ui| {
        if ui
            .button("New match")
            .on_hover_text("Start a new match with the settings")
            .clicked()
        {
            new_match.write(NewMatch);
        }
        if ui.button("Settings…").clicked() {
            settings_open.0 = Some(true);
        }
        if ui
            .button("Records")
            .on_hover_text("Wins and losses of people against each AI kind")
            .clicked()
        {
            recs.show();
        }
        ui.label(format!("seed {}", g.game.seed()));
    });
    ui.separator();
    let score = g.game.score();
    let round_pts = g.game.round().points;
    for team in 0..2 {
        ui.horizontal(|ui| {
            ui.label(team_text(team).size(18.0));
            let who = format!(
                "{} + {}",
                g.seat_name(team as u8),
                g.seat_name(team as u8 + 2)
            );
            ui.label(RichText::new(who).small());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(
                    RichText::new(format!("{}", score[team]))
                        .size(22.0)
                        .strong(),
                );
            });
        });
        ui.add(
            egui::ProgressBar::new((score[team] as f32 / 200.0).min(1.0))
                .fill(TEAM_COLORS[team].gamma_multiply(0.7))
                .desired_height(8.0),
        );
    }
    ui.label(format!(
        "Round {}: Us +{}, Them +{} this round",
        g.game.round_number(),
        round_pts[0],
        round_pts[1]
    ));
    ui.separator();
    // Seats: tiles left and passes this round.
    let round = g.game.round();
    let number = g.game.round_number();
    egui::Grid::new("domino_seats")
        .num_columns(4)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            ui.label(RichText::new("seat").small());
            ui.label(RichText::new("player").small());
            ui.label(RichText::new("tiles").small());
            ui.label(RichText::new("passes").small());
            ui.end_row();
            for s in 0..4u8 {
                let passes = g
                    .game
                    .log()
                    .iter()
                    .filter(|l| l.round == number && l.event == Some(Event::Passed { seat: s }))
                    .count();
                ui.label(RichText::new(g.seat_name(s)).color(TEAM_COLORS[(s & 1) as usize]));
                let who = match g.seats[s as usize] {
                    SeatController::Human if g.is_hotseat() => "person".to_string(),
                    SeatController::Human => "you".to_string(),
                    SeatController::Ai(ai) => ai.short_label(),
                };
                ui.label(RichText::new(who).small());
                ui.label(round.hand(s).len().to_string());
                ui.label(passes.to_string());
                ui.end_row();
            }
        });
    ui.separator();
    ui.label(RichText::new("What happened").strong());
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for l in g.game.log() {
                let mut text = RichText::new(&l.text);
                match l.event {
                    None => text = text.strong(),
                    Some(Event::Scored { team, .. }) => text = text.color(TEAM_COLORS[team]),
                    Some(Event::Passed { .. }) => text = text.italics(),
                    Some(Event::RoundOver(_)) => text = text.strong(),
                    _ => {}
                }
                ui.label(text);
            }
        });
}

fn hand_panel(ui: &mut egui::Ui, g: &mut DominoGame, hints: &mut DominoHint) {
    let actor = g.game.next_actor();
    let choice = g.game.human_choice();
    let hand = input::hand_tiles(g);
    // Keep a tile selected for the keyboard: the first that fits.
    if input::shown_to_move(g) && g.choosing_end.is_none() {
        let ok = g
            .selected
            .is_some_and(|i| i < hand.len() && input::is_playable(g, hand[i]));
        if !ok {
            g.selected = hand.iter().position(|t| input::is_playable(g, *t));
        }
    }
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let status = match (&actor, &choice, g.choosing_end) {
            _ if g.paused => "Choose the players and press Start match".to_string(),
            _ if g.covered_for().is_some() && actor != Actor::RoundOver => {
                let p = g.covered_for().map(|p| g.seat_name(p)).unwrap_or_default();
                format!("Pass the device to {p}; the hands stay hidden until {p} says so")
            }
            (Actor::Human(_), Some(HumanChoice::Open(_)), _) => {
                "Your turn: open the round with a double (the green tiles)".to_string()
            }
            (Actor::Human(_), Some(HumanChoice::MustPass), _) => {
                "Nothing fits: you must pass".to_string()
            }
            (Actor::Human(_), _, Some(tile)) => {
                format!("Where does {tile} go? Click a green end on the table, or pick below")
            }
            (Actor::Human(_), _, None) => {
                "Your turn: click a green tile (or arrow keys / 1-7, then Enter)".to_string()
            }
            (Actor::Ai(0), _, _) if g.people().is_empty() => {
                "Autoplay is playing for you…".to_string()
            }
            (Actor::Ai(s), _, _) => format!("{} is playing…", g.seat_name(*s)),
            (Actor::RoundOver, _, _) => "Round over".to_string(),
            (Actor::MatchOver, _, _) => "Match over".to_string(),
        };
        let label = match g.shown_hand() {
            None => "Hands hidden".to_string(),
            Some(s) if g.is_hotseat() => format!("{}'s hand", g.seat_name(s)),
            Some(s) if g.seats[s as usize] == SeatController::Human => "Your hand".to_string(),
            Some(_) => "Your hand (autoplay)".to_string(),
        };
        ui.label(RichText::new(label).strong());
        ui.separator();
        ui.label(status);
    });
    if let Some(p) = g.covered_for().filter(|_| actor != Actor::RoundOver) {
        cover_row(ui, g, p);
        return;
    }
    ui.horizontal(|ui| {
        let tile_size = Vec2::new(40.0, 80.0);
        for (i, t) in hand.iter().enumerate() {
            let playable = input::is_playable(g, *t);
            ui.vertical(|ui| {
                let (resp, painter) =
                    ui.allocate_painter(tile_size + Vec2::splat(8.0), Sense::click());
                let rect = Rect::from_center_size(resp.rect.center(), tile_size);
                let halves = [
                    (rect.center() - Vec2::new(0.0, tile_size.y * 0.25), t.low()),
                    (rect.center() + Vec2::new(0.0, tile_size.y * 0.25), t.high()),
                ];
                let selected = g.selected == Some(i) && input::shown_to_move(g);
                let outline = if g.choosing_end == Some(*t) || selected && playable {
                    Some((Color32::from_rgb(255, 215, 60), 3.0))
                } else if playable && hints.best_tile() == Some(*t) {
                    Some((HINT_COLOR, 4.0))
                } else if playable {
                    Some((Color32::from_rgb(70, 220, 110), 3.0))
                } else {
                    None
                };
                let dim = input::shown_to_move(g) && !playable;
                paint_tile(&painter, rect, halves, outline, dim);
                ui.label(RichText::new(format!("{}", i + 1)).small());
                if playable {
                    if resp.clicked() {
                        input::pick_tile(g, *t);
                    }
                    resp.on_hover_text(format!("Play {t}"));
                }
            });
        }
        ui.add_space(16.0);
        ui.vertical(|ui| {
            if input::shown_to_move(g) && choice != Some(HumanChoice::MustPass) {
                let b = egui::Button::new(if hints.pending() {
                    "Hint: thinking…"
                } else {
                    "Hint (H)"
                });
                if ui
                    .add_enabled(!hints.pending(), b)
                    .on_hover_text(
                        "What your AI partner would play here: expected points per option",
                    )
                    .clicked()
                {
                    hint::request_local(g, hints);
                }
            }
            if choice == Some(HumanChoice::MustPass) {
                let b = egui::Button::new(RichText::new("Pass").size(20.0))
                    .min_size(Vec2::new(90.0, 40.0));
                if ui
                    .add(b)
                    .on_hover_text("No tile fits an open end (Enter)")
                    .clicked()
                {
                    input::pass(g);
                }
            }
            let ends = input::end_choices(g);
            if !ends.is_empty() {
                for (k, m) in ends.iter().enumerate() {
                    let a = g.game.round().table.arms[m.arm as usize];
                    let text = format!(
                        "{}: {} end (shows {})",
                        k + 1,
                        ARM_NAMES[m.arm as usize],
                        a.end
                    );
                    let sel = k == g.end_cursor;
                    if ui.selectable_label(sel, text).clicked() {
                        input::pick_end(g, m.arm);
                    }
                }
                if ui.button("Cancel (Esc)").clicked() {
                    g.clear_choice();
                }
            }
        });
    });
}

/// The hand panel while the hands are covered: face-down tiles and the
/// button the next person presses.
fn cover_row(ui: &mut egui::Ui, g: &mut DominoGame, person: u8) {
    let name = g.seat_name(person);
    ui.horizontal(|ui| {
        let n = g.game.round().hand(person).len();
        for _ in 0..n {
            let (resp, painter) = ui.allocate_painter(Vec2::new(48.0, 88.0), Sense::hover());
            let r = Rect::from_center_size(resp.rect.center(), Vec2::new(40.0, 80.0));
            painter.rect_filled(r, 5.0, Color32::from_rgb(40, 40, 48));
            painter.rect_stroke(
                r,
                5.0,
                egui::Stroke::new(1.5, Color32::from_rgb(246, 241, 226)),
                egui::StrokeKind::Inside,
            );
        }
        ui.add_space(16.0);
        ui.vertical(|ui| {
            ui.label(
                RichText::new(format!("Pass the device to {name}"))
                    .size(18.0)
                    .strong(),
            );
            let b =
                egui::Button::new(RichText::new(format!("I am {name} — show my hand")).size(16.0))
                    .min_size(Vec2::new(220.0, 36.0));
            if ui.add(b).on_hover_text("Enter").clicked() {
                g.reveal();
            }
        });
    });
}
