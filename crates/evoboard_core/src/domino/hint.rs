//! A hint for a person: what the AI partner (the Monte Carlo search) would
//! play in their seat and why, as expected points per option.
//!
//! The search sees only what the seat sees (its [`SeatView`](super::SeatView):
//! own hand, table, hand sizes, passes), samples the hidden hands
//! consistently with every void known from a pass, and plays the round
//! out from each option; the hint lists every option with the mean points
//! each team scores from it to the end of the round.

use super::advisor::Turn;
use super::error::DominoError;
use super::local_match::ARM_NAMES;
use super::round::Round;
use super::search_agent::{MonteCarloAgent, MoveValue};
use super::table::Move;
use super::tiles::Tile;
use crate::rng::seeded;

/// One option of a [`Hint`] with what the search expects of it.
#[derive(Clone, Debug, PartialEq)]
pub struct HintOption {
    /// The option: [`Turn::Open`] with a double or [`Turn::Play`].
    pub turn: Turn,
    /// The search's means for it. For an opening double `value.mv` is the
    /// double on arm 0 (a stand-in: the spinner has no arm).
    pub value: MoveValue,
    /// A sentence for people, e.g. `"4-6 on the right end: +8.3 points
    /// expected (you 14.1, them 5.8)"`.
    pub text: String,
}

/// What the search would do in a seat's turn, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The seat it is for.
    pub seat: u8,
    /// The best option ([`Turn::Pass`] when no tile fits).
    pub best: Turn,
    /// Every option, best (highest expected own-minus-other points) first;
    /// empty when the seat must pass. Equivalent arms are merged (one entry
    /// per distinct position, as the engine lists moves).
    pub options: Vec<HintOption>,
    /// One sentence about the best option.
    pub summary: String,
}

/// The text of one option.
fn option_text(turn: Turn, v: &MoveValue) -> String {
    let what = match turn {
        Turn::Open(t) => format!("open with {t}"),
        Turn::Play(m) => format!("{} on the {} end", m.tile, ARM_NAMES[m.arm as usize % 4]),
        Turn::Pass => "pass".to_string(),
    };
    format!(
        "{what}: {:+.1} points expected (you {:.1}, them {:.1})",
        v.mean_diff, v.mean_own, v.mean_other
    )
}

/// The hint for `seat` in `round` from `agent`'s search, seeded with
/// `seed` (same round, seat and seed: same hint). Only what `seat` sees is
/// used: two rounds that differ only in the other seats' hidden tiles give
/// the same hint.
///
/// Errors: the round is over, or it is not `seat`'s turn.
pub fn hint_round(
    round: &Round,
    seat: u8,
    agent: &MonteCarloAgent,
    seed: u64,
) -> Result<Hint, DominoError> {
    if let Some(end) = round.end {
        return Err(DominoError::RoundAlreadyOver { end });
    }
    if round.turn != seat {
        return Err(DominoError::NotSeatsTurn {
            seat,
            turn: round.turn,
        });
    }
    let view = round.view(seat);
    let mut rng = seeded(seed);
    let turns: Vec<Turn> = if round.table.spinner.is_none() {
        round
            .opening_doubles()
            .into_iter()
            .map(Turn::Open)
            .collect()
    } else {
        let mut buf = [Move {
            tile: Tile(0),
            arm: 0,
        }; 28];
        let n = round.legal_moves(&mut buf);
        buf[..n].iter().map(|&m| Turn::Play(m)).collect()
    };
    if turns.is_empty() {
        return Ok(Hint {
            seat,
            best: Turn::Pass,
            options: Vec::new(),
            summary: "No tile fits an open end: pass.".to_string(),
        });
    }
    let apply = |r: &mut Round, i: usize| match turns[i] {
        Turn::Open(t) => r.open_with(t, &mut |_| {}),
        Turn::Play(m) => r.play(m, &mut |_| {}),
        Turn::Pass => r.pass(&mut |_| {}),
    };
    let sums = agent.search(&view, turns.len(), apply, &mut rng);
    let mut options: Vec<HintOption> = turns
        .iter()
        .enumerate()
        .map(|(i, &turn)| {
            let mv = match turn {
                Turn::Play(m) => m,
                Turn::Open(tile) => Move { tile, arm: 0 },
                Turn::Pass => Move {
                    tile: Tile(0),
                    arm: 0,
                },
            };
            let value = sums.value(i, mv);
            HintOption {
                turn,
                text: option_text(turn, &value),
                value,
            }
        })
        .collect();
    // Stable: equal values keep the engine's move order.
    options.sort_by(|a, b| b.value.mean_diff.total_cmp(&a.value.mean_diff));
    let best = options[0].turn;
    let summary = if options.len() == 1 {
        format!("Only one choice: {}.", options[0].text)
    } else {
        format!(
            "Best: {} ({} samples of the hidden hands).",
            options[0].text, sums.samples
        )
    };
    Ok(Hint {
        seat,
        best,
        options,
        summary,
    })
}
