//! The domino screen: a four-ends match with you at seat 0, an AI partner
//! at seat 2 and AI opponents at seats 1 and 3.
//!
//! - this file: the match as ECS resources and the logic systems (start a
//!   match, let AI seats move at a visible pace, turn the log into floating
//!   labels, print the result of a scripted run); [`logic_plugin`] holds
//!   only these, so tests drive a match headless;
//! - `ui.rs`: the egui panels (scores and log, the hand) and the layout,
//!   `windows.rs`: the round summary, match result, hot-seat cover and
//!   hint, `settings_ui.rs`: the settings, `draw.rs`: the table and the
//!   tiles, `input.rs`: what a click or a key does; the people's features
//!   in `hotseat.rs`, `hint.rs`, `records*.rs` and `net*.rs`.
//!
//! The engine is `crate::domino` ([`LocalMatch`] and the table
//! [`table_layout`](crate::domino::table_layout)).

mod draw;
mod flags;
mod hint;
mod hotseat;
mod input;
mod net;
mod net_form;
mod net_ui;
mod records;
mod records_panel;
mod settings_ui;
mod ui;
mod windows;

pub use flags::{settings_from_args, validate};
pub use hint::{DominoHint, HINT_DETERMINIZATIONS};
pub use hotseat::HotSeat;
pub use net::{DominoNet, host_seats};
pub use net_form::NetForm;
pub use records::DominoRecords;
// What only the screen's tests (src/app/tests) reach.
#[cfg(test)]
pub(crate) use hint::{hint_seed, request_local};
#[cfg(test)]
pub(crate) use input::hand_tiles;
#[cfg(test)]
pub(crate) use net::autoplay_step;

use crate::app::Screen;
use crate::app::shell::ScreenStatus;
use crate::app::shell::jobs::{self, JobSlot, ScreenJob, panicked};
use crate::app::shell::scripted::ScriptArgs;
use crate::app::shell::{ScreenSet, StatusLine};
use crate::domino::{Actor, AgentSpec, AiTurnsPlayed, Event, LocalMatch, SeatAi};
use crate::plugin::JobPanicked;
use bevy::prelude::*;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatController {
    /// A person at this computer (any seat; two or more people share the
    /// machine hot-seat).
    Human,
    /// An AI.
    Ai(SeatAi),
}

impl SeatController {
    /// The agent name, `None` for a person.
    pub fn agent_name(&self) -> Option<String> {
        match self {
            SeatController::Human => None,
            SeatController::Ai(ai) => Some(ai.agent_name()),
        }
    }
}

/// The settings of the next match (the one running keeps its own).
#[derive(Resource, Clone, Debug)]
pub struct DominoSettings {
    /// Who plays each seat.
    pub seats: [SeatController; 4],
    /// The people's names per seat (empty: the seat's name, "You",
    /// "West", "Partner", "East").
    pub names: [String; 4],
    /// The match seed: the deals and the AIs' tie-breaks.
    pub seed: u64,
    /// Seconds between two AI moves (0: one move a frame).
    pub ai_delay: f32,
    /// Seconds a round's summary stays before the next round starts by
    /// itself when no person plays (`None`: wait for "Next round").
    pub auto_next_round: Option<f32>,
    /// Whether seat 0 is played by `basic` for a person watching
    /// (`--autoplay`).
    pub autoplay: bool,
    /// Whether the first match waits for "Start match" in the settings
    /// (false in scripted runs).
    pub start_paused: bool,
}

impl Default for DominoSettings {
    fn default() -> Self {
        DominoSettings {
            seats: [
                SeatController::Human,
                SeatController::Ai(SeatAi::default()),
                SeatController::Ai(SeatAi::default()),
                SeatController::Ai(SeatAi::default()),
            ],
            names: Default::default(),
            seed: 1,
            ai_delay: 0.9,
            auto_next_round: None,
            autoplay: false,
            start_paused: true,
        }
    }
}

