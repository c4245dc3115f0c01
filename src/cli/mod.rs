//! The command-line front end (`../shared/spec/cli.md` is its contract).
//! One file per sub-command; each has an `Args` struct and a `run`.

pub mod bench;
pub mod boards;
pub mod bounds;
pub mod catan;
pub mod catan_play;
pub mod common;
pub mod domino;
pub mod dungeon;
pub mod evaluate;
pub mod export;
mod export_pack;
pub mod fair_by_play;
pub mod fair_compare;
pub mod gallery;
pub mod outline;
pub mod pins;
pub mod plot;
pub mod puzzle;
pub mod puzzle_book;

use clap::Subcommand;
pub use common::CliError;

/// The headless sub-commands (the binary adds `app`, which opens the
/// desktop app, when it is built with the `app` feature).
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Generate a balanced hex board.
    Generate(boards::GenerateArgs),
    /// Score a saved or plain-text hex board.
    Evaluate(evaluate::EvaluateArgs),
    /// Export a level: a hex board (png, svg, text, share code), a dungeon
    /// (png, svg, vtt, key, pdf) or a puzzle (png, svg, pdf).
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

/// What a sub-command left for the binary to do: nothing, or open the
/// desktop app (which the CLI does not import; `main.rs` owns both).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The sub-command ran to the end.
    Done,
    /// `evoboard domino join HOST:PORT` without `--bot`: a person's client
    /// is the app's domino screen, joined to the host.
    JoinAsPerson(domino::PersonJoin),
}

/// Run a headless sub-command.
pub fn run(command: Command) -> Result<Outcome, CliError> {
    let done = match command {
        Command::Generate(a) => boards::generate(a),
        Command::Evaluate(a) => evaluate::evaluate(a),
        Command::Export(a) => export::run(a),
        Command::Bench(a) => bench::bench(a),
        Command::Puzzle(a) => puzzle::run(a),
        Command::Dungeon(a) => dungeon::run(&a),
        Command::Domino(a) => return domino::run(a),
    };
    done.map(|()| Outcome::Done)
}
