//! evoboard's players for other games' domino tables: a game that runs its
//! own four-ends table describes what one seat knows as a [`PublicRound`]
//! and gets that seat's [`Turn`] from any [`Agent`] (basic, strategies 1-4,
//! presets, the Monte Carlo search) through [`choose_turn`] or
//! [`choose_turn_named`], without the app.
//!
//! The state is checked and replayed by the real rules: the seat's starting
//! hand is its hand plus what it played; the other seats get what they
//! played plus unseen tiles dealt at random (never a number they passed
//! on), then every turn of the history goes through [`Round::try_open_with`],
//! [`Round::try_play`] and [`Round::try_pass`]. The agent decides from the
//! [`SeatView`](super::SeatView) of that round, which never shows the other
//! hands, so the random filling does not change its choice.

mod replay;
#[cfg(test)]
mod tests;

use super::agents::Agent;
use super::error::DominoError;
use super::round::{Opening, Round};
use super::spec::parse_agent;
use super::table::Move;
use super::tiles::{Hand, Tile};
use crate::rng::{derive_seed, seeded};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The stream of [`choose_turn`]'s seed that deals the hidden tiles.
const FILL_STREAM: u64 = 0;
/// The stream of [`choose_turn`]'s seed the agent draws from (tie-breaks,
/// Monte Carlo samples).
const AGENT_STREAM: u64 = 1;

/// One turn of a round, as a table records it.
///
/// With serde: `{"Open": [6, 6]}`, `{"Play": {"tile": [5, 6], "arm": 0}}`,
/// `"Pass"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Turn {
    /// The opener lays the spinner (a double); always the first turn.
    Open(Tile),
    /// A tile laid on an arm (0..4) of the spinner.
    Play(Move),
    /// The seat passes: no tile in its hand fits an open end.
    Pass,
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Open(t) => write!(f, "open with {t}"),
            Turn::Play(m) => write!(f, "play {} on arm {}", m.tile, m.arm),
            Turn::Pass => write!(f, "pass"),
        }
    }
}

/// Everything one seat may know in a round, as a game running its own
/// domino table records it: its own hand, who opened and how, every turn
/// since and the match score. No other hand.
///
/// Seats are 0..4 and play goes 0, 1, 2, 3, 0…; seats 0 and 2 are team A,
/// 1 and 3 team B ([`team_of`](super::team_of)). Arms are numbered as in
/// [`Table`](super::Table): 0 and 1 are the spinner's long sides, 2 and 3
/// open once both hold a tile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct PublicRound {
    /// The seat asking for its turn (0..4).
    pub seat: u8,
    /// The tiles it holds now (7 minus those it has played).
    pub hand: Vec<Tile>,
    /// The seat that lays (or laid) the spinner.
    pub opener: u8,
    /// How the round opens: 6-6 forced, or any double.
    pub opening: Opening,
    /// Every turn so far, in order, starting with the opener's
    /// [`Turn::Open`].
    pub history: Vec<Turn>,
    /// The match score before this round (team A, team B).
    pub match_score: [u32; 2],
}

/// The turn `agent` takes for `state.seat`: [`Turn::Open`] with a double
/// when the seat opens the round (no agent call if only one double may
/// open), [`Turn::Pass`] when nothing fits, the only legal move when there
/// is one, else the agent's choice. The answer is always legal.
///
/// The state is rebuilt into a full round (the hidden hands dealt at
/// random from the unseen tiles, respecting every pass) and replayed by the
/// rules; the agent only sees what `state.seat` sees. `seed` drives both
/// the hidden deal and the agent's own random numbers (tie-breaks, search
/// samples) through separate streams: the same state and seed give the
/// same answer.
///
/// Errors: a seat or opener outside 0..4, a tile index outside 0..28, a
/// hand with a tile twice or a tile already played, a hand of the wrong
/// size for the history, an illegal turn in the history (with its index
/// and why), a history no deal agrees with, an opener without a double
/// that may open, a request when another seat is to move (naming it) or
/// after the round is over.
///
/// ```
/// use evoboard_core::domino::{EvalAgent, Move, Opening, PublicRound, Tile, Turn, choose_turn};
///
/// let t = Tile::new;
/// // Seat 1 opened with 6-6, seat 2 laid 6-3 on arm 0, seat 3 6-2 on arm 1.
/// let state = PublicRound {
///     seat: 0,
///     hand: vec![t(3, 5), t(2, 2), t(0, 4), t(1, 5), t(6, 5), t(0, 0), t(4, 4)],
///     opener: 1,
///     opening: Opening::Forced(Tile::DOUBLE_SIX),
///     history: vec![
///         Turn::Open(t(6, 6)),
///         Turn::Play(Move { tile: t(6, 3), arm: 0 }),
///         Turn::Play(Move { tile: t(6, 2), arm: 1 }),
///     ],
///     match_score: [0, 0],
/// };
/// let turn = choose_turn(&EvalAgent::basic(), &state, 7)?;
/// // 6-5 on the empty arm 2 makes the ends 3 + 2 + 5 = 10 points.
/// assert_eq!(turn, Turn::Play(Move { tile: t(6, 5), arm: 2 }));
/// // The same through the command-line name, and the same seed again.
/// assert_eq!(evoboard_core::domino::choose_turn_named("basic", &state, 7)?, turn);
/// # Ok::<(), evoboard_core::domino::DominoError>(())
/// ```
pub fn choose_turn(agent: &dyn Agent, state: &PublicRound, seed: u64) -> Result<Turn, DominoError> {
    choose_turn_seeded(
        agent,
        state,
        derive_seed(seed, FILL_STREAM),
        derive_seed(seed, AGENT_STREAM),
    )
}

