//! What a puzzle is generated from ([`Settings`], `--size` and
//! `--difficulty`); the level format saves it with its settings
//! (`evoboard_core::level::Level::puzzle`).

use super::super::board::{MAX_SIDE, MIN_GEN_SIDE};
use super::super::error::PuzzleError;
use super::super::generator::{generate, generate_level};
use super::super::graded::generate_grade;
use super::super::ruleset::RuleSet;
use super::super::technique::MAX_GRADE;
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

/// What to generate (also a level recipe's puzzle,
/// [`crate::level::PuzzleRecipe`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
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
    /// The rule set (no three in a row, or Takuzu).
    pub rules: RuleSet,
    /// A required grade by technique (1..=[`MAX_GRADE`], as `puzzle
    /// generate --grade`); Takuzu without one is grade 2. Not with
    /// `level`.
    pub grade: Option<u8>,
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
            rules: RuleSet::NoThree,
            grade: None,
            seed: 1,
        }
    }
}

impl Settings {
    /// Check the values; the error says what is allowed.
    pub fn check(&self) -> Result<(), PuzzleError> {
        check_side("width", self.width)?;
        check_side("height", self.height)?;
        if let Some(level) = self.level.filter(|l| !(1..=3).contains(l)) {
            return Err(PuzzleError::LevelOutOfRange { level });
        }
        if let Some(grade) = self.grade.filter(|g| !(1..=MAX_GRADE).contains(g)) {
            return Err(PuzzleError::GradeOutOfRange { grade });
        }
        self.rules.check_generation_size(self.width, self.height)
    }

    /// The grade asked for: `grade`, or 2 for Takuzu without one (as
    /// `puzzle generate`); `None` for the published generator. A
    /// no-three `level` wins over a grade (the app's level and grade
    /// pickers are alternatives).
    pub fn grade_asked(&self) -> Option<u8> {
        match (self.level, self.grade) {
            (Some(_), _) if !self.rules.is_takuzu() => None,
            (_, Some(g)) => Some(g),
            (_, None) if self.rules.is_takuzu() => Some(2),
            _ => None,
        }
    }

    /// Generate the puzzle these settings describe (the same puzzle as
    /// `evoboard puzzle generate` with the same values).
    pub fn generate(&self) -> Result<Puzzle, PuzzleError> {
        if let Some(g) = self.grade_asked() {
            let (w, h, d) = (self.width, self.height, self.difficulty);
            return generate_grade(w, h, self.rules, d, g, self.seed).map(|g| g.puzzle);
        }
        match self.level {
            None => generate(self.width, self.height, self.difficulty, self.seed),
            Some(l) => generate_level(self.width, self.height, self.difficulty, l, self.seed),
        }
    }

    /// One line for people: "10×10 hard, level 2, seed 7", "10×10
    /// takuzu, grade 3, seed 7".
    pub fn describe(&self) -> String {
        let (kind, pick) = match self.grade_asked() {
            Some(g) if self.rules.is_takuzu() => (self.rules.name(), format!(", grade {g}")),
            Some(g) => (self.difficulty.name(), format!(", grade {g}")),
            None => (
                self.difficulty.name(),
                self.level.map_or(String::new(), |l| format!(", level {l}")),
            ),
        };
        format!(
            "{}×{} {kind}{pick}, seed {}",
            self.width, self.height, self.seed
        )
    }
}
