//! What a puzzle is generated from ([`Settings`], `--size` and
//! `--difficulty`); the level format saves it with its settings
//! (`evoboard::level::Level::puzzle`).

use super::super::board::{MAX_SIDE, MIN_GEN_SIDE};
use super::super::error::PuzzleError;
use super::super::generator::{generate, generate_level};
use super::super::{Difficulty, Puzzle};

/// Parse a board size `WxH` (also `W×H`, or one number for a square),
/// each side 4..=20.
pub fn parse_size(text: &str) -> Result<(usize, usize), PuzzleError> {
    let t = text.trim();
    let parts: Vec<&str> = t.split(['x', 'X', '×']).collect();
    let nums: Vec<Result<usize, _>> = parts.iter().map(|p| p.trim().parse::<usize>()).collect();
    let (w, h) = match nums.as_slice() {
        [Ok(n)] => (*n, *n),
        [Ok(w), Ok(h)] => (*w, *h),
        _ => {
            return Err(PuzzleError::SizeSyntax {
                text: text.to_string(),
            });
        }
    };
    check_side("width", w)?;
    check_side("height", h)?;
    Ok((w, h))
}

/// Parse a difficulty for `--difficulty`: `easy` or `hard` (the
/// published procedure), or `easy-L` / `hard-L` for a puzzle of exactly
/// deduction level L (1..=3).
pub fn parse_difficulty(text: &str) -> Result<(Difficulty, Option<u8>), PuzzleError> {
    let unknown = || PuzzleError::UnknownDifficulty {
        text: text.to_string(),
        with_levels: true,
    };
    let (d, l) = match text.trim().split_once('-') {
        None => (text.trim(), None),
        Some((d, l)) => (d, Some(l)),
    };
    let difficulty: Difficulty = d.parse().map_err(|_| unknown())?;
    let level = match l {
        None => None,
        Some(l) => match l.parse::<u8>() {
            Ok(n @ 1..=3) => Some(n),
            _ => return Err(unknown()),
        },
    };
    Ok((difficulty, level))
}

fn check_side(dimension: &'static str, value: usize) -> Result<(), PuzzleError> {
    if (MIN_GEN_SIDE..=MAX_SIDE).contains(&value) {
        Ok(())
    } else {
        Err(PuzzleError::SizeOutOfRange { dimension, value })
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Width in cells (4..=20).
    pub width: usize,
    /// Height in cells (4..=20).
    pub height: usize,
    /// Published difficulty (share of blocked and empty cells).
    pub difficulty: Difficulty,
    /// A required deduction level 1..=3, or `None` for whatever the
    /// published procedure gives.
    pub level: Option<u8>,
    /// The seed.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            width: 10,
            height: 10,
            difficulty: Difficulty::Hard,
            level: None,
            seed: 1,
        }
    }
}

impl Settings {
    /// Check the values; the error says what is allowed.
    pub fn check(&self) -> Result<(), PuzzleError> {
        check_side("width", self.width)?;
        check_side("height", self.height)?;
        match self.level {
            Some(level) if !(1..=3).contains(&level) => Err(PuzzleError::LevelOutOfRange { level }),
            _ => Ok(()),
        }
    }

    /// Generate the puzzle these settings describe (the same puzzle as
    /// `evoboard puzzle generate` with the same values).
    pub fn generate(&self) -> Result<Puzzle, PuzzleError> {
        match self.level {
            None => generate(self.width, self.height, self.difficulty, self.seed),
            Some(l) => generate_level(self.width, self.height, self.difficulty, l, self.seed),
        }
    }

    /// One line for people: "10×10 hard, level 2, seed 7".
    pub fn describe(&self) -> String {
        let level = self.level.map_or(String::new(), |l| format!(", level {l}"));
        format!(
            "{}×{} {}{level}, seed {}",
            self.width,
            self.height,
            self.difficulty.name(),
            self.seed
        )
    }
}
