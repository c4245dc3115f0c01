//! Domino tests: shared helpers here; property tests over seeded deals,
//! one hand-made situation per scoring rule, and the agents in submodules.

use super::agents::{Agent, CoefficientFile, EvalAgent, preset};
use super::error::DominoError;
use super::game::{
    MATCH_TARGET, MAX_ROUNDS, deal, match_winner, opener, play_match, play_match_logged,
};
use super::round::{Event, Opening, Round, RoundEnd, Rule};
use super::search_agent::{MonteCarloAgent, sample_hidden};
use super::simulator::duel;
use super::spec::{AgentSpec, parse_agent};
use super::table::Move;
use super::tiles::{ALL_TILES, Hand, NUMBERS_OF, Tile};
use crate::rng::{derive_seed, seeded};

fn t(a: u8, b: u8) -> Tile {
    Tile::new(a, b)
}

fn hand(tiles: &[(u8, u8)]) -> Hand {
    tiles.iter().map(|&(a, b)| t(a, b)).collect()
}

fn mv(a: u8, b: u8, arm: u8) -> Move {
    Move { tile: t(a, b), arm }
}

/// Scores of a list of events as (team, points, rule).
fn scores(events: &[Event]) -> Vec<(usize, u32, Rule)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Scored { team, points, rule } => Some((team, points, rule)),
            _ => None,
        })
        .collect()
}

/// Hands for hand-made rounds (need not hold 7 tiles each).
fn round(hands: [&[(u8, u8)]; 4], opener: u8) -> Round {
    Round::new(
        [
            hand(hands[0]),
            hand(hands[1]),
            hand(hands[2]),
            hand(hands[3]),
        ],
        opener,
        Opening::AnyDouble,
        [0, 0],
    )
}

mod agents;
mod golden;
mod hint;
mod layout;
mod local_match;
mod properties;
mod scoring;
