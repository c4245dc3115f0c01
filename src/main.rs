//! The `evoboard` binary: the desktop app by default, or a headless
//! sub-command (see `evoboard --help`).

// The two front ends live in the binary, not in the library: the library's
// public API is the engine-free core and the plugin (`docs/house.md`).
// They reach the library through these names, so `crate::boards` inside
// them means `evoboard_core::boards`.
#[cfg(feature = "app")]
mod app;
mod cli;
#[cfg(all(test, feature = "app"))]
mod front_ends_agree;

#[cfg(feature = "plugin")]
use bevy_evoboard as plugin;
#[allow(unused_imports)]
use evoboard_core::{
    boards, domino, dungeon, export, files, level, map, puzzle, rng, search, stats,
};

use clap::{Parser, Subcommand};

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
    /// Print a shell completion script (bash, zsh, fish, elvish or
    /// powershell), made from this command line's definition: e.g.
    /// `evoboard completions bash > ~/.local/share/bash-completion/completions/evoboard`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), made from this command line's
    /// definition: `evoboard man > evoboard.1; man ./evoboard.1`.
    Man,
}

#[cfg(feature = "app")]
use app::AppArgs;

/// Without the app feature `evoboard app …` takes any flags and says how
/// to get the app.
#[cfg(not(feature = "app"))]
#[derive(clap::Args, Debug, Default)]
struct AppArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    _flags: Vec<String>,
}

fn main() {
    quiet_broken_pipe();
    let result = match Args::parse().command {
        None => open_app(AppArgs::default()),
        Some(Command::App(a)) => open_app(*a),
        Some(Command::Completions { shell }) => {
            use clap::CommandFactory;
            let mut cmd = Args::command();
            clap_complete::generate(shell, &mut cmd, "evoboard", &mut std::io::stdout());
            Ok(())
        }
        Some(Command::Man) => {
            use clap::CommandFactory;
            clap_mangen::Man::new(Args::command())
                .render(&mut std::io::stdout())
                .map_err(|e| format!("cannot write the man page: {e}"))
        }
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
    app::run(args).map_err(|e| e.to_string())
}

/// `evoboard domino join HOST:PORT` without `--bot`: the app's domino
/// screen, joined to the host (the CLI and the app do not import each
/// other; the binary owns both).
#[cfg(feature = "app")]
fn join_as_person(j: cli::domino::PersonJoin) -> Result<(), String> {
    app::run_domino_join(j.addr, j.seat, Some(j.name), j.code, j.token).map_err(|e| e.to_string())
}

#[cfg(not(feature = "app"))]
fn join_as_person(_j: cli::domino::PersonJoin) -> Result<(), String> {
    Err("domino join without --bot opens the app's domino screen, \
         which this build does not have (build with the default features); play headless with \
         --bot AGENT (e.g. --bot t1)"
        .into())
}

#[cfg(not(feature = "app"))]
fn open_app(_args: AppArgs) -> Result<(), String> {
    Err(
        "this evoboard was built without the app (--no-default-features); \
         rebuild with the default features to open the desktop app"
            .into(),
    )
}

/// `evoboard … | head` ends quietly when the reader goes, as Unix tools
/// do: Rust ignores SIGPIPE, so a write to a closed pipe would fail and
/// `println!` would panic; the default disposition ends the process.
fn quiet_broken_pipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default, first thing
    // in `main`, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
