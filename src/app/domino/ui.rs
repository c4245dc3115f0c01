//! The egui side of the domino screen: scores, seats and the log on the
//! right, your hand below the table, the round summary and the match
//! result over it, and the settings window.

use super::draw::{self, TEAM_COLORS, paint_tile};
use super::records_panel;
use super::{DominoGame, DominoRecords, DominoSettings, NewMatch, SeatController, input};
use super::{DominoHint, hint};
use crate::app::Screen;
use crate::app::shell::camera::PanelInsets;
use crate::domino::{ARM_NAMES, Actor, HumanChoice, SEAT_NAMES, TEAM_NAMES, end_text, opener_text};
use crate::domino::{AiKind, CoefSet, SEARCH_LEVELS, SeatAi};
use crate::domino::{Event, RoundEnd, Rule};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Pos2, Rect, RichText, Sense, Vec2};
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
            .in_set(crate::app::shell::ScreenUiSet)
            .run_if(in_state(Screen::Domino)),
    );
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

fn team_text(team: usize) -> RichText {
    RichText::new(TEAM_NAMES[team])
        .color(TEAM_COLORS[team])
        .strong()
}

#[allow(clippy::too_many_arguments)]
fn domino_ui(
    mut contexts: EguiContexts,
    mut insets: ResMut<PanelInsets>,
    game: Option<ResMut<DominoGame>>,
    mut settings: ResMut<DominoSettings>,
    mut settings_open: ResMut<SettingsOpen>,
    mut new_match: MessageWriter<NewMatch>,
    mut recs: ResMut<DominoRecords>,
    mut hints: ResMut<DominoHint>,
    net: Option<ResMut<super::DominoNet>>,
    net_status: Res<super::NetStatus>,
    mut form: ResMut<super::net_form::NetForm>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if let Some(mut n) = net {
        if super::net_ui::remote_ui(&ctx, &mut insets, &mut n, &mut hints) {
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
    input::keyboard(&ctx, &mut g);
    if !ctx.egui_wants_keyboard_input() && ctx.input(|i| i.key_pressed(egui::Key::H)) {
        hint::request_local(&g, &mut hints);
    }
    let mut root = crate::app::shell::content_root(&ctx, &insets, "domino");
    let right = egui::Panel::right("domino_side")
        .default_size(310.0)
        .resizable(false)
        .show(&mut root, |ui| {
            side_panel(ui, &mut g, &mut settings_open, &mut new_match, &mut recs)
        })
        .response
        .rect
        .width();
    let bottom = egui::Panel::bottom("domino_hand")
        .exact_size(150.0)
        .show(&mut root, |ui| hand_panel(ui, &mut g, &mut hints))
        .response
        .rect
        .height();
    insets.bypass_change_detection().left = 0.0;
    insets.bypass_change_detection().right = right;
    insets.bypass_change_detection().bottom = bottom;
    let mut table_rect = Rect::NOTHING;
    egui::CentralPanel::default().show(&mut root, |ui| {
        table_rect = ui.available_rect_before_wrap();
        draw::table(ui, &mut g);
    });
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
    if let Some(e) = &net_status.0 {
        centred_window("Network", table_rect).show(&ctx, |ui| {
            ui.label(RichText::new(e).color(Color32::from_rgb(255, 110, 100)));
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

/// Over the table while the hands are covered: whom to pass the device
/// to, and the button that shows their hand.
fn cover_window(ctx: &egui::Context, table: Rect, g: &mut DominoGame, person: u8) {
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

fn centred_window(title: &str, table: Rect) -> egui::Window<'_> {
    let pos = Pos2::new(table.center().x, table.top() + 60.0);
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(pos)
}

fn round_summary(ctx: &egui::Context, table: Rect, g: &mut DominoGame) {
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

fn match_result(
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

fn seat_ai_ui(ui: &mut egui::Ui, id: &str, ai: &mut SeatAi) {
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
fn settings_window(
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
