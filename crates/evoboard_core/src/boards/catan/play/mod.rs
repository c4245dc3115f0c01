//! A Catan game engine and its bots, to measure a board's fairness by
//! play: how often each seat wins when equal bots sit at every seat.
//!
//! The base game on any island evoboard makes (3–4 players on the base
//! island; 5–6 on the extension, with its special building phase): the
//! snake-order setup with the distance rule, dice and production (with
//! the bank's shortage rule), the robber (discarding half of a hand over
//! 7, moving, stealing), roads, settlements, cities, the development deck
//! (knights, road building, year of plenty, monopoly, victory points),
//! largest army, longest road (cut by settlements), bank 4:1 and harbour
//! 3:1 / 2:1 trades, to 10 victory points; any development card may be
//! played before the dice. Trades between players are a table option
//! ([`Rules::trades`], [`trades`]). A game that reaches [`TURN_CAP`]
//! turns is a draw.
//!
//! - [`Topology`]: the island's corners, edges and harbours, built once per
//!   board and shared by every game on it;
//! - [`State`]: one game, fixed arrays (`Copy`, a few hundred bytes);
//!   [`State::legal`] fills a reused buffer, [`State::resolve`] settles
//!   chance, [`State::apply`] moves on;
//! - [`Bot`]: the value-function bot, the weighted-random bot, the
//!   planner ([`planner_value`]) and the search bot;
//! - [`play_game`] / [`replay`]: one seeded game, recorded if asked;
//! - [`play_test`]: N games across threads → [`PlayReport`].

mod apply;
mod bots;
mod families;
mod game;
mod invariants;
mod legal;
mod longest_road;
mod planner;
mod random_bot;
mod report;
mod robber;
mod search_bot;
mod search_setup;
mod state;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_families;
#[cfg(test)]
mod tests_games;
mod topology;
pub mod trades;

pub use bots::{Bot, best_spot, value};
pub use families::{
    Advantage, FAST_FAMILIES, FamilyReport, FamilyTallies, RobustReport, play_families,
};
pub use game::{
    GameRecord, GameResult, Rules, TURN_CAP, play_game, play_game_with, replay, result,
};
pub use legal::MAX_TURN_ACTIONS;
pub use planner::planner_value;
pub(crate) use report::thread_pool;
pub use report::{MAX_GAMES, PlayConfig, PlayError, PlayReport, Share, placed_harbours, play_test};
pub use state::{
    ANY, Action, CITY, CITY_COST, DESERT, DEV_COST, MAX_SEATS, Phase, ROAD_COST, SETTLEMENT_COST,
    State, WIN_POINTS, at_least, below, bits, dev,
};
pub use topology::{MAX_CORNERS, MAX_EDGES, MAX_HEXES, NONE, Topology};
