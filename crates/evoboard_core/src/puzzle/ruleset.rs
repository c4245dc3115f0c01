//! The rule sets a board can be played under: today's "no three in a
//! row" (rows, columns and both diagonals; blocked cells allowed) and
//! Takuzu / Binairo / Unruly (no three in a row horizontally or
//! vertically, equal X and O counts in every row and column, optionally
//! no two equal rows or columns).

use super::error::PuzzleError;
use serde::{Deserialize, Serialize};

/// A rule set. A [`Board`](super::Board) carries one (default
/// [`RuleSet::NoThree`]); the solver, grader, hints and generator follow
/// it. In a saved [`Puzzle`](super::Puzzle) it is the `rules` field
/// (`NoThree`, `Takuzu`, `TakuzuUnique`; left out for `NoThree`, and
/// absent in older files: `NoThree`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum RuleSet {
    /// No three equal symbols in a row, column or diagonal (the published
    /// rules, `no-three`).
    #[default]
    NoThree,
    /// Takuzu (`takuzu`): no three in a row horizontally or vertically and
    /// as many X as O in every row and column (open cells only; even
    /// sizes for generation).
    Takuzu,
    /// Takuzu plus no two equal full rows and no two equal full columns
    /// (`takuzu-unique`, CLI `--rules takuzu --unique-lines`).
    TakuzuUnique,
}

impl RuleSet {
    /// Every rule set, in flag order.
    pub const ALL: [RuleSet; 3] = [RuleSet::NoThree, RuleSet::Takuzu, RuleSet::TakuzuUnique];

    /// The name used in files, JSON and flags (`no-three`, `takuzu`,
    /// `takuzu-unique`).
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::NoThree => "no-three",
            RuleSet::Takuzu => "takuzu",
            RuleSet::TakuzuUnique => "takuzu-unique",
        }
    }

    /// True for [`RuleSet::NoThree`] (saved files leave it out).
    pub fn is_no_three(&self) -> bool {
        *self == RuleSet::NoThree
    }

    /// True for the Takuzu rule sets (balanced lines, no diagonals).
    pub fn is_takuzu(self) -> bool {
        self != RuleSet::NoThree
    }

    /// True when no two full rows (or columns) may be equal.
    pub fn unique_lines(self) -> bool {
        self == RuleSet::TakuzuUnique
    }

    /// True when diagonals count for "no three in a row".
    pub fn diagonals(self) -> bool {
        self == RuleSet::NoThree
    }

    /// The rule set a `--rules NAME [--unique-lines]` pair asks for:
    /// `no-three` or `takuzu` (`--unique-lines` only with `takuzu`).
    pub fn from_flags(name: &str, unique_lines: bool) -> Result<RuleSet, PuzzleError> {
        match (name, unique_lines) {
            ("no-three", false) => Ok(RuleSet::NoThree),
            ("takuzu", false) => Ok(RuleSet::Takuzu),
            ("takuzu", true) | ("takuzu-unique", _) => Ok(RuleSet::TakuzuUnique),
            ("no-three", true) => Err(PuzzleError::UnknownRules {
                text: "no-three with --unique-lines (unique lines is a Takuzu rule)".into(),
            }),
            _ => Err(PuzzleError::UnknownRules { text: name.into() }),
        }
    }

    /// Check a generation size for this rule set: Takuzu needs even widths
    /// and heights (equal X and O counts).
    pub fn check_generation_size(self, width: usize, height: usize) -> Result<(), PuzzleError> {
        if self.is_takuzu() && (width % 2 == 1 || height % 2 == 1) {
            return Err(PuzzleError::OddTakuzuSize { width, height });
        }
        Ok(())
    }
}

impl std::str::FromStr for RuleSet {
    type Err = PuzzleError;
    fn from_str(s: &str) -> Result<RuleSet, PuzzleError> {
        RuleSet::from_flags(s, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_flags() {
        for r in RuleSet::ALL {
            assert_eq!(r.name().parse::<RuleSet>().unwrap(), r);
        }
        assert_eq!(
            RuleSet::from_flags("takuzu", true).unwrap(),
            RuleSet::TakuzuUnique
        );
        let e = RuleSet::from_flags("sudoku", false).unwrap_err();
        assert!(e.to_string().contains("no-three"), "{e}");
        assert!(RuleSet::from_flags("no-three", true).is_err());
        let e = RuleSet::Takuzu.check_generation_size(9, 10).unwrap_err();
        assert!(e.to_string().contains("even"), "{e}");
        assert!(RuleSet::NoThree.check_generation_size(9, 9).is_ok());
    }
}
