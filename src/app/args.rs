//! Flags of `evoboard app` (scripted runs for tests and screenshots).

use crate::boards::Algorithm;
use crate::boards::terra_mystica::Rules;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// The game (and so the screen) `evoboard app --game G` opens.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// Terra Mystica boards (the hex-board screen).
    #[value(alias = "tm")]
    TerraMystica,
    /// Catan boards (the hex-board screen).
    Catan,
    /// A four-ends domino match.
    Domino,
    /// Dungeon maps.
    Dungeon,
    /// X/O puzzles.
    Puzzle,
}

/// `evoboard app [--game G] [--algorithm A] [--seed N] [--run]
/// [--screenshot PATH] [--frames N]`.
#[derive(Args, Debug, Clone, Default)]
pub struct AppArgs {
    /// The screen to open.
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// The search algorithm to select.
    #[arg(long, value_parser = parse_algorithm)]
    pub algorithm: Option<Algorithm>,
    /// The seed to use.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Rule set: table (the default), strict, published or thesis for
    /// Terra Mystica; table or published for Catan (strict and thesis mean
    /// published there, as on the command line).
    #[arg(long, value_parser = Rules::parse)]
    pub rules: Option<Rules>,
    /// Algorithm parameter NAME=VALUE (repeatable).
    #[arg(long = "param")]
    pub params: Vec<String>,
    /// Generations per second of the animation (0 = as fast as it goes, on
    /// a background thread).
    #[arg(long)]
    pub steps_per_second: Option<f32>,
    /// Start the search at once.
    #[arg(long)]
    pub run: bool,
    /// Save a screenshot of the window after `--frames` frames, then exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Frames to run before the screenshot.
    #[arg(long, default_value_t = 120)]
    pub frames: u32,
    /// Start with every side panel folded to a strip (the map takes the
    /// window).
    #[arg(long)]
    pub collapse_panels: bool,
    /// Domino: the human seat is played by the `basic` AI; puzzle: a demo
    /// (hints, a slip, Check) (scripted runs).
    #[arg(long)]
    pub autoplay: bool,
    /// Dungeon: small, medium or large; puzzle: WxH (e.g. 10x10).
    #[arg(long)]
    pub size: Option<String>,
    /// Puzzle difficulty: easy, hard, or easy-L / hard-L for an exact
    /// deduction level L = 1..3.
    #[arg(long)]
    pub difficulty: Option<String>,
    /// Puzzle rule set: no-three (default), takuzu or takuzu-unique.
    #[arg(long)]
    pub puzzle_rules: Option<String>,
    /// Puzzle grade by technique, 1..=3 (1 pairs, gaps, counting; 2
    /// look-ahead; 3 deep look-ahead).
    #[arg(long)]
    pub grade: Option<u8>,
    /// Catan: the island for 3-4 or 5-6 players.
    #[arg(long, value_parser = crate::boards::catan::parse_players)]
    pub players: Option<crate::boards::BoardVariant>,
    /// Scripted edits, `;` separated, for the screen `--game` opens.
    ///
    /// Hex boards: design steps to play as a designer would, separated by
    /// `;` (e.g. `wait; select 0,0; set lake; pin; rebalance; evolve;
    /// save out/mine`). Steps: `wait`, `select R,C`, `set TILE`, `pin
    /// [R,C]`, `swap R,C R,C`, `clear-pins`, `evolve`, `rebalance`, `undo`,
    /// `redo`, `overlay on|off`, `letters on|off`, `save PATH`, `export
    /// FORMAT PATH`, `gallery`, `open-gallery K`.
    ///
    /// Dungeon (with `--run`): game-master steps played once the run is
    /// done, e.g. `wait; entrance B; final A; move C 20,4; pin C; evolve;
    /// wait; save out/mine; export vtt out/mine`. Steps: `wait`, `select
    /// L`, `entrance L`, `final L`, `pin L`, `move L X,Y`, `resize L
    /// X,Y,W,H`, `delete L`, `add X,Y,W,H`, `evolve`, `undo`, `redo`, `save
    /// PATH`, `export png|svg|vtt|key PATH`; one line is printed per step.
    ///
    /// Puzzle: open the editor (at `--size`) and apply these steps, `;`
    /// separated: `x:R,C`, `o:R,C`, `block:R,C`, `clear:R,C` (0-based),
    /// `unique`, `save:NAME`, `play`.
    #[arg(long)]
    pub edit: Option<String>,
    /// Domino: the record file finished matches with a person are
    /// appended to (default: the records path of `evoboard domino
    /// records`).
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Domino: who plays each seat, 4 comma-separated entries: `human` or
    /// `human:NAME` for a person at this machine, or an AI (`basic`,
    /// `hand`, `s1`..`s4`, `t1`..`t4`, with `@2` for stage 2, `mc:16`,
    /// `mc:64`, `mc:256`, `mc:1024`). With `--host-port`: the host's seats.
    #[arg(long)]
    pub seats: Option<String>,
    /// Domino: open a panel at once (scripted runs): `records` or `hint`
    /// (asked for on every turn of a person).
    #[arg(long)]
    pub show: Option<String>,
    /// Domino: join a match hosted at HOST:PORT (`evoboard domino host`).
    #[arg(long)]
    pub join: Option<String>,
    /// Domino with `--join`: the seat to ask for (0-3).
    #[arg(long)]
    pub seat: Option<u8>,
    /// Domino with `--join`: your name at the table.
    #[arg(long)]
    pub name: Option<String>,
    /// Domino with `--join`: the host's join code (`domino host` prints it).
    #[arg(long)]
    pub code: Option<String>,
    /// Domino with `--join`: the seat token an earlier join of this seat
    /// received, to take the seat back after a drop.
    #[arg(long)]
    pub token: Option<String>,
    /// Domino: host a match on this port (0: any free port) and join it
    /// as the first person's seat of `--seats`.
    #[arg(long)]
    pub host_port: Option<u16>,
}

/// `--algorithm` with the same spellings and error as the CLI.
fn parse_algorithm(s: &str) -> Result<Algorithm, crate::boards::BoardError> {
    s.parse()
}

impl AppArgs {
    /// Whether the app was asked to open on `game`'s screen.
    pub fn opens(&self, game: Game) -> bool {
        self.game == Some(game)
    }

    /// The domino-only flags that are set (refused by the other screens).
    pub fn domino_only_flags(&self) -> Vec<&'static str> {
        [
            ("--records", self.records.is_some()),
            ("--seats", self.seats.is_some()),
            ("--show", self.show.is_some()),
            ("--join", self.join.is_some()),
            ("--seat", self.seat.is_some()),
            ("--name", self.name.is_some()),
            ("--host-port", self.host_port.is_some()),
        ]
        .into_iter()
        .filter(|(_, set)| *set)
        .map(|(f, _)| f)
        .collect()
    }
}
