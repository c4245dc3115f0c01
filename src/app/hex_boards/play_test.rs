//! "Play-test" (a window, like the gallery): N games of Catan on the board
//! shown, with the harbours shown, bots at every seat, played off the
//! frame (the command line's `--play`, [`crate::boards::catan::fairness::PlayTest`],
//! as a background job of the plugin),
//! and each seat's win share with its 95 % interval as a chart: does the
//! seat you draw decide who wins on this board? One family of bots, or
//! the fast families each at every seat
//! ([`crate::boards::catan::play::play_families`]) with the worst
//! family's seat advantage: fair for any table, not for one bot.

use super::runtime::BoardSettings;
use crate::app::shell::jobs::{JobSlot, ScreenJob, panicked};
use crate::boards::catan::play::{Bot, FAST_FAMILIES, MAX_GAMES, PlayConfig, PlayReport, Rules};
use crate::boards::catan::{CatanBoard, Harbour};
use crate::plugin::JobPanicked;
use bevy::prelude::*;
use bevy_egui::egui;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// Games a play-test plays unless the designer asks for another number.
pub const DEFAULT_GAMES: u32 = 2_000;

/// What a play-test found: one family's seats, or every fast family's
/// (the core's [`PlayTest`](crate::boards::catan::fairness::PlayTest), as the command line's `--play` runs it).
pub use crate::boards::catan::fairness::PlayTest as PlayOutcome;

/// The play-test's state: what to play, the run under way, the last
/// report and the board it is of.
#[derive(Resource)]
pub struct PlayTestView {
    /// Whether the window is open.
    pub open: bool,
    /// Games to play.
    pub games: u32,
    /// The bot at every seat (unless `families`).
    pub bot: Bot,
    /// Play each fast family at every seat (value, planner) instead.
    pub families: bool,
    /// Trades between players.
    pub trades: bool,
    /// The last report and the tiles it was played on.
    pub report: Option<(Vec<u8>, PlayOutcome)>,
    /// A line about the last run (or why it failed).
    pub status: String,
    done: Arc<AtomicU32>,
    job: JobSlot<PlayTestOutcome>,
    tiles: Vec<u8>,
}

/// What a play-test job gives: the outcome, or why there is none.
pub type PlayTestOutcome = Result<PlayOutcome, String>;

impl Default for PlayTestView {
    fn default() -> Self {
        PlayTestView {
            open: false,
            games: DEFAULT_GAMES,
            bot: Bot::Value,
            families: false,
            trades: false,
            report: None,
            status: String::new(),
            done: Arc::default(),
            job: JobSlot::default(),
            tiles: Vec::new(),
        }
    }
}

impl PlayTestView {
    /// Whether games are being played.
    pub fn busy(&self) -> bool {
        self.job.busy()
    }

    /// Games played so far by the run under way.
    pub fn played(&self) -> u32 {
        self.done.load(Ordering::Relaxed)
    }

    /// Games the run under way plays in all (every family's).
    pub fn total(&self) -> u32 {
        if self.families {
            self.games.saturating_mul(FAST_FAMILIES.len() as u32)
        } else {
            self.games
        }
    }

    /// Start playing `self.games` games on `tiles` with the `harbours`
    /// shown beside them (as a saved level holds them), off the main
    /// thread; a run under way is cancelled.
    pub fn start(&mut self, tiles: &[u8], harbours: &[Harbour], settings: &BoardSettings) {
        let board = match CatanBoard::try_decode(tiles) {
            Ok(b) => b.with_harbours(harbours.to_vec()),
            Err(e) => {
                self.status = format!("no play-test: {e}");
                return;
            }
        };
        let cfg = PlayConfig {
            rules: Rules {
                trades: self.trades,
            },
            ..PlayConfig::uniform(self.games, self.bot, settings.seed, 0)
        };
        let done = Arc::new(AtomicU32::new(0));
        self.done = done.clone();
        self.tiles = tiles.to_vec();
        self.open = true;
        self.status = format!("playing {} games …", self.total());
        let families = self.families;
        self.job.start_cancellable("play-test", move |cancel| {
            let progress = |n| {
                done.store(n, Ordering::Relaxed);
                !cancel.is_cancelled()
            };
            let families = families.then_some(&FAST_FAMILIES[..]);
            PlayOutcome::run(&board, &cfg, families, &progress).map_err(|e| e.to_string())
        });
    }
}

