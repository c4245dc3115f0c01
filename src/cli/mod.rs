//! The command-line front end (`../shared/spec/cli.md` is its contract).
//! One file per sub-command; each has an `Args` struct and a `run`.

pub mod app_args;
pub mod common;
pub mod dungeon;

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
    /// Propose dungeon maps for tabletop RPGs (two GAs: layout, contents).
    Dungeon(dungeon::DungeonArgs),
}

/// Run a headless sub-command (everything but `app`).
pub fn run(command: Command) -> CliResult {
    match command {
        Command::App(_) => Err(CliError("the app is not a headless command".into())),
        Command::Dungeon(a) => dungeon::run(&a),
    }
}