/// A text that rises from a seat and fades: a play's points, "passou".
#[derive(Clone, Debug, PartialEq)]
pub struct FloatingLabel {
    /// The seat it rises from (`None`: the middle of the table).
    pub seat: Option<u8>,
    /// The text.
    pub text: String,
    /// The team whose colour it takes (`None`: neutral).
    pub team: Option<usize>,
    /// Seconds since it appeared.
    pub age: f32,
}

/// How long a floating label stays, in seconds.
pub const LABEL_SECONDS: f32 = 3.0;

/// The match on screen and what the screen remembers about it.
#[derive(Resource)]
pub struct DominoGame {
    /// The match.
    pub game: LocalMatch,
    /// Who plays each seat in this match.
    pub seats: [SeatController; 4],
    /// Seconds since the last AI move (or since the round ended).
    pub wait: f32,
    /// Log entries already turned into floating labels.
    pub seen_log: usize,
    /// Labels on screen.
    pub labels: Vec<FloatingLabel>,
    /// The hand tile picked with the keyboard or a click (index into the
    /// sorted hand).
    pub selected: Option<usize>,
    /// A tile that fits several ends: the person is choosing where.
    pub choosing_end: Option<crate::domino::Tile>,
    /// The end highlighted with the keyboard while choosing.
    pub end_cursor: usize,
    /// Whether the match result was printed (scripted runs).
    pub reported: bool,
    /// Waiting for "Start match" (AI seats do not move).
    pub paused: bool,
    /// The people's names per seat (empty: the seat's name).
    pub names: [String; 4],
    /// Hot-seat: whose hand is shown, covered between people's turns.
    pub hotseat: HotSeat,
    /// Whether the finished match was handed to the records.
    pub recorded: bool,
    /// The AI seats' turns being played off the frame.
    ai: JobSlot<AiTurnsPlayed>,
}

impl DominoGame {
    /// A new match from the settings (`paused`: wait for "Start match").
    /// Errors name a bad AI.
    pub fn new(settings: &DominoSettings, paused: bool) -> Result<DominoGame, String> {
        // Seats by typed agent, as the plugin's domino AI takes them.
        let mut specs: [Option<AgentSpec>; 4] = Default::default();
        for (spec, c) in specs.iter_mut().zip(&settings.seats) {
            if let SeatController::Ai(ai) = c {
                *spec = Some(ai.agent_spec().map_err(|e| e.to_string())?);
            }
        }
        Ok(DominoGame {
            game: LocalMatch::from_specs(&specs, settings.seed).map_err(|e| e.to_string())?,
            seats: settings.seats,
            wait: 0.0,
            seen_log: 0,
            labels: Vec::new(),
            selected: None,
            choosing_end: None,
            end_cursor: 0,
            reported: false,
            paused,
            names: settings.names.clone(),
            hotseat: HotSeat::default(),
            recorded: false,
            ai: JobSlot::default(),
        })
    }

    /// Whether any seat is played by a person.
    pub fn has_human(&self) -> bool {
        self.seats.contains(&SeatController::Human)
    }

    /// Whether AI seats' turns are being played off the frame.
    #[cfg(test)]
    pub fn ai_thinking(&self) -> bool {
        self.ai.busy()
    }

    /// Forget the person's half-made choice (after any move).
    pub fn clear_choice(&mut self) {
        self.choosing_end = None;
        self.end_cursor = 0;
    }
}

/// The AI seats' turns come back from their job: the match takes them in
/// (as if stepped one by one on the frame: the same random stream).
impl ScreenJob<AiTurnsPlayed> for DominoGame {
    fn slot(&mut self) -> &mut JobSlot<AiTurnsPlayed> {
        &mut self.ai
    }
    fn finished(&mut self, outcome: Result<AiTurnsPlayed, JobPanicked>) {
        match outcome {
            Ok(played) => {
                self.game.apply_ai_turns(played);
                if self.game.next_actor() == Actor::RoundOver {
                    self.wait = 0.0;
                }
            }
            Err(why) => {
                // The match waits; the log says why.
                error!("domino: {}", panicked("AI seats' turn", &why));
                self.paused = true;
            }
        }
    }
}

/// Ask for a new match with the current settings.
#[derive(Message, Clone, Copy, Debug)]
pub struct NewMatch;

