//! Terra Mystica terrains and the terraforming wheel.

use serde::{Deserialize, Serialize};

/// A Terra Mystica hex type: the seven land terrains in wheel order, and
/// river.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Terrain {
    /// Yellow.
    Desert = 0,
    /// Brown.
    Plains = 1,
    /// Black.
    Swamp = 2,
    /// Blue.
    Lake = 3,
    /// Green.
    Forest = 4,
    /// Gray.
    Mountain = 5,
    /// Red.
    Wasteland = 6,
    /// River: not land, cannot be terraformed.
    River = 7,
}

/// Code of [`Terrain::River`] in a board's byte array.
pub const RIVER: u8 = Terrain::River as u8;

/// The seven land terrains, in wheel order.
pub const LAND: [Terrain; 7] = [
    Terrain::Desert,
    Terrain::Plains,
    Terrain::Swamp,
    Terrain::Lake,
    Terrain::Forest,
    Terrain::Mountain,
    Terrain::Wasteland,
];

/// All eight hex types.
pub const ALL: [Terrain; 8] = [
    Terrain::Desert,
    Terrain::Plains,
    Terrain::Swamp,
    Terrain::Lake,
    Terrain::Forest,
    Terrain::Mountain,
    Terrain::Wasteland,
    Terrain::River,
];

impl Terrain {
    /// The terrain with byte code `code` (0..=7).
    ///
    /// # Panics
    /// When `code` is above 7 (see [`Terrain::try_from_code`]).
    pub fn from_code(code: u8) -> Terrain {
        ALL[code as usize]
    }

    /// The terrain with byte code `code`, or `None` when it is above 7.
    pub fn try_from_code(code: u8) -> Option<Terrain> {
        ALL.get(code as usize).copied()
    }

    /// Lower-case name as in the CLI's JSON.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Desert => "desert",
            Terrain::Plains => "plains",
            Terrain::Swamp => "swamp",
            Terrain::Lake => "lake",
            Terrain::Forest => "forest",
            Terrain::Mountain => "mountain",
            Terrain::Wasteland => "wasteland",
            Terrain::River => "river",
        }
    }

    /// The colour word printed on the game's tiles.
    pub fn colour(self) -> &'static str {
        match self {
            Terrain::Desert => "yellow",
            Terrain::Plains => "brown",
            Terrain::Swamp => "black",
            Terrain::Lake => "blue",
            Terrain::Forest => "green",
            Terrain::Mountain => "gray",
            Terrain::Wasteland => "red",
            Terrain::River => "x",
        }
    }

    /// Parse a terrain name or colour word (`desert`/`yellow`, …,
    /// `river`/`x`).
    pub fn parse(word: &str) -> Option<Terrain> {
        let w = word.to_ascii_lowercase();
        ALL.into_iter()
            .find(|t| t.name() == w || t.colour() == w || (w == "grey" && *t == Terrain::Mountain))
    }

    /// Whether this is a land terrain.
    pub fn is_land(self) -> bool {
        self != Terrain::River
    }
}

/// Spades to terraform between two land terrains: the distance on the
/// 7-cycle of the wheel (0..=3). `None` when either is river.
#[inline]
pub fn spades(a: u8, b: u8) -> Option<u8> {
    if a == RIVER || b == RIVER {
        return None;
    }
    let d = a.abs_diff(b);
    Some(d.min(7 - d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wheel_distances() {
        assert_eq!(spades(0, 1), Some(1));
        assert_eq!(spades(0, 6), Some(1));
        assert_eq!(spades(0, 3), Some(3));
        assert_eq!(spades(0, 4), Some(3));
        assert_eq!(spades(2, 2), Some(0));
        assert_eq!(spades(2, RIVER), None);
        assert_eq!(Terrain::parse("gray"), Some(Terrain::Mountain));
        assert_eq!(Terrain::parse("x"), Some(Terrain::River));
        assert_eq!(Terrain::parse("Wasteland"), Some(Terrain::Wasteland));
        assert_eq!(Terrain::parse("purple"), None);
        assert_eq!(Terrain::try_from_code(7), Some(Terrain::River));
        assert_eq!(Terrain::try_from_code(8), None);
    }
}
