//! Export a map the way tables and tools use it. A hex board: a
//! print-ready `png`, an `svg` with one shape per hex, a `text` form and
//! the share `code` ([`crate::boards::code`]). A dungeon ([`dungeon`]): a
//! `png` and an `svg` at a number of pixels per cell, a Universal VTT file
//! (`vtt`) and a Markdown room key (`key`). Engine-free: the CLI's
//! `evoboard export` and the app's save box both call [`export`] (or
//! [`export_with`] for another number of pixels per cell).
//!
//! An X/O puzzle ([`puzzle`]): an A4 page as `png`, `svg` or a two-page
//! `pdf` (puzzle, then solution); the png and svg solution page comes from
//! [`puzzle_solution`].
//!
//! Terra Mystica and Catan maps export to [`Format::HEX`], dungeons to
//! [`Format::DUNGEON`], puzzles to [`Format::PUZZLE`]; any other pairing is
//! refused with [`ExportError::NotForMap`].
//!
//! ```
//! use evoboard::boards::terra_mystica::TerraMysticaBoard;
//! use evoboard::export::{Format, export};
//! use evoboard::map::LevelMap;
//! let map = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
//! let svg = export(&map, Format::Svg).unwrap();
//! let text = String::from_utf8(svg.bytes).unwrap();
//! assert_eq!(text.matches("<polygon").count(), 113);
//! assert!(text.contains(r#"data-terrain="lake""#));
//! ```

pub mod book;
pub mod dungeon;
#[cfg(feature = "pdf")]
pub mod pdf;
#[cfg(feature = "png")]
pub mod png;
pub mod puzzle;
pub mod svg;
pub mod text;

use crate::boards::terra_mystica::TerraMysticaBoard;
use crate::boards::{BoardError, BoardGame, code};
use crate::map::LevelMap;
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
    /// Universal VTT JSON (`.dd2vtt`) of a dungeon: walls, doors, lights
    /// and the PNG.
    Vtt,
    /// A Markdown room key of a dungeon for the game master.
    Key,
    /// A PDF document: a puzzle page and its solution page (A4).
    Pdf,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 7] = [
        Format::Png,
        Format::Svg,
        Format::Text,
        Format::Code,
        Format::Vtt,
        Format::Key,
        Format::Pdf,
    ];

    /// The formats of a hex board (Terra Mystica, Catan).
    pub const HEX: [Format; 4] = [Format::Png, Format::Svg, Format::Text, Format::Code];

    /// The formats of a dungeon.
    pub const DUNGEON: [Format; 4] = [Format::Png, Format::Svg, Format::Vtt, Format::Key];

    /// The formats of an X/O puzzle.
    pub const PUZZLE: [Format; 3] = [Format::Png, Format::Svg, Format::Pdf];

    /// Name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
            Format::Text => "text",
            Format::Code => "code",
            Format::Vtt => "vtt",
            Format::Key => "key",
            Format::Pdf => "pdf",
        }
    }

    /// The file extension an export of this format gets by default.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
            Format::Text => "txt",
            Format::Code => "code.txt",
            Format::Vtt => "dd2vtt",
            Format::Key => "key.md",
            Format::Pdf => "pdf",
        }
    }

    /// Parse `png`, `svg`, `text`, `code`, `vtt`, `key` or `pdf`.
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
    /// This build has no PNG renderer (built without the `png` feature).
    NoPng,
    /// This build has no PDF writer (built without the `pdf` feature).
    NoPdf,
    /// The board itself is not valid (wrong shape, bad tile).
    Board(BoardError),
    /// Rendering the image failed.
    Render(String),
    /// A format that does not fit the map (`vtt` of a hex board, `text`
    /// of a dungeon).
    NotForMap {
        /// The format asked for.
        format: Format,
        /// The map's kind (`terra-mystica`, `catan`, `dungeon`).
        kind: &'static str,
    },
    /// Pixels per cell out of range (see [`dungeon::MIN_PIXELS_PER_CELL`]).
    PixelsPerCell {
        /// The number given.
        given: u32,
    },
    /// The image would be larger than [`MAX_IMAGE_PIXELS`]: refused
    /// before anything is allocated.
    TooManyPixels {
        /// Width asked for, in pixels.
        width: u64,
        /// Height asked for, in pixels.
        height: u64,
        /// The largest pixels per cell that fits the budget (0: none).
        largest_ppc: u32,
    },
    /// Pixels per cell asked for a map that has no cells (a hex board).
    NoCells {
        /// The map's kind.
        kind: &'static str,
    },
    /// A view (gm, players) or print style asked for a map that is not a
    /// dungeon.
    NoView {
        /// The map's kind.
        kind: &'static str,
    },
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
                 and catan boards, dungeons and puzzles"
            ),
            ExportError::NoPng => f.write_str(
                "this build has no PNG export (built without the `png` feature); use svg",
            ),
            ExportError::NoPdf => f.write_str(
                "this build has no PDF export (built without the `pdf` feature); use svg",
            ),
            ExportError::Board(e) => write!(f, "{e}"),
            ExportError::Render(e) => write!(f, "cannot render the image: {e}"),
            ExportError::NotForMap { format, kind } => write!(
                f,
                "format '{format}' does not fit a {kind} map; hex boards (terra-mystica, \
                 catan) export as {}, dungeons as {}, puzzles as {}",
                names(&Format::HEX),
                names(&Format::DUNGEON),
                names(&Format::PUZZLE)
            ),
            ExportError::PixelsPerCell { given } => write!(
                f,
                "{given} pixels per cell is out of range; allowed: {} to {}",
                dungeon::MIN_PIXELS_PER_CELL,
                dungeon::MAX_PIXELS_PER_CELL
            ),
            ExportError::TooManyPixels {
                width,
                height,
                largest_ppc,
            } => write!(
                f,
                "a {width}×{height} image is over the budget of {MAX_IMAGE_PIXELS} pixels \
                 ({} MiB); this map fits at up to {largest_ppc} pixels per cell",
                MAX_IMAGE_PIXELS * 4 / (1024 * 1024)
            ),
            ExportError::NoCells { kind } => write!(
                f,
                "pixels per cell apply to dungeon maps only; a {kind} board's png is \
                 {} px on the long side",
                3508
            ),
            ExportError::NoView { kind } => write!(
                f,
                "--view and --style-print apply to dungeon maps only (gm or players; colour or \
                 ink); a {kind} board has one picture"
            ),
        }
    }
}