/// Registers the domino screen: logic and UI.
pub fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin);
    ui::plugin(app);
}

/// The logic systems only (no egui): settings from the command line, the
/// match, AI seats moving at their pace, labels. Tests add this alone.
pub fn logic_plugin(app: &mut App) {
    crate::app::shell::sets::add(app);
    app.init_resource::<DominoSettings>()
        .init_resource::<DominoRecords>()
        .init_resource::<DominoHint>()
        .init_resource::<NetForm>()
        .add_message::<NewMatch>()
        .add_systems(Startup, apply_args)
        .add_plugins((
            jobs::add::<DominoHint, hint::HintOutcome>,
            jobs::add::<DominoRecords, records::RecordsOutcome>,
            jobs::add::<DominoGame, AiTurnsPlayed>,
        ))
        .add_systems(OnEnter(Screen::Domino), start_if_missing)
        .add_systems(OnExit(Screen::Domino), leave_screen)
        .add_systems(
            Update,
            (
                // Input: keys (`input.rs`); clicks are read by the egui
                // panels (`ui.rs`), which play the person's moves.
                input::keyboard.in_set(ScreenSet::Input),
                start_new_match.in_set(ScreenSet::Commands),
                (
                    hotseat::cover_hands,
                    advance,
                    hotseat::cover_hands,
                    collect_labels,
                    report_result,
                    records::record_finished,
                    net::record_hosted,
                    net::poll_net,
                    net::autoplay_net,
                    net::report_net,
                    hint::follow_hint,
                )
                    .chain()
                    .in_set(ScreenSet::Step),
                // Draw: the table is painted by egui (`draw.rs`).
            )
                .run_if(in_state(Screen::Domino)),
        );
}

fn apply_args(
    mut commands: Commands,
    mut status: ResMut<ScreenStatus>,
    args: Option<Res<ScriptArgs>>,
    mut settings: ResMut<DominoSettings>,
    mut recs: ResMut<DominoRecords>,
    mut hint: ResMut<DominoHint>,
) {
    if let Some(args) = args {
        *settings = settings_from_args(&args.0, &settings);
        if let Some(p) = &args.0.records {
            recs.path = p.clone();
        }
        if args.0.show.as_deref() == Some("records") {
            recs.show();
        }
        hint.always = args.0.show.as_deref() == Some("hint");
        let a = &args.0;
        let name = a.name.clone().unwrap_or_else(|| "You".into());
        let net = if let Some(addr) = &a.join {
            let j = crate::domino::net::JoinOptions {
                code: a.code.clone(),
                token: a.token.clone(),
                ..crate::domino::net::JoinOptions::new(a.seat, &name)
            };
            Some(DominoNet::join(addr, &j))
        } else if let Some(port) = a.host_port {
            let who = settings
                .names
                .iter()
                .zip(settings.seats)
                .find(|(_, s)| *s == SeatController::Human)
                .map(|(n, _)| n.clone())
                .filter(|n| !n.is_empty())
                .unwrap_or(name);
            let delay = std::time::Duration::from_secs_f32(settings.ai_delay.clamp(0.0, 10.0));
            Some(
                host_seats(&settings.seats)
                    .and_then(|seats| DominoNet::host(port, seats, settings.seed, &who, delay)),
            )
        } else {
            None
        };
        match net {
            Some(Ok(n)) => {
                if let Some(p) = n.hosted_port() {
                    crate::app::shell::scripted::say(format_args!("domino: hosting on port {p}"));
                    if let Some(code) = n.join_code() {
                        crate::app::shell::scripted::say(format_args!("join code {code}"));
                    }
                }
                commands.insert_resource(n);
            }
            Some(Err(e)) => {
                error!("domino: {e}");
                status[Screen::Domino] = StatusLine::error(e);
            }
            None => {}
        }
    }
}

fn start_if_missing(
    mut commands: Commands,
    settings: Res<DominoSettings>,
    game: Option<Res<DominoGame>>,
    net: Option<Res<DominoNet>>,
) {
    if game.is_none() {
        // A networked match replaces the local one (which waits paused).
        match DominoGame::new(&settings, settings.start_paused || net.is_some()) {
            Ok(g) => commands.insert_resource(g),
            Err(e) => error!("domino: {e}"),
        }
    }
}

