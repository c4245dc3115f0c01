//! `evoboard evaluate terra-mystica|catan (--map FILE | --code CODE)`:
//! a board's score and violations, its analysis, and for Catan a
//! play-test (`--play N`, one bot family or several).

use super::boards::{ScoringArgs, violations_json};
use super::catan::CatanArgs;
use super::catan_play::{self, PlayArgs};
use super::common::{CliError, CliResult, print_json};
use crate::boards::catan::CatanBoard;
use crate::boards::terra_mystica::{TerraMysticaBoard, score as tm_score};
use crate::boards::{self, BoardGame, Scoring};
use crate::level::LevelMap;
use clap::Args;
use serde_json::json;
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
    let (violations, score) = match (&map, a.game) {
        (LevelMap::TerraMystica(b), BoardGame::TerraMystica) => tm_scores(b, scoring)?,
        (LevelMap::Catan(b), BoardGame::Catan) => {
            a.catan.check_board(b)?;
            catan_scores(b, scoring)
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
        let (code, analysis) = super::export::evaluate_extras(&map, scoring)?;
        let mut out = json!({
            "score": score,
            "violations": violations_json(&violations),
            "code": code,
            "analysis": analysis,
        });
        if let Some(p) = &play {
            out["play"] = p.json();
        }
        return print_json(&out);
    }
    let met = if score == 0.0 { ", every rule met" } else { "" };
    println!("score {score}{met}");
    print!("{}", crate::boards::violation_lines(&violations));
    if let Some(p) = &play {
        p.print();
    }
    Ok(())
}

/// Named violation counts and the total score.
type Scored = (Vec<(&'static str, u32)>, f64);

fn tm_scores(b: &TerraMysticaBoard, scoring: Scoring) -> Result<Scored, CliError> {
    let tiles = b.tiles();
    let grid = b.map_grid()?;
    Ok((
        boards::violations(BoardGame::TerraMystica, &tiles, scoring),
        tm_score(&grid, &tiles, scoring.rules, scoring.weights) as f64,
    ))
}

fn catan_scores(b: &CatanBoard, scoring: Scoring) -> Scored {
    let v = b.violations(&scoring.catan);
    (v.named_with(&scoring.catan), v.total() as f64)
}
