//! The `evoboard` binary: the desktop app by default, or a headless
//! sub-command (see `evoboard --help`).

use clap::{Parser, Subcommand};
use evoboard::cli;

/// evoboard: evolutionary search for tabletop games.
#[derive(Parser, Debug)]
#[command(name = "evoboard", version, about)]
struct Args {
    /// What to run; without one, the desktop app opens.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the desktop app (the default).
    App(Box<AppArgs>),
    #[command(flatten)]
    Headless(Box<cli::Command>),
}

#[cfg(feature = "app")]
use evoboard::app::AppArgs;

/// Without the app feature `evoboard app …` takes any flags and says how
/// to get the app.
#[cfg(not(feature = "app"))]
#[derive(clap::Args, Debug, Default)]
struct AppArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    _flags: Vec<String>,
}

fn main() {
    let result = match Args::parse().command {
        None => open_app(AppArgs::default()),
        Some(Command::App(a)) => open_app(*a),
        Some(Command::Headless(c)) => match cli::run(*c) {
            Ok(cli::Outcome::Done) => Ok(()),
            Ok(cli::Outcome::JoinAsPerson(j)) => join_as_person(j),
            Err(e) => Err(e.to_string()),
        },
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

#[cfg(feature = "app")]
fn open_app(args: AppArgs) -> Result<(), String> {
    evoboard::app::run(args).map_err(|e| e.to_string())
}

/// `evoboard domino join HOST:PORT` without `--bot`: the app's domino
/// screen, joined to the host (the CLI and the app do not import each
/// other; the binary owns both).
#[cfg(feature = "app")]
fn join_as_person(j: cli::domino::PersonJoin) -> Result<(), String> {
    evoboard::app::run_domino_join(j.addr, j.seat, Some(j.name)).map_err(|e| e.to_string())
}

#[cfg(not(feature = "app"))]
fn join_as_person(_j: cli::domino::PersonJoin) -> Result<(), String> {
    Err(cli::domino::JOIN_NEEDS_APP.into())
}

#[cfg(not(feature = "app"))]
fn open_app(_args: AppArgs) -> Result<(), String> {
    Err(
        "this evoboard was built without the app (--no-default-features); \
         rebuild with the default features to open the desktop app"
            .into(),
    )
}
