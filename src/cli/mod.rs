//! The command-line front end (`../shared/spec/cli.md` is its contract).
//! One file per sub-command; each has an `Args` struct and a `run`.

pub mod app_args;
pub mod bench;
pub mod boards;
pub mod common;
pub mod domino;
pub mod dungeon;
pub mod puzzle;

use clap::{Parser, Subcommand};
pub use common::{CliError, CliResult};

/// evoboard: evolutionary search for tabletop games.
#[derive(Parser, Debug)]
#[command(name = "evoboard", version, about)]
pub struct Cli {
    /// What to run; without one, the desktop app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The sub-commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the desktop app (the default).
    App(app_args::AppArgs),
    /// Generate a balanced hex board.
    Generate(boards::GenerateArgs),
    /// Score a saved or plain-text hex board.
    Evaluate(boards::EvaluateArgs),
    /// Compare hex-board algorithms over seeds 1..N.
    Bench(bench::BenchArgs),
    /// X/O logic puzzles: generate, solve.
    Puzzle(puzzle::PuzzleArgs),
    /// Propose dungeon maps for tabletop RPGs (two GAs: layout, contents).
    Dungeon(dungeon::DungeonArgs),
    /// Four-ends domino: duels between AIs and the GA tuner.
    Domino(domino::DominoArgs),
}

/// Run a headless sub-command (everything but `app`).
pub fn run(command: Command) -> CliResult {
    match command {
        Command::App(_) => Err(CliError("the app is not a headless command".into())),
        Command::Generate(a) => boards::generate(a),
        Command::Evaluate(a) => boards::evaluate(a),
        Command::Bench(a) => bench::bench(a),
        Command::Puzzle(a) => puzzle::run(a),
        Command::Dungeon(a) => dungeon::run(&a),
        Command::Domino(a) => domino::run(a),
    }
}