impl std::error::Error for ExportError {}

/// `png, svg, text or code`.
fn names(formats: &[Format]) -> String {
    let n: Vec<&str> = formats.iter().map(|f| f.name()).collect();
    match n.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => n.join(""),
    }
}

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

/// Export a level's map in `format` (a dungeon at
/// [`dungeon::DEFAULT_PIXELS_PER_CELL`]).
pub fn export(map: &LevelMap, format: Format) -> Result<Exported, ExportError> {
    export_with(map, format, None)
}

/// Export a level's map in `format`; a dungeon at `pixels_per_cell`
/// (default [`dungeon::DEFAULT_PIXELS_PER_CELL`]), which hex boards refuse
/// ([`ExportError::NoCells`]).
pub fn export_with(
    map: &LevelMap,
    format: Format,
    pixels_per_cell: Option<u32>,
) -> Result<Exported, ExportError> {
    if let LevelMap::Dungeon(d) = map {
        return export_dungeon(d, format, pixels_per_cell, None);
    }
    if let LevelMap::Puzzle(p) = map {
        if pixels_per_cell.is_some() {
            return Err(ExportError::NoCells { kind: map.game() });
        }
        return export_puzzle(p, format, puzzle::Side::Puzzle);
    }
    if matches!(map, LevelMap::TerraMystica(_) | LevelMap::Catan(_)) {
        if !Format::HEX.contains(&format) {
            return Err(ExportError::NotForMap {
                format,
                kind: map.game(),
            });
        }
        if pixels_per_cell.is_some() {
            return Err(ExportError::NoCells { kind: map.game() });
        }
    }
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
        Format::Code => Ok(text(share_code(map)? + "\n")),
        Format::Svg => Ok(text(svg::svg(map)?)),
        Format::Png => png_of(map),
        Format::Vtt | Format::Key | Format::Pdf => Err(ExportError::NotForMap {
            format,
            kind: map.game(),
        }),
    }
}

/// [`export_with`], a dungeon drawn in `look`: whose map (`None`: the
/// game master's for png and svg, the players' for vtt) and which colours.
/// Other maps refuse a view or print style ([`ExportError::NoView`]).
pub fn export_with_look(
    map: &LevelMap,
    format: Format,
    pixels_per_cell: Option<u32>,
    view: Option<dungeon::MapView>,
    style: dungeon::PrintStyle,
) -> Result<Exported, ExportError> {
    match map {
        LevelMap::Dungeon(d) => export_dungeon(d, format, pixels_per_cell, Some((view, style))),
        _ if view.is_some() || style != dungeon::PrintStyle::Colour => {
            Err(ExportError::NoView { kind: map.game() })
        }
        _ => export_with(map, format, pixels_per_cell),
    }
}

/// The most pixels an exported image may have (a 200 × 200 dungeon, the
/// largest generation makes, at the default 70 pixels per cell is 196
/// million); its RGBA buffer is 800 MB.
pub const MAX_IMAGE_PIXELS: u64 = 200_000_000;