/// [`choose_turn`] with the agent named as on the command line (`basic`,
/// `s1`..`s4`, `t1`, `mc:64`…, see
/// [`AGENT_NAMES_HELP`](super::AGENT_NAMES_HELP)); an unknown name is a
/// [`DominoError::UnknownAgent`].
pub fn choose_turn_named(agent: &str, state: &PublicRound, seed: u64) -> Result<Turn, DominoError> {
    let agent = parse_agent(agent)?;
    choose_turn(agent.as_ref(), state, seed)
}

/// [`choose_turn`] with the hidden deal and the agent seeded apart.
fn choose_turn_seeded(
    agent: &dyn Agent,
    state: &PublicRound,
    fill_seed: u64,
    agent_seed: u64,
) -> Result<Turn, DominoError> {
    let round = replay::reconstruct(state, fill_seed)?;
    if let Some(end) = round.end {
        return Err(DominoError::RoundAlreadyOver { end });
    }
    if round.turn != state.seat {
        return Err(DominoError::NotSeatsTurn {
            seat: state.seat,
            turn: round.turn,
        });
    }
    decide(agent, &round, agent_seed)
}

/// The turn of the seat to move in `round`, taken as [`Round::step`] takes
/// it (the agent is asked only when there is a choice).
fn decide(agent: &dyn Agent, round: &Round, agent_seed: u64) -> Result<Turn, DominoError> {
    let seat = round.turn;
    let view = round.view(seat);
    let mut rng = seeded(agent_seed);
    let refused = |answer: String| DominoError::BadAgentAnswer {
        agent: agent.name(),
        answer,
    };
    if round.table.spinner.is_none() {
        let doubles: Hand = round.opening_doubles().into_iter().collect();
        let mut it = doubles.iter();
        return match (it.next(), it.next()) {
            (None, _) => Err(DominoError::NoOpeningDouble {
                seat,
                opening: round.opening,
            }),
            (Some(t), None) => Ok(Turn::Open(t)),
            _ => {
                let t = agent.choose_opening(&view, doubles, &mut rng);
                if doubles.contains(t) {
                    Ok(Turn::Open(t))
                } else {
                    Err(refused(format!("the opening double {t}")))
                }
            }
        };
    }
    if round.must_pass() {
        return Ok(Turn::Pass);
    }
    let mut buf = [Move {
        tile: Tile(0),
        arm: 0,
    }; 28];
    let n = round.legal_moves(&mut buf);
    match &buf[..n] {
        [] => Ok(Turn::Pass),
        [m] => Ok(Turn::Play(*m)),
        moves => {
            let i = agent.choose(&view, moves, &mut rng);
            moves
                .get(i)
                .map(|m| Turn::Play(*m))
                .ok_or_else(|| refused(format!("move {i} of {n}")))
        }
    }
}

/// The [`Hint`](super::Hint) for `state.seat` from `agent`'s search: what
/// a network client (which only has a [`PublicRound`]) shows a person on
/// request. The state is rebuilt as in [`choose_turn`] (hidden tiles dealt
/// at random, which the search never looks at) and `seed` drives the
/// search; the same state and seed give the same hint. Errors as
/// [`choose_turn`].
pub fn hint_public(
    state: &PublicRound,
    agent: &super::search_agent::MonteCarloAgent,
    seed: u64,
) -> Result<super::hint::Hint, DominoError> {
    hint_public_seeded(
        state,
        agent,
        derive_seed(seed, FILL_STREAM),
        derive_seed(seed, AGENT_STREAM),
    )
}

/// [`hint_public`] with the hidden deal and the search seeded apart.
pub(super) fn hint_public_seeded(
    state: &PublicRound,
    agent: &super::search_agent::MonteCarloAgent,
    fill_seed: u64,
    agent_seed: u64,
) -> Result<super::hint::Hint, DominoError> {
    let round = replay::reconstruct(state, fill_seed)?;
    super::hint::hint_round(&round, state.seat, agent, agent_seed)
}
