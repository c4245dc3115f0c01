//! One game from a seed to the end: bots pick, chance is resolved, the
//! state moves on; optionally recorded, and a record replays.

use super::bots::Bot;
use super::state::{Action, MAX_SEATS, Phase, State};
use super::topology::{NONE, Topology};
use crate::rng::seeded;

/// Turns after which a stalled game ends as a draw.
pub const TURN_CAP: u16 = 1000;

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winning seat, or `None` for a draw (the turn cap).
    pub winner: Option<u8>,
    /// Turns played (one per seat's turn).
    pub turns: u16,
    /// Total pips of each seat's two setup settlements.
    pub opening_pips: [u8; MAX_SEATS],
    /// Each seat's victory points at the end.
    pub points: [u8; MAX_SEATS],
}

/// A game as played: the state after the development deck was shuffled
/// and every action applied, chance resolved ([`State::resolve`]).
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The state before the first action.
    pub start: State,
    /// The actions applied, in order.
    pub actions: Vec<Action>,
}

/// The table's rules beyond the base game's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Trades between players ([`super::trades`]): once a turn after the
    /// dice the seat to act offers one; off by default.
    pub trades: bool,
}

/// Play one game on `t` with `bots[seat]` at each seat (`bots.len()`
/// seats), seeded by `seed`: the same seed gives the same game. `buf` is
/// the legal-action buffer, reused across games; with `record`, every
/// applied action is pushed there. Returns the result and the final state.
/// The base game's rules: [`play_game_with`] sets [`Rules`].
pub fn play_game(
    t: &Topology,
    bots: &[Bot],
    seed: u64,
    buf: &mut Vec<Action>,
    record: Option<&mut GameRecord>,
) -> (GameResult, State) {
    play_game_with(t, bots, Rules::default(), seed, buf, record)
}

/// [`play_game`] under `rules`.
pub fn play_game_with(
    t: &Topology,
    bots: &[Bot],
    rules: Rules,
    seed: u64,
    buf: &mut Vec<Action>,
    mut record: Option<&mut GameRecord>,
) -> (GameResult, State) {
    let mut rng = seeded(seed);
    // The turn in which the seat to act last offered a player trade.
    let mut offered = u16::MAX;
    let mut s = State::new(t, bots.len() as u8, &mut rng);
    if let Some(r) = record.as_deref_mut() {
        r.start = s;
        r.actions.clear();
    }
    while s.phase != Phase::Over && s.turns < TURN_CAP {
        let p = s.actor();
        let trade = if rules.trades && s.phase == Phase::Main && offered != s.turns {
            offered = s.turns;
            super::trades::offer(t, &s, p, bots)
        } else {
            None
        };
        let a = match (trade, bots[p as usize]) {
            (Some(a), _) => a,
            // Kind first, then one instance: no list of every action.
            (None, Bot::Random) => s.random_action_for(t, p, &mut rng),
            (None, bot) => {
                s.legal(t, buf);
                bot.choose(t, &s, buf, &mut rng)
            }
        };
        let a = s.resolve(a, &mut rng);
        if let Some(r) = record.as_deref_mut() {
            r.actions.push(a);
        }
        let turn = s.turns;
        s.apply_for(t, p, a);
        if cfg!(debug_assertions) && (s.turns != turn || s.phase == Phase::Over) {
            s.check(t);
        }
    }
    (result(&s), s)
}

/// The result of a finished (or capped) game.
pub fn result(s: &State) -> GameResult {
    let mut points = [0; MAX_SEATS];
    for (q, p) in points.iter_mut().enumerate().take(s.seats as usize) {
        *p = s.points(q as u8);
    }
    GameResult {
        winner: (s.winner != NONE).then_some(s.winner),
        turns: s.turns,
        opening_pips: s.opening_pips,
        points,
    }
}

/// Replay `record` on `t`: the final state of the recorded game.
pub fn replay(t: &Topology, record: &GameRecord) -> State {
    let mut s = record.start;
    for &a in &record.actions {
        s.apply(t, a);
    }
    s
}