/// `Ok` when a `cols × rows` map at `ppc` pixels per cell is within
/// [`MAX_IMAGE_PIXELS`], else [`ExportError::TooManyPixels`] naming the
/// largest pixels per cell that fits. Checked before any pixel is
/// allocated.
///
/// ```
/// use evoboard::export::{ExportError, check_pixel_budget};
/// assert!(check_pixel_budget(200, 200, 70).is_ok());
/// let e = check_pixel_budget(200, 200, 200).unwrap_err();
/// assert!(matches!(e, ExportError::TooManyPixels { largest_ppc: 70, .. }));
/// ```
pub fn check_pixel_budget(cols: usize, rows: usize, ppc: u32) -> Result<(), ExportError> {
    let (cols, rows, p) = (cols as u64, rows as u64, u64::from(ppc));
    let (width, height) = (cols.saturating_mul(p), rows.saturating_mul(p));
    if width.saturating_mul(height) <= MAX_IMAGE_PIXELS {
        return Ok(());
    }
    let cells = cols.saturating_mul(rows).max(1);
    let largest_ppc = ((MAX_IMAGE_PIXELS / cells) as f64).sqrt().floor() as u32;
    Err(ExportError::TooManyPixels {
        width,
        height,
        largest_ppc,
    })
}

/// A dungeon in one of [`Format::DUNGEON`].
fn export_dungeon(
    d: &crate::dungeon::Dungeon,
    format: Format,
    ppc: Option<u32>,
    look: Option<(Option<dungeon::MapView>, dungeon::PrintStyle)>,
) -> Result<Exported, ExportError> {
    let (view, style) = look.unwrap_or_default();
    let look = |default| dungeon::Look {
        view: view.unwrap_or(default),
        style,
    };
    let ppc = ppc.unwrap_or(dungeon::DEFAULT_PIXELS_PER_CELL);
    dungeon::check_pixels_per_cell(ppc)?;
    if matches!(format, Format::Png | Format::Vtt) {
        check_pixel_budget(d.width(), d.height(), ppc)?;
    }
    let text = |s: String| Exported {
        bytes: s.into_bytes(),
        pixels: None,
    };
    match format {
        Format::Svg => Ok(text(dungeon::svg_look(d, ppc, look(dungeon::MapView::Gm))?)),
        Format::Vtt => Ok(text(dungeon::vtt_look(
            d,
            ppc,
            look(dungeon::MapView::Players),
        )?)),
        Format::Key => Ok(text(dungeon::room_key(d))),
        Format::Png => dungeon_png(d, ppc, look(dungeon::MapView::Gm)),
        Format::Text | Format::Code | Format::Pdf => Err(ExportError::NotForMap {
            format,
            kind: "dungeon",
        }),
    }
}

#[cfg(feature = "png")]
fn dungeon_png(
    d: &crate::dungeon::Dungeon,
    ppc: u32,
    look: dungeon::Look,
) -> Result<Exported, ExportError> {
    let bytes = dungeon::png_look(d, ppc, look)?;
    let side = |cells: usize| u32::try_from(cells).unwrap_or(u32::MAX).saturating_mul(ppc);
    Ok(Exported {
        bytes,
        pixels: Some((side(d.width()), side(d.height()))),
    })
}

#[cfg(not(feature = "png"))]
fn dungeon_png(
    _d: &crate::dungeon::Dungeon,
    _ppc: u32,
    _look: dungeon::Look,
) -> Result<Exported, ExportError> {
    Err(ExportError::NoPng)
}

/// The solution of a puzzle exported as png or svg, which goes to a
/// second file (a pdf holds it on its second page: `None`); `None` for
/// any other map.
pub fn puzzle_solution(map: &LevelMap, format: Format) -> Result<Option<Exported>, ExportError> {
    match (map, format) {
        (LevelMap::Puzzle(p), Format::Png | Format::Svg) => {
            export_puzzle(p, format, puzzle::Side::Solution).map(Some)
        }
        _ => Ok(None),
    }
}

/// One side of a puzzle as a png or svg page, or the two-page pdf.
fn export_puzzle(
    p: &crate::puzzle::Puzzle,
    format: Format,
    side: puzzle::Side,
) -> Result<Exported, ExportError> {
    match format {
        Format::Svg => Ok(Exported {
            bytes: puzzle::page_svg(p, side)?.into_bytes(),
            pixels: None,
        }),
        Format::Png => svg_png(&puzzle::page_svg(p, side)?),
        Format::Pdf => puzzle_pdf(p),
        _ => Err(ExportError::NotForMap {
            format,
            kind: "puzzle",
        }),
    }
}

