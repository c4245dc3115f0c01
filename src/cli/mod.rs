//! The command-line front end (`../shared/spec/cli.md` is its contract).
//! One file per sub-command; each has an `Args` struct and a `run`.

pub mod bench;
pub mod boards;
pub mod catan;
pub mod common;
pub mod domino;
pub mod dungeon;
pub mod export;
pub mod gallery;
pub mod outline;
pub mod pins;
pub mod plot;
pub mod puzzle;

use clap::Subcommand;
pub use common::{CliError, CliResult};

/// The headless sub-commands (the binary adds `app`, which opens the
/// desktop app, when it is built with the `app` feature).
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Generate a balanced hex board.
    Generate(boards::GenerateArgs),
    /// Score a saved or plain-text hex board.
    Evaluate(boards::EvaluateArgs),
    /// Export a hex board as png, svg, text or a share code.
    Export(export::ExportArgs),
    /// Compare hex-board algorithms over seeds 1..N.
    Bench(bench::BenchArgs),
    /// X/O logic puzzles: generate, solve.
    Puzzle(puzzle::PuzzleArgs),
    /// Propose dungeon maps for tabletop RPGs (two GAs: layout, contents).
    Dungeon(dungeon::DungeonArgs),
    /// Four-ends domino: duels between AIs and the GA tuner.
    Domino(domino::DominoArgs),
}

/// Run a headless sub-command.
pub fn run(command: Command) -> CliResult {
    match command {
        Command::Generate(a) => boards::generate(a),
        Command::Evaluate(a) => boards::evaluate(a),
        Command::Export(a) => export::run(a),
        Command::Bench(a) => bench::bench(a),
        Command::Puzzle(a) => puzzle::run(a),
        Command::Dungeon(a) => dungeon::run(&a),
        Command::Domino(a) => domino::run(a),
    }
}
