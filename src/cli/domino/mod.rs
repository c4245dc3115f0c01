//! `evoboard domino …` (see `shared/spec/cli.md`, section Domino): one file
//! per sub-command (`duel.rs`, `tune.rs`, `table.rs`, `records.rs`,
//! `net.rs` for host and join), the shared flag checks here.

mod duel;
mod net;
mod records;
mod table;
mod tune;

pub use duel::DuelArgs;
pub use net::{HostArgs, JoinArgs, PersonJoin};
pub use records::RecordsArgs;
pub use table::TableArgs;
pub use tune::TuneArgs;

use super::common::CliError;
use crate::domino::{Agent, AgentSpec};
use clap::{Args, Subcommand};

/// `evoboard domino …`.
#[derive(Args, Debug)]
pub struct DominoArgs {
    /// What to run.
    #[command(subcommand)]
    pub command: DominoCommand,
}

/// The domino sub-commands.
#[derive(Subcommand, Debug)]
pub enum DominoCommand {
    /// Play many matches between two AI teams.
    Duel(DuelArgs),
    /// Tune a strategy's coefficients with the published GA.
    Tune(TuneArgs),
    /// The head-to-head table between the strategies, with χ² per pair.
    Table(TableArgs),
    /// Wins and losses of people against each AI kind, from the record file.
    Records(RecordsArgs),
    /// Host a match over the network: people join, the host runs the AIs.
    Host(HostArgs),
    /// Join a hosted match (headless with --bot AGENT).
    Join(JoinArgs),
}

/// Run a domino sub-command.
pub fn run(args: DominoArgs) -> Result<super::Outcome, CliError> {
    let done = match args.command {
        DominoCommand::Duel(a) => duel::run(a),
        DominoCommand::Tune(a) => tune::run(a),
        DominoCommand::Table(a) => table::run(a),
        DominoCommand::Records(a) => records::run(a),
        DominoCommand::Host(a) => net::host(a),
        DominoCommand::Join(a) => return net::join(a),
    };
    done.map(|()| super::Outcome::Done)
}

pub(super) fn threads(t: Option<usize>) -> Result<usize, CliError> {
    match t {
        Some(0) => Err("--threads must be at least 1 (omit it to use all cores)".into()),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// The agent of a team (reads a coefficient file); errors name the flag.
pub(super) fn team(flag: &str, spec: &AgentSpec) -> Result<Box<dyn Agent>, CliError> {
    spec.build().map_err(|e| CliError(format!("{flag}: {e}")))
}
