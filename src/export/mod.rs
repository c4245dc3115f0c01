//! Export a hex board the way tables and tools use it: a print-ready
//! `png`, an `svg` with one shape per hex, a `text` form and the share
//! `code` ([`crate::boards::code`]). Engine-free: the CLI's
//! `evoboard export` and the app's save box both call [`export`].
//!
//! Terra Mystica and Catan maps export to every format; dungeons and
//! puzzles are refused with [`ExportError::Unsupported`] for now.
//!
//! ```
//! use evoboard::boards::terra_mystica::TerraMysticaBoard;
//! use evoboard::export::{Format, export};
//! use evoboard::level::LevelMap;
//! let map = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
//! let svg = export(&map, Format::Svg).unwrap();
//! let text = String::from_utf8(svg.bytes).unwrap();
//! assert_eq!(text.matches("<polygon").count(), 113);
//! assert!(text.contains(r#"data-terrain="lake""#));
//! ```

#[cfg(feature = "png")]
pub mod png;
pub mod svg;
pub mod text;

use crate::boards::catan::CatanBoard;
use crate::boards::terra_mystica::TerraMysticaBoard;
use crate::boards::{BoardError, BoardGame, code};
use crate::level::LevelMap;
use std::fmt;
use std::str::FromStr;

/// An export format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// A PNG image, 3508 px on the long side (A4 at 300 dpi), with a legend.
    Png,
    /// An SVG drawing: one `<polygon>` per hex, terrain names in the markup.
    Svg,
    /// Plain text: a Terra Mystica text map or a Catan text form.
    Text,
    /// The share code, one line.
    Code,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 4] = [Format::Png, Format::Svg, Format::Text, Format::Code];

    /// Name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
            Format::Text => "text",
            Format::Code => "code",
        }
    }

    /// The file extension an export of this format gets by default.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
            Format::Text => "txt",
            Format::Code => "code.txt",
        }
    }

    /// Parse `png`, `svg`, `text` or `code`.
    pub fn parse(s: &str) -> Result<Format, ExportError> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| ExportError::UnknownFormat {
                name: s.to_string(),
            })
    }
}

impl FromStr for Format {
    type Err = ExportError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::parse(s)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an export failed.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ExportError {
    /// A format name other than those of [`Format::ALL`].
    UnknownFormat {
        /// The name given.
        name: String,
    },
    /// A map kind that does not export yet.
    Unsupported {
        /// The map's kind (`dungeon`, `puzzle`).
        kind: &'static str,
    },
    /// A board with no share code yet (the 5–6 player Catan island).
    NoCode {
        /// Hexes on the board.
        hexes: usize,
    },
    /// This build has no PNG renderer (built without the `png` feature).
    NoPng,
    /// The board itself is not valid (wrong shape, bad tile).
    Board(BoardError),
    /// Rendering the image failed.
    Render(String),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::UnknownFormat { name } => {
                let all: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
                write!(f, "unknown format '{name}'; allowed: {}", all.join(", "))
            }
            ExportError::Unsupported { kind } => write!(
                f,
                "exporting a {kind} is not supported yet; export works for terra-mystica \
                 and catan boards"
            ),
            ExportError::NoCode { hexes } => write!(
                f,
                "share codes are made for the standard boards only (Terra Mystica 113 hexes,                  Catan 19); this board has {hexes}: export it as png, svg or text"
            ),
            ExportError::NoPng => f.write_str(
                "this build has no PNG export (built without the `png` feature); use svg",
            ),
            ExportError::Board(e) => write!(f, "{e}"),
            ExportError::Render(e) => write!(f, "cannot render the image: {e}"),
        }
    }
}

impl std::error::Error for ExportError {}

impl From<BoardError> for ExportError {
    fn from(e: BoardError) -> Self {
        ExportError::Board(e)
    }
}

/// The bytes of an export, and the pixel size of an image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    /// The file's contents.
    pub bytes: Vec<u8>,
    /// Width and height in pixels (PNG only).
    pub pixels: Option<(u32, u32)>,
}

/// A hex board to export: the game and its row-major tile codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexBoard {
    /// The game.
    pub game: BoardGame,
    /// Row-major tile codes (see [`crate::boards::BoardSearch`]).
    pub tiles: Vec<u8>,
}

