//! How many players a Catan island is for (`--players 3-4|5-6` on the
//! command line and in the app): a typed value both front ends parse the
//! same way.

use crate::boards::BoardVariant;
use std::fmt;
use std::str::FromStr;

/// The player count a Catan island is made for.
///
/// ```
/// use evoboard_core::boards::BoardVariant;
/// use evoboard_core::boards::catan::CatanPlayers;
/// let p: CatanPlayers = "5-6".parse().unwrap();
/// assert_eq!(p.variant(), BoardVariant::FiveSixPlayers);
/// assert_eq!("4".parse::<CatanPlayers>().unwrap(), CatanPlayers::ThreeFour);
/// let e = "2".parse::<CatanPlayers>().unwrap_err();
/// assert_eq!(e.to_string(), "'2' is not a player count; allowed: 3-4, 5-6");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CatanPlayers {
    /// The base island for 3–4 players (19 hexes).
    #[default]
    ThreeFour,
    /// The 5–6 player extension (30 hexes).
    FiveSix,
}

impl CatanPlayers {
    /// The spellings accepted, as the error lists them.
    pub const ALLOWED: &'static str = "3-4, 5-6";

    /// The island this player count plays on.
    pub fn variant(self) -> BoardVariant {
        match self {
            CatanPlayers::ThreeFour => BoardVariant::Standard,
            CatanPlayers::FiveSix => BoardVariant::FiveSixPlayers,
        }
    }
}

impl From<CatanPlayers> for BoardVariant {
    fn from(p: CatanPlayers) -> BoardVariant {
        p.variant()
    }
}

impl fmt::Display for CatanPlayers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CatanPlayers::ThreeFour => "3-4",
            CatanPlayers::FiveSix => "5-6",
        })
    }
}

/// A `--players` value that is not a Catan player count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayersError {
    /// What was given.
    pub text: String,
}

impl fmt::Display for PlayersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a player count; allowed: {}",
            self.text,
            CatanPlayers::ALLOWED
        )
    }
}

impl std::error::Error for PlayersError {}

impl FromStr for CatanPlayers {
    type Err = PlayersError;

    /// `3-4` (or `3`, `4`) and `5-6` (or `5`, `6`).
    fn from_str(s: &str) -> Result<CatanPlayers, PlayersError> {
        match s {
            "3-4" | "3" | "4" => Ok(CatanPlayers::ThreeFour),
            "5-6" | "5" | "6" => Ok(CatanPlayers::FiveSix),
            _ => Err(PlayersError {
                text: s.to_string(),
            }),
        }
    }
}

/// Parse a player count straight into the island it plays on (the value
/// parser of both front ends' `--players`).
pub fn parse_players(s: &str) -> Result<BoardVariant, PlayersError> {
    s.parse::<CatanPlayers>().map(CatanPlayers::variant)
}
