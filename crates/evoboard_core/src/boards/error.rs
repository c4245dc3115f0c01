//! [`BoardError`]: everything that can go wrong when a user names a game,
//! an algorithm, a rule set or a parameter, or hands in a map.

use super::BoardVariant;
use super::catan::{CatanPinConflict, CatanTerrain};
use super::counts::CountDifference;
use super::terra_mystica::PinConflict;
use std::fmt;

/// An error of the hex-board library. Its [`Display`](fmt::Display) text
/// says what was wrong and what is allowed.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
#[non_exhaustive]
pub enum BoardError {
    /// A game name other than `terra-mystica` (`tm`) or `catan`.
    UnknownGame {
        /// The name given.
        name: String,
    },
    /// An algorithm name other than those of [`super::Algorithm`].
    UnknownAlgorithm {
        /// The name given.
        name: String,
    },
    /// A Terra Mystica rule set other than `strict`, `published` or `thesis`.
    UnknownRules {
        /// The name given.
        name: String,
    },
    /// A Catan desert placement other than `anywhere`, `centre`, `coast`
    /// or `inland`.
    UnknownDesert {
        /// The name given.
        name: String,
    },
    /// A `--param` that is not `NAME=VALUE`.
    ParamSyntax {
        /// The text given.
        pair: String,
    },
    /// A parameter name the algorithm does not have.
    UnknownParam {
        /// The algorithm's name.
        algorithm: String,
        /// The parameter name given.
        name: String,
        /// The algorithm's parameter names.
        allowed: Vec<&'static str>,
    },
    /// A parameter value that is not a number.
    ParamNotANumber {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
    },
    /// A parameter value outside its bounds.
    ParamOutOfBounds {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
        /// Smallest allowed value.
        min: f64,
        /// Largest allowed value.
        max: f64,
    },
    /// A map without rows.
    EmptyMap,
    /// A map row that is empty or longer than 255 hexes.
    RowLength {
        /// The row (1-based).
        row: usize,
        /// Its length.
        len: usize,
    },
    /// A map with more rows than 255 or more hexes than
    /// [`MAX_HEXES`](super::MAX_HEXES): refused before the grid is built.
    TooBig {
        /// The row where the map went over (1-based).
        row: usize,
        /// Hexes up to and with that row.
        hexes: usize,
    },
    /// A Terra Mystica map whose rows are neither the standard outline nor
    /// the offset one.
    TerraMysticaRow {
        /// The first row that differs (1-based).
        row: usize,
        /// Its length (0: the map has no such row).
        len: usize,
        /// Rows in the map.
        rows: usize,
    },
    /// A map row whose half-hex shift does not fit a hex grid.
    RowShift {
        /// The row (1-based).
        row: usize,
        /// Its length.
        len: usize,
    },
    /// A word of a text map that is not a terrain.
    UnknownTerrain {
        /// The line (1-based).
        line: usize,
        /// The word.
        word: String,
    },
    /// A tile code that is not a Terra Mystica terrain (0..=7) or not a
    /// Catan hex.
    BadTileCode {
        /// The code.
        code: u8,
    },
    /// A Catan number token outside 2-6 and 8-12.
    BadToken {
        /// The token.
        token: u8,
    },
    /// A tile list whose length is not the map's number of hexes.
    TileCount {
        /// Hexes of the map.
        expected: usize,
        /// Tiles given.
        got: usize,
    },
    /// A Catan board whose rows are neither 3, 4, 5, 4, 3 nor
    /// 3, 4, 5, 6, 5, 4, 3.
    CatanShape {
        /// The row lengths found.
        rows: Vec<usize>,
    },
    /// A Catan desert with a number token.
    DesertWithNumber,
    /// A Catan resource hex without a number token.
    MissingNumber {
        /// Its terrain.
        terrain: CatanTerrain,
    },
    /// A Catan board with the wrong number of hexes of some terrain.
    TerrainCounts {
        /// Hexes per terrain, in [`super::catan::TERRAINS`] order.
        counts: [usize; 6],
        /// What the island takes, in the same order.
        expected: [usize; 6],
    },
    /// A Catan board whose tokens are not the island's (18 or 28).
    TokenSet,
    /// A gallery axis that is not a descriptor of the game.
    UnknownDescriptor {
        /// The name given.
        name: String,
        /// The game.
        game: super::BoardGame,
        /// The game's descriptor names.
        allowed: Vec<&'static str>,
    },
    /// Gallery axes that are not two different names `A,B`.
    GalleryAxes {
        /// The text given.
        text: String,
    },
    /// A share code that cannot be read (see [`super::code`]).
    ShareCode {
        /// What is wrong with it.
        reason: String,
    },
    /// A Catan board variant other than the base island and the 5–6
    /// player island.
    CatanVariant {
        /// The variant asked for.
        variant: BoardVariant,
    },
    /// Catan harbours that are not the game's on the frame's slots.
    CatanHarbours {
        /// What is wrong, and what is allowed.
        problem: String,
    },
    /// Catan pins without a start board, or a pin off the island.
    CatanPins {
        /// What is wrong, and what is allowed.
        problem: String,
    },
    /// Catan pins that make a perfect board impossible.
    CatanPinConflicts {
        /// Each requirement the pins break, with its hexes.
        conflicts: Vec<CatanPinConflict>,
    },
    /// A board variant the game does not have (or not yet).
    UnsupportedVariant {
        /// The game's name.
        game: &'static str,
        /// The variant asked for.
        variant: String,
        /// The variants it has.
        allowed: &'static str,
    },
    /// A start board whose tile counts are off the game's.
    CountsOff {
        /// Every tile whose count is off.
        differences: Vec<CountDifference>,
    },
    /// Pinned hexes without a start board to take their tiles from.
    PinsWithoutStart,
    /// A pinned hex index beyond the board.
    PinOutOfRange {
        /// The index given (row-major).
        index: usize,
        /// Hexes on the board.
        hexes: usize,
    },
    /// Pins that make a perfect board impossible.
    PinConflicts {
        /// The requirements broken for sure, and their hexes.
        conflicts: Vec<PinConflict>,
    },
    /// More pinned hexes hold a tile than the game has of it, so no
    /// rebalancing can restore the counts.
    PinsExceedCount {
        /// The tile.
        tile: String,
        /// Pinned hexes holding it.
        pinned: usize,
        /// How many the game has.
        wanted: usize,
    },
    /// A choice parameter's value that is none of its names.
    ParamUnknownChoice {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
        /// The names allowed.
        allowed: Vec<&'static str>,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::UnknownGame { name } => {
                write!(f, "unknown game '{name}'; allowed: terra-mystica, catan")
            }
            BoardError::UnknownAlgorithm { name } => {
                let all: Vec<&str> = super::Algorithm::ALL.iter().map(|a| a.name()).collect();
                write!(f, "unknown algorithm '{name}'; allowed: {}", all.join(", "))
            }
            BoardError::UnknownRules { name } => {
                write!(f, "unknown rule set '{name}'; allowed: strict, published, thesis, thesis-per-hex, table (the default)")
            }
            BoardError::UnknownDesert { name } => write!(
                f,
                "unknown desert placement '{name}'; allowed: anywhere, centre, coast, inland"
            ),
            BoardError::ParamSyntax { pair } => {
                write!(f, "--param takes NAME=VALUE, got '{pair}'")
            }
            BoardError::UnknownParam {
                algorithm,
                name,
                allowed,
            } => write!(
                f,
                "algorithm '{algorithm}' has no parameter '{name}'; allowed: {}",
                if allowed.is_empty() {
                    "none".to_string()
                } else {
                    allowed.join(", ")
                }
            ),
            BoardError::ParamNotANumber { name, value } => {
                write!(f, "parameter {name}: '{value}' is not a number")
            }
            BoardError::ParamOutOfBounds {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "parameter {name} = {value} is out of bounds; allowed: {min} to {max}"
            ),
            BoardError::EmptyMap => f.write_str("a map needs at least one row"),
            BoardError::RowLength { row, len } => {
                write!(f, "row {row} has {len} hexes; allowed: 1 to 255")
            }
            BoardError::TooBig { row, hexes } => write!(
                f,
                "the map is too big at row {row} ({hexes} hexes so far): a map has at most \
                 255 rows and {} hexes",
                super::MAX_HEXES
            ),
            BoardError::TerraMysticaRow { row, len, rows } => {
                if *len == 0 {
                    write!(f, "the map has {rows} rows")?;
                } else {
                    write!(f, "row {row} has {len} hexes")?;
                }
                write!(
                    f,
                    ": a Terra Mystica map has 9 rows of 13, 12, 13, 12, 13, 12, 13, 12, 13 \
                     hexes (standard) or 12, 13, 12, 13, 12, 13, 12, 13, 12 (offset)"
                )
            }
            BoardError::RowShift { row, len } => write!(
                f,
                "row {row} has {len} hexes: rows must alternate in length by an odd number \
                 (like 13/12/13 or 3/4/5/4/3) to form a hex grid"
            ),
            BoardError::UnknownTerrain { line, word } => write!(
                f,
                "line {line}: '{word}' is not a terrain; allowed: desert plains swamp lake \
                 forest mountain wasteland river, or yellow brown black blue green gray red x"
            ),
            BoardError::BadTileCode { code } => write!(f, "{code} is not a tile code"),
            BoardError::BadToken { token } => write!(
                f,
                "{token} is not a number token; allowed: 2-6 and 8-12 (none on the desert)"
            ),
            BoardError::TileCount { expected, got } => {
                write!(f, "{got} tiles for a map of {expected} hexes")
            }
            BoardError::CatanShape { rows } => write!(
                f,
                "a Catan board has rows of 3, 4, 5, 4, 3 hexes (3-4 players) or \
                 3, 4, 5, 6, 5, 4, 3 (5-6 players), not {rows:?}"
            ),
            BoardError::DesertWithNumber => f.write_str("the desert takes no number"),
            BoardError::MissingNumber { terrain } => {
                write!(f, "a {} hex needs a number", terrain.name())
            }
            BoardError::TerrainCounts { counts, expected } => {
                let [a, b, c, d, e, g] = expected;
                write!(
                    f,
                    "terrain counts {counts:?}; expected fields {a}, forest {b}, pasture {c}, \
                     hills {d}, mountains {e}, desert {g}"
                )
            }
            BoardError::TokenSet => f.write_str(
                "number tokens must be 2 and 12 once and 3-6, 8-11 twice (5-6 players: \
                 2 and 12 twice, 3-6 and 8-11 three times)",
            ),
            BoardError::CatanVariant { variant } => write!(
                f,
                "Catan has no {variant} board; allowed: the base island (3-4 players) \
                 and the 5-6 player island"
            ),
            BoardError::CatanHarbours { problem } => write!(f, "harbours: {problem}"),
            BoardError::CatanPins { problem } => write!(f, "pins: {problem}"),
            BoardError::CatanPinConflicts { conflicts } => {
                f.write_str("the pins make a perfect board impossible: ")?;
                let parts: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
                f.write_str(&parts.join("; "))
            }
            BoardError::UnknownDescriptor {
                name,
                game,
                allowed,
            } => write!(
                f,
                "unknown {} gallery axis '{name}'; allowed: {}",
                game.name(),
                allowed.join(", ")
            ),
            BoardError::GalleryAxes { text } => write!(
                f,
                "gallery axes are two different descriptor names A,B, got '{text}'"
            ),
            BoardError::ShareCode { reason } => write!(
                f,
                "not a share code: {reason}; a code is T or O (Terra Mystica, standard or \
                 offset outline) or C (Catan) \
                 followed by base64url characters (A-Z a-z 0-9 - _), as `generate --json` \
                 prints it"
            ),
            BoardError::UnsupportedVariant {
                game,
                variant,
                allowed,
            } => write!(f, "{game} has no {variant} board; allowed: {allowed}"),
            BoardError::CountsOff { differences } => {
                let parts: Vec<String> = differences.iter().map(|d| d.to_string()).collect();
                write!(
                    f,
                    "the tile counts are off the game's: {}; rebalance the counts first \
                     (command line: --rebalance)",
                    parts.join("; ")
                )
            }
            BoardError::PinsWithoutStart => f.write_str(
                "pinned hexes need a start board to take their tiles from (command line: --from FILE)",
            ),
            BoardError::PinOutOfRange { index, hexes } => write!(
                f,
                "pinned hex {index} is off the board; allowed: 0 to {}",
                hexes.saturating_sub(1)
            ),
            BoardError::PinConflicts { conflicts } => {
                let parts: Vec<String> = conflicts.iter().map(|c| c.to_string()).collect();
                write!(
                    f,
                    "these pins make a perfect board impossible: {}; unpin or change one of \
                     the hexes named",
                    parts.join("; ")
                )
            }
            BoardError::PinsExceedCount {
                tile,
                pinned,
                wanted,
            } => write!(
                f,
                "{pinned} pinned hexes hold {tile} but the game has {wanted}; unpin or change \
                 some of them"
            ),
            BoardError::ParamUnknownChoice {
                name,
                value,
                allowed,
            } => write!(
                f,
                "parameter {name} cannot be '{value}'; allowed: {}",
                allowed.join(", ")
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// For callers that report errors as text (the app's panels).
impl From<BoardError> for String {
    fn from(e: BoardError) -> Self {
        e.to_string()
    }
}