impl HexBoard {
    /// The board of a level's map, or [`ExportError::Unsupported`] for
    /// maps that are not hex boards; an error when a Catan island has the
    /// wrong shape or a Terra Mystica map's rows form no hex grid.
    pub fn from_map(map: &LevelMap) -> Result<HexBoard, ExportError> {
        match map {
            LevelMap::TerraMystica(b) => {
                b.grid()?;
                Ok(HexBoard {
                    game: BoardGame::TerraMystica,
                    tiles: b.tiles(),
                })
            }
            LevelMap::Catan(b) => {
                let lens: Vec<usize> = b.rows.iter().map(Vec::len).collect();
                if crate::boards::catan::CatanLayout::for_rows(&lens).is_none() {
                    return Err(BoardError::CatanShape { rows: lens }.into());
                }
                Ok(HexBoard {
                    game: BoardGame::Catan,
                    tiles: b.encode(),
                })
            }
            LevelMap::Dungeon(_) | LevelMap::Puzzle(_) => {
                Err(ExportError::Unsupported { kind: map.game() })
            }
        }
    }
}

/// Export a level's map in `format`.
pub fn export(map: &LevelMap, format: Format) -> Result<Exported, ExportError> {
    let text = |s: String| Exported {
        bytes: s.into_bytes(),
        pixels: None,
    };
    match format {
        Format::Text => match map {
            LevelMap::TerraMystica(b) => Ok(text(b.to_text())),
            LevelMap::Catan(b) => Ok(text(text::catan_text(b))),
            _ => Err(ExportError::Unsupported { kind: map.game() }),
        },
        Format::Code => {
            let b = HexBoard::from_map(map)?;
            if b.game == BoardGame::Catan && b.tiles.len() != crate::boards::catan::grid().len() {
                return Err(ExportError::NoCode {
                    hexes: b.tiles.len(),
                });
            }
            Ok(text(code::encode(b.game, &b.tiles)? + "\n"))
        }
        Format::Svg => Ok(text(svg::svg(map)?)),
        Format::Png => png_of(map),
    }
}

#[cfg(feature = "png")]
fn png_of(map: &LevelMap) -> Result<Exported, ExportError> {
    let (bytes, w, h) = png::png(map)?;
    Ok(Exported {
        bytes,
        pixels: Some((w, h)),
    })
}

#[cfg(not(feature = "png"))]
fn png_of(_map: &LevelMap) -> Result<Exported, ExportError> {
    Err(ExportError::NoPng)
}

/// The map in a share code, as a level map.
pub fn map_of_code(code: &str) -> Result<LevelMap, BoardError> {
    let (game, tiles) = code::decode(code)?;
    Ok(match game {
        BoardGame::TerraMystica => LevelMap::TerraMystica(TerraMysticaBoard::try_from_tiles(
            crate::boards::terra_mystica::grid_for_len(tiles.len()),
            &tiles,
        )?),
        BoardGame::Catan => LevelMap::Catan(CatanBoard::try_decode(&tiles)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::standard_codes;

    #[test]
    fn formats_parse_and_say_what_is_allowed() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>(), Ok(f));
        }
        let e = "jpg".parse::<Format>().unwrap_err().to_string();
        assert_eq!(e, "unknown format 'jpg'; allowed: png, svg, text, code");
    }

    #[test]
    fn codes_and_text_of_both_games() {
        let tm = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
        let c = String::from_utf8(export(&tm, Format::Code).unwrap().bytes).unwrap();
        assert_eq!(map_of_code(c.trim()).unwrap(), tm);
        let t = export(&tm, Format::Text).unwrap().bytes;
        assert_eq!(
            TerraMysticaBoard::parse_text(std::str::from_utf8(&t).unwrap()).unwrap(),
            TerraMysticaBoard::base_map()
        );
        let ca = LevelMap::Catan(CatanBoard::decode(&standard_codes()));
        let c = String::from_utf8(export(&ca, Format::Code).unwrap().bytes).unwrap();
        assert!(c.trim().len() <= 40);
        assert_eq!(map_of_code(c.trim()).unwrap(), ca);
        let t = String::from_utf8(export(&ca, Format::Text).unwrap().bytes).unwrap();
        assert_eq!(
            text::parse_catan_text(&t).unwrap(),
            CatanBoard::decode(&standard_codes())
        );
    }

    #[test]
    fn puzzles_are_not_supported_yet() {
        let p = crate::puzzle::generate(6, 6, crate::puzzle::Difficulty::Easy, 1).unwrap();
        for f in Format::ALL {
            let e = export(&LevelMap::Puzzle(p.clone()), f).unwrap_err();
            assert!(e.to_string().contains("not supported yet"), "{f}: {e}");
        }
    }
}
