//! Deals and matches: rounds until a team reaches 200 points.

use super::agents::{Agent, FastEval};
use super::round::{Event, Opening, Round, RoundEnd};
use super::tiles::{Hand, TILE_COUNT, Tile};
use crate::rng::{Rng, RngExt};

/// Points that end a match.
pub const MATCH_TARGET: u32 = 200;

/// Safety stop: a match is cut after this many rounds (never reached in
/// practice; a round scores something almost always).
pub const MAX_ROUNDS: u32 = 1000;

/// Deal the 28 tiles, seven to each seat (no boneyard).
pub fn deal(rng: &mut Rng) -> [Hand; 4] {
    let mut tiles: [u8; TILE_COUNT] = std::array::from_fn(|i| i as u8);
    let mut hands = [0u32; 4];
    // Position i is final once swapped (later swaps only touch lower
    // positions): tiles 0..7 go to seat 0, 7..14 to seat 1, and so on.
    for i in (1..TILE_COUNT).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        tiles.swap(i, j);
        hands[i / 7] |= 1 << tiles[i];
    }
    hands[0] |= 1 << tiles[0];
    hands.map(Hand)
}

/// Who opens and how: the holder of 6-6 with 6-6 (first round, after a
/// blocked round), or after a seat went out, that seat with a double of its
/// choice, else the first seat clockwise from it holding a double.
pub fn opener(hands: &[Hand; 4], previous: Option<RoundEnd>) -> (u8, Opening) {
    match previous {
        Some(RoundEnd::Out { seat }) => {
            for k in 0..4 {
                let s = (seat + k) % 4;
                if !hands[s as usize].doubles().is_empty() {
                    return (s, Opening::AnyDouble);
                }
            }
            unreachable!("seven doubles are always dealt")
        }
        _ => {
            let s = (0..4u8)
                .find(|&s| hands[s as usize].contains(Tile::DOUBLE_SIX))
                .expect("6-6 is always dealt");
            (s, Opening::Forced(Tile::DOUBLE_SIX))
        }
    }
}

/// The winner once a round is over: a team with 200 or more, the higher
/// if both; `None` while nobody has 200 or both are tied (another round).
pub fn match_winner(score: [u32; 2]) -> Option<usize> {
    if score[0].max(score[1]) < MATCH_TARGET || score[0] == score[1] {
        None
    } else {
        Some((score[1] > score[0]) as usize)
    }
}

/// The result of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// The winning team: 0 = A (seats 0, 2), 1 = B (seats 1, 3).
    pub winner: usize,
    /// Final score (team A, team B).
    pub score: [u32; 2],
    /// Rounds played.
    pub rounds: u32,
}

/// Play a match; `agents[s]` plays seat `s`.
pub fn play_match(agents: &[&dyn Agent; 4], rng: &mut Rng) -> MatchResult {
    play_match_logged(agents, rng, &mut |_| {})
}

/// Play a match, reporting every event to `sink`.
pub fn play_match_logged(
    agents: &[&dyn Agent; 4],
    rng: &mut Rng,
    sink: &mut impl FnMut(Event),
) -> MatchResult {
    match FastEval::seats(agents) {
        Some(fast) => play_match_with(agents, Some(&fast), rng, sink),
        None => play_match_with(agents, None, rng, sink),
    }
}

/// A match; with `fast` (the same agents prepared), every turn takes the
/// evaluation agents' fast path. Same results either way.
#[inline(always)]
pub(super) fn play_match_with(
    agents: &[&dyn Agent; 4],
    fast: Option<&[FastEval; 4]>,
    rng: &mut Rng,
    sink: &mut impl FnMut(Event),
) -> MatchResult {
    let mut score = [0u32; 2];
    let mut previous = None;
    let mut rounds = 0;
    loop {
        let hands = deal(rng);
        let (seat, opening) = opener(&hands, previous);
        let mut round = Round::new(hands, seat, opening, score);
        match fast {
            Some(f) => round.play_out_fast(f, agents, rng, sink),
            None => round.play_out(agents, rng, sink),
        }
        rounds += 1;
        score[0] += round.points[0];
        score[1] += round.points[1];
        previous = round.end;
        let winner = match match_winner(score) {
            Some(w) => w,
            None if rounds >= MAX_ROUNDS => (score[1] > score[0]) as usize,
            None => continue,
        };
        return MatchResult {
            winner,
            score,
            rounds,
        };
    }
}
