//! Four-ends domino ("dominó de 4 pontas"), the Amazonian partnership game:
//! rules, scoring, the published evaluation-function AIs, the GA that tunes
//! them, a fast parallel simulator and a Monte Carlo search player.
//!
//! Engine-free (no Bevy). The rules are in `shared/spec/domino.md`; the
//! choices made where it is silent are in `crates/evoboard_core/src/domino/README.md`.
//!
//! Everything is re-exported here; the files behind it are private:
//!
//! - tiles and the table: [`Tile`], [`Hand`] (28-bit masks), the [`Table`]
//!   with its spinner and four [`Arm`]s, a [`Move`];
//! - a round: [`Round`] holds turns, passes and scoring (P1 table count,
//!   P2 passes, P3 galo, P4 garagem, P5 double out, blocked rounds) and
//!   gives each player a [`SeatView`]; it reports [`Event`]s;
//! - matches to 200: [`play_match`], [`MatchResult`];
//! - a match played a turn at a time, with people at some seats (the
//!   app), and its log: [`LocalMatch`];
//! - where each tile lies when the table is drawn: [`table_layout`],
//!   [`TableLayout`];
//! - players: the [`Agent`] trait, the evaluation-function [`EvalAgent`]
//!   (basic, hand, strategies 1-4, [`Preset`]s), the search agent
//!   [`MonteCarloAgent`], all named by an [`AgentSpec`] (parsed from and
//!   printed as the command-line spelling, [`AGENT_NAMES_HELP`]);
//! - the AI choices of the app's settings: [`SeatAi`];
//! - a turn for another game's domino table from what one seat knows:
//!   [`PublicRound`], [`Turn`], [`choose_turn`], [`choose_turn_named`];
//! - the seven state vectors V0..V6: [`StateVectors`];
//! - seats over the network (a host, clients, a headless bot): [`net`];
//! - parallel duels: [`duel`]; the GA: [`GaTuner`]; statistics: [`crate::stats`] (shared);
//! - the dissertation's experiments: repeated runs ([`run_ga`],
//!   [`RunsSummary`]) and the head-to-head table ([`head_to_head`]);
//! - a hint for a person (the search's expected points per option):
//!   [`Hint`], [`hint_round`], [`hint_public`], [`LocalMatch::hint`],
//!   from [`MonteCarloAgent::evaluate`]'s [`MoveValue`]s;
//! - records of matches with people and wins per pairing: [`records`];
//! - the `--json` reports of `evoboard domino …` as `Serialize` types:
//!   [`report`];
//! - every refusal is a [`DominoError`]; functions that panic on bad input
//!   (an illegal move, say) have a `try_` form that returns one.

mod advisor;
mod agents;
mod error;
mod game;
mod hint;
mod layout;
mod local_match;
pub mod net;
pub mod records;
pub mod report;
mod round;
mod search_agent;
mod seat_ai;
mod simulator;
mod spec;
mod state;
mod table;
mod tiles;
mod tuner;

#[cfg(test)]
mod tests;

pub use advisor::hint_public;
pub use advisor::{PublicRound, Turn, choose_turn, choose_turn_named};
pub use agents::{Agent, CoefficientFile, Coefficients, EvalAgent, free_coefficients};
pub use error::{AGENT_NAMES_HELP, DominoError};
pub use game::{MATCH_TARGET, MatchResult, deal, opener, play_match, play_match_logged};
pub use hint::{Hint, HintOption, hint_round};
pub use layout::{ArmEnd, Dir, GAP, ROOM, TableLayout, TableRect, TileSpot, table_layout};
pub use local_match::{
    ARM_NAMES, Actor, AiTurns, AiTurnsPlayed, HumanChoice, LocalMatch, LogEntry, Placement,
    RoundSummary, SEAT_NAMES, TEAM_NAMES, all_legal_moves, count_terms, end_text, opener_text,
    team_name_of,
};
pub use round::{Event, Opening, Round, RoundEnd, Rule, SeatView, team_of};
pub use search_agent::MoveValue;
pub use search_agent::{DEFAULT_DETERMINIZATIONS, DEFAULT_POLICY, MonteCarloAgent, sample_hidden};
pub use seat_ai::{AiKind, CoefSet, SEARCH_LEVELS, SeatAi};
pub use simulator::{DuelResult, duel};
pub use spec::{AgentSpec, CoefList, EvalSpec, Preset, SearchBudget, SearchSpec, parse_agent};
pub use state::StateVectors;
pub use table::{Arm, Move, Table};
pub use tiles::{Hand, HandIter, Tile};
pub use tuner::{
    Crossover, Elite, GaTuner, HeadToHeadCell, LevelTest, RunResult, RunsSummary, TunerSettings,
    head_to_head, run_ga, stage_opponents, strategy_preset,
};