#[cfg(feature = "pdf")]
fn puzzle_pdf(p: &crate::puzzle::Puzzle) -> Result<Exported, ExportError> {
    let pages = [
        puzzle::page_svg(p, puzzle::Side::Puzzle)?,
        puzzle::page_svg(p, puzzle::Side::Solution)?,
    ];
    let title = format!("X/O puzzle {} x {}, seed {}", p.width, p.height, p.seed);
    Ok(Exported {
        bytes: pdf::pdf(&pages, &title)?,
        pixels: None,
    })
}

#[cfg(not(feature = "pdf"))]
fn puzzle_pdf(_p: &crate::puzzle::Puzzle) -> Result<Exported, ExportError> {
    Err(ExportError::NoPdf)
}

#[cfg(feature = "png")]
fn svg_png(svg: &str) -> Result<Exported, ExportError> {
    let (bytes, w, h) = png::render(svg, png::LONG_SIDE)?;
    Ok(Exported {
        bytes,
        pixels: Some((w, h)),
    })
}

#[cfg(not(feature = "png"))]
fn svg_png(_svg: &str) -> Result<Exported, ExportError> {
    Err(ExportError::NoPng)
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

/// The share code of a hex board's map: a Catan board's harbours go into
/// it (`H`, `G`) when it has them (see [`code`]).
pub fn share_code(map: &LevelMap) -> Result<String, ExportError> {
    match map {
        LevelMap::Catan(b) => Ok(code::encode_catan(b)?),
        _ => {
            let b = HexBoard::from_map(map)?;
            Ok(code::encode(b.game, &b.tiles)?)
        }
    }
}

/// The map in a share code, as a level map (a Catan board with the
/// code's harbours, if it holds them).
pub fn map_of_code(code: &str) -> Result<LevelMap, BoardError> {
    let shared = code::decode_board(code)?;
    Ok(match shared.game {
        BoardGame::TerraMystica => LevelMap::TerraMystica(TerraMysticaBoard::try_from_tiles(
            crate::boards::terra_mystica::grid_for_len(shared.tiles.len()),
            &shared.tiles,
        )?),
        BoardGame::Catan => LevelMap::Catan(shared.catan()?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::{CatanBoard, standard_codes};

    #[test]
    fn formats_parse_and_say_what_is_allowed() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>(), Ok(f));
        }
        let e = "jpg".parse::<Format>().unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown format 'jpg'; allowed: png, svg, text, code, vtt, key, pdf"
        );
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
    fn formats_fit_their_maps() {
        let tm = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
        for f in [Format::Vtt, Format::Key] {
            let e = export(&tm, f).unwrap_err().to_string();
            assert!(e.contains("dungeons as png, svg, vtt or key"), "{e}");
        }
        assert_eq!(
            export_with(&tm, Format::Svg, Some(70)),
            Err(ExportError::NoCells {
                kind: "terra-mystica"
            })
        );
        let mut p = crate::dungeon::DungeonParams::for_size(crate::dungeon::Size::Small);
        p.proposals = 1;
        let d = LevelMap::Dungeon(crate::dungeon::generate_proposal(&p, 1, 0).unwrap());
        for f in [Format::Text, Format::Code] {
            let e = export(&d, f).unwrap_err().to_string();
            assert!(e.contains("does not fit a dungeon map"), "{e}");
        }
        let e = export_with(&d, Format::Key, Some(5))
            .unwrap_err()
            .to_string();
        assert_eq!(e, "5 pixels per cell is out of range; allowed: 8 to 200");
        let key = export(&d, Format::Key).unwrap();
        assert!(String::from_utf8(key.bytes).unwrap().contains("# ROOM A"));
    }

    #[test]
    fn puzzles_export_as_pages_and_refuse_the_rest() {
        let p = LevelMap::Puzzle(
            crate::puzzle::generate(6, 6, crate::puzzle::Difficulty::Easy, 1).unwrap(),
        );
        for f in Format::ALL {
            let done = export(&p, f);
            if Format::PUZZLE.contains(&f) {
                assert!(!done.unwrap().bytes.is_empty(), "{f}");
            } else {
                let e = done.unwrap_err().to_string();
                assert!(e.contains("puzzles as png, svg or pdf"), "{f}: {e}");
            }
        }
        let png = export(&p, Format::Png).unwrap();
        assert_eq!(png.pixels, Some((2480, 3508)));
        assert!(puzzle_solution(&p, Format::Png).unwrap().is_some());
        assert!(puzzle_solution(&p, Format::Pdf).unwrap().is_none());
        let pdf = export(&p, Format::Pdf).unwrap().bytes;
        assert_eq!(pdf::page_count(&pdf), 2);
        assert_eq!(
            export_with(&p, Format::Png, Some(70)),
            Err(ExportError::NoCells { kind: "puzzle" })
        );
        let tm = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
        assert!(export(&tm, Format::Pdf).is_err());
    }
}