/// Teardown: the screen draws with egui (no entities to despawn); its
/// hint search is cancelled. The match waits (AI seats move only while
/// the screen is shown) and a networked table stays connected.
fn leave_screen(mut hints: ResMut<DominoHint>) {
    hints.forget();
}

fn start_new_match(
    mut commands: Commands,
    mut requests: MessageReader<NewMatch>,
    settings: Res<DominoSettings>,
) {
    if requests.read().count() > 0 {
        match DominoGame::new(&settings, false) {
            Ok(g) => commands.insert_resource(g),
            Err(e) => error!("domino: {e}"),
        }
    }
}

/// AI seats move `ai_delay` apart (several at once if frames are slower
/// than that, at most 1000; one a frame when the delay is 0), played off
/// the frame as one background job (the plugin's job layer) and taken in
/// when it ends; a finished round waits for "Next round" unless no person
/// plays (then it goes on by itself after `auto_next_round`).
fn advance(time: Res<Time>, settings: Res<DominoSettings>, game: Option<ResMut<DominoGame>>) {
    let Some(mut g) = game else { return };
    if g.paused {
        return;
    }
    g.wait += time.delta_secs();
    let delay = settings.ai_delay.max(0.0);
    if let Actor::Ai(_) = g.game.next_actor() {
        if g.ai.busy() {
            return;
        }
        let due = if delay == 0.0 {
            1
        } else {
            (g.wait / delay).floor().min(1000.0) as usize
        };
        if due == 0 {
            return;
        }
        g.wait -= due as f32 * delay;
        match g.game.ai_turns(due) {
            Ok(turns) => g.ai.start_job(crate::plugin::play_ai_seats(turns)),
            Err(e) => error!("domino: {e}"),
        }
        return;
    }
    match g.game.next_actor() {
        Actor::RoundOver => {
            let auto = settings.auto_next_round.filter(|_| !g.has_human());
            if let Some(secs) = auto
                && g.wait >= secs
            {
                g.wait = 0.0;
                let _ = g.game.next_round();
                g.clear_choice();
                g.selected = None;
            }
        }
        Actor::Human(_) => g.wait = 0.0,
        _ => {}
    }
}

/// New log lines with points or a pass become floating labels; old labels
/// age and go.
fn collect_labels(time: Res<Time>, game: Option<ResMut<DominoGame>>) {
    let Some(mut g) = game else { return };
    let dt = time.delta_secs();
    for l in &mut g.labels {
        l.age += dt;
    }
    g.labels.retain(|l| l.age < LABEL_SECONDS);
    let new: Vec<FloatingLabel> = g.game.log()[g.seen_log..]
        .iter()
        .filter_map(|l| match l.event? {
            Event::Passed { seat } => Some(FloatingLabel {
                seat: Some(seat),
                text: "passou".into(),
                team: None,
                age: 0.0,
            }),
            Event::Scored { team, points, rule } => Some(FloatingLabel {
                seat: l.seat,
                text: format!("+{points} {}", ui::rule_short(rule)),
                team: Some(team),
                age: 0.0,
            }),
            _ => None,
        })
        .collect();
    g.seen_log = g.game.log().len();
    g.labels.extend(new);
}

/// One line on stdout when a match ends (scripted runs read it).
fn report_result(game: Option<ResMut<DominoGame>>) {
    let Some(mut g) = game else { return };
    if g.reported {
        return;
    }
    if let Some(r) = g.game.result() {
        g.reported = true;
        let names: Vec<String> = (0..4).map(|s| g.game.agent_name(s)).collect();
        crate::app::shell::scripted::say(format_args!(
            "domino: match over, seed {}, seats {}, winner team {} ({}), score {}-{}, rounds {}",
            g.game.seed(),
            names.join(","),
            ["A", "B"][r.winner],
            crate::domino::TEAM_NAMES[r.winner],
            r.score[0],
            r.score[1],
            r.rounds
        ));
    }
}
