//! The `evoboard` binary: the desktop app by default, or a headless
//! sub-command (see `evoboard --help`).

use clap::Parser;
use evoboard::cli::{self, Cli, Command};

fn main() {
    let args = Cli::parse();
    let result = match args.command {
        None => open_app(Default::default()),
        Some(Command::App(a)) => open_app(a),
        Some(c) => cli::run(c),
    };
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

#[cfg(feature = "app")]
fn open_app(args: cli::app_args::AppArgs) -> cli::CliResult {
    evoboard::app::run(args)
}

#[cfg(not(feature = "app"))]
fn open_app(_args: cli::app_args::AppArgs) -> cli::CliResult {
    Err(cli::CliError(
        "this evoboard was built without the app (--no-default-features); \
         rebuild with the default features to open the desktop app"
            .into(),
    ))
}