impl ScreenJob<PlayTestOutcome> for PlayTestView {
    fn slot(&mut self) -> &mut JobSlot<PlayTestOutcome> {
        &mut self.job
    }
    fn finished(&mut self, outcome: Result<PlayTestOutcome, JobPanicked>) {
        match outcome {
            Ok(Ok(outcome)) => {
                self.status = match &outcome {
                    PlayOutcome::Lineup(report) => format!(
                        "{} games ({} draws) · {:.0} games/s · seat advantage {:.1} points",
                        report.games,
                        report.draws,
                        report.games_per_sec,
                        100.0 * report.seat_advantage
                    ),
                    PlayOutcome::Families(r) => {
                        let a = r.robust_seat_advantage;
                        format!(
                            "{} games a family · robust seat advantage {:.1} points [{:.1}, {:.1}] ({} bots)",
                            r.families.first().map_or(0, |f| f.play.games),
                            100.0 * a.value,
                            100.0 * a.low,
                            100.0 * a.high,
                            r.worst_family
                        )
                    }
                };
                self.report = Some((std::mem::take(&mut self.tiles), outcome));
            }
            Ok(Err(e)) => self.status = format!("no play-test: {e}"),
            Err(why) => self.status = panicked("play-test", &why),
        }
    }
}

/// Registers the play-test.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayTestView>();
    crate::app::shell::jobs::add::<PlayTestView, PlayTestOutcome>(app);
}

/// The play-test window (Catan boards): what to play, the run, the chart.
pub fn play_test_window(
    ctx: &egui::Context,
    view: &mut PlayTestView,
    tiles: &[u8],
    harbours: &[Harbour],
    settings: &BoardSettings,
) {
    let mut open = view.open;
    egui::Window::new("Play-test: does the seat decide the game?")
        .open(&mut open)
        .default_pos(egui::pos2(320.0, 40.0))
        .default_width(520.0)
        .show(ctx, |ui| play_test_ui(ui, view, tiles, harbours, settings));
    view.open = open;
}

fn play_test_ui(
    ui: &mut egui::Ui,
    view: &mut PlayTestView,
    tiles: &[u8],
    harbours: &[Harbour],
    settings: &BoardSettings,
) {
    ui.label("Bots play the board shown, with its harbours, from every seat.");
    ui.horizontal(|ui| {
        ui.add_enabled(
            !view.busy(),
            egui::DragValue::new(&mut view.games)
                .range(1..=MAX_GAMES)
                .speed(50.0),
        );
        ui.label("games");
        ui.checkbox(&mut view.trades, "trades between players")
            .on_hover_text(
                "once a turn a bot offers 1 for 1 or 2 for 1 for what its next build lacks",
            );
    });
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut view.families, true, "every fast family")
            .on_hover_text(
                "value bots, then planners, each at every seat: the worst family's seat advantage",
            );
        for (bot, name, tip) in [
            (
                Bot::Value,
                "value",
                "one-ply greedy bots with a hand-written value and a little noise",
            ),
            (
                Bot::Planner,
                "planner",
                "deterministic weighted evaluation of the position",
            ),
            (
                Bot::Search,
                "search",
                "Monte Carlo search over the planner (slow: a few games a second)",
            ),
            (Bot::Random, "random", "weighted-random bots"),
        ] {
            if ui
                .radio(!view.families && view.bot == bot, name)
                .on_hover_text(tip)
                .clicked()
            {
                view.families = false;
                view.bot = bot;
            }
        }
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(!view.busy(), egui::Button::new("▶ Play-test"))
            .clicked()
        {
            view.start(tiles, harbours, settings);
        }
        if view.busy() {
            ui.spinner();
            ui.label(format!("{} / {} games", view.played(), view.total()));
            if ui.small_button("cancel").clicked() {
                view.job.cancel();
                view.status = "play-test cancelled".into();
            }
        }
    });
    if !view.status.is_empty() {
        ui.label(&view.status);
    }
    if let Some((played_on, outcome)) = &view.report {
        if played_on.as_slice() != tiles {
            ui.weak("(played on an earlier board: press Play-test for this one)");
        }
        let report = match outcome {
            PlayOutcome::Lineup(report) => report,
            PlayOutcome::Families(r) => {
                for f in &r.families {
                    let a = f.seat_advantage;
                    ui.label(format!(
                        "{} bots: seat advantage {:.1} points [{:.1}, {:.1}]",
                        f.family,
                        100.0 * a.value,
                        100.0 * a.low,
                        100.0 * a.high
                    ));
                }
                ui.label(format!("the worst family's seats ({}):", r.worst_family));
                match r.families.iter().find(|f| f.family == r.worst_family) {
                    Some(f) => &f.play,
                    None => return,
                }
            }
        };
        seat_chart(ui, report);
        ui.label(format!(
            "opening pips by seat: {} · {:.0} turns a game",
            report
                .opening_pips
                .iter()
                .map(|p| format!("{p:.1}"))
                .collect::<Vec<_>>()
                .join(" · "),
            report.mean_turns
        ));
    }
}

