//! Flags of `evoboard app` (scripted runs for tests and screenshots). The
//! struct is engine-free so that the CLI parses it in every build.

use clap::Args;
use std::path::PathBuf;

/// `evoboard app [--game G] [--algorithm A] [--seed N] [--run]
/// [--screenshot PATH] [--frames N]`.
#[derive(Args, Debug, Clone, Default)]
pub struct AppArgs {
    /// The screen to open: terra-mystica, catan, domino, dungeon, puzzle.
    #[arg(long)]
    pub game: Option<String>,
    /// The search algorithm to select.
    #[arg(long)]
    pub algorithm: Option<String>,
    /// The seed to use.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Terra Mystica rule set: strict or published.
    #[arg(long)]
    pub rules: Option<String>,
    /// Algorithm parameter NAME=VALUE (repeatable).
    #[arg(long = "param")]
    pub params: Vec<String>,
    /// Generations per second of the animation (0 = as fast as the frame
    /// budget allows).
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
    /// Domino: the human seat is played by the `basic` AI (scripted runs).
    #[arg(long)]
    pub autoplay: bool,
    /// Dungeon: small, medium or large; puzzle: WxH (e.g. 10x10).
    #[arg(long)]
    pub size: Option<String>,
    /// Puzzle difficulty (easy, hard, or a level the puzzle screen lists).
    #[arg(long)]
    pub difficulty: Option<String>,
}
