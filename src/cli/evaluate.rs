//! `evoboard evaluate terra-mystica|catan (--map FILE | --code CODE)`:
//! a board's score and violations, its analysis, and for Catan a
//! play-test (`--play N`, one bot family or several). The JSON is the
//! core's [`EvaluateReport`].

use super::boards::ScoringArgs;
use super::catan::CatanArgs;
use super::catan_play::{self, PlayArgs};
use super::common::{CliError, CliResult, print_report};
use crate::boards::BoardGame;
use crate::boards::catan::fairness::PlayTest;
use crate::boards::report::{BoardScore, EvaluateReport};
use crate::level::LevelMap;
use clap::Args;
use std::path::PathBuf;

/// `evoboard evaluate terra-mystica|catan --map FILE …`
#[derive(Args, Debug)]
pub struct EvaluateArgs {
    /// terra-mystica or catan.
    #[arg(value_parser = BoardGame::parse)]
    pub game: BoardGame,
    /// A saved level (`.level.ron`, or an older plain `.ron`), a Terra
    /// Mystica text map or a Catan text board.
    #[arg(long, required_unless_present = "code", conflicts_with = "code")]
    pub map: Option<PathBuf>,
    /// A share code (as `generate --json` prints it) instead of --map.
    #[arg(long)]
    pub code: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The scoring flags every hex-board command shares.
    #[command(flatten)]
    pub scoring: ScoringArgs,
    /// Catan's player count.
    #[command(flatten)]
    pub catan: CatanArgs,
    /// The seed of a play-test (`--play`) and of the harbours placed for it
    /// when the board has none.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Catan's play-test flags.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// Run `evaluate`.
pub fn evaluate(a: EvaluateArgs) -> CliResult {
    let scoring = a.scoring.scoring(a.game)?;
    a.catan.setup(a.game)?;
    let (map, source) =
        super::export::evaluate_source(a.map.as_deref(), a.code.as_deref(), a.game)?;
    a.play.check_alone("evaluate")?;
    if a.play.play.is_some() && a.game != BoardGame::Catan {
        return Err(CliError(format!(
            "--play applies to catan only, not {}",
            a.game.name()
        )));
    }
    let scored = match (&map, a.game) {
        (LevelMap::TerraMystica(b), BoardGame::TerraMystica) => {
            BoardScore::terra_mystica(b, scoring)?
        }
        (LevelMap::Catan(b), BoardGame::Catan) => {
            a.catan.check_board(b)?;
            BoardScore::catan(b, scoring)
        }
        (m, g) => {
            return Err(CliError(format!(
                "{source} holds a {} map, not {}",
                m.game(),
                g.name()
            )));
        }
    };
    let play = match &map {
        LevelMap::Catan(b) => catan_play::play_if_asked(&a.play, b, a.seed)?,
        _ => None,
    };
    if a.json {
        let mut report = match &map {
            LevelMap::TerraMystica(b) => EvaluateReport::terra_mystica(b, scoring)?,
            LevelMap::Catan(b) => EvaluateReport::catan(b, scoring),
            m => return Err(CliError(format!("a {} map has no analysis", m.game()))),
        };
        report.play = play.as_ref().map(PlayTest::summary);
        return print_report(&report);
    }
    let score = scored.score;
    let met = if score == 0.0 { ", every rule met" } else { "" };
    println!("score {score}{met}");
    print!("{}", crate::boards::violation_lines(&scored.violations));
    if let Some(p) = &play {
        catan_play::print_play(p);
    }
    Ok(())
}