/// Each seat's win share as a bar with its 95 % interval, and a line at
/// the fair share (one over the seats).
fn seat_chart(ui: &mut egui::Ui, report: &PlayReport) {
    let seats = report.seat_win_share.len();
    if seats == 0 {
        return;
    }
    let row = 20.0;
    let (label_w, value_w) = (52.0, 120.0);
    let width = ui.available_width().max(200.0);
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(width, row * seats as f32 + 18.0),
        egui::Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    let text = visuals.text_color();
    let font = egui::FontId::proportional(12.0);
    let bar_left = rect.left() + label_w;
    let bar_w = (width - label_w - value_w).max(60.0);
    // The scale reaches past the highest interval, in steps of 10 %.
    let top = report
        .seat_win_share
        .iter()
        .map(|s| s.high)
        .fold(2.0 / seats as f64, f64::max);
    let top = ((top * 10.0).ceil() / 10.0).min(1.0);
    let x = |v: f64| bar_left + (v / top) as f32 * bar_w;
    for (k, s) in report.seat_win_share.iter().enumerate() {
        let y = rect.top() + row * k as f32;
        painter.text(
            egui::pos2(rect.left(), y + row / 2.0),
            egui::Align2::LEFT_CENTER,
            format!("seat {}", k + 1),
            font.clone(),
            text,
        );
        let bar = egui::Rect::from_min_max(
            egui::pos2(bar_left, y + 4.0),
            egui::pos2(x(s.share), y + row - 4.0),
        );
        painter.rect_filled(bar, 2.0, egui::Color32::from_rgb(90, 140, 220));
        let (lo, hi, mid) = (x(s.low), x(s.high), y + row / 2.0);
        let stroke = egui::Stroke::new(1.5, text);
        painter.line_segment([egui::pos2(lo, mid), egui::pos2(hi, mid)], stroke);
        for end in [lo, hi] {
            painter.line_segment(
                [egui::pos2(end, mid - 4.0), egui::pos2(end, mid + 4.0)],
                stroke,
            );
        }
        painter.text(
            egui::pos2(bar_left + bar_w + 6.0, mid),
            egui::Align2::LEFT_CENTER,
            format!(
                "{:.1} % [{:.1}, {:.1}]",
                100.0 * s.share,
                100.0 * s.low,
                100.0 * s.high
            ),
            font.clone(),
            text,
        );
    }
    let fair = x(1.0 / seats as f64);
    let bottom = rect.top() + row * seats as f32;
    painter.line_segment(
        [egui::pos2(fair, rect.top()), egui::pos2(fair, bottom)],
        egui::Stroke::new(1.0, egui::Color32::from_rgb(255, 200, 80)),
    );
    painter.text(
        egui::pos2(fair, bottom + 2.0),
        egui::Align2::CENTER_TOP,
        format!("fair {:.0} %", 100.0 / seats as f64),
        egui::FontId::proportional(11.0),
        egui::Color32::from_rgb(255, 200, 80),
    );
}
