//! Export a map the way tables and tools use it. A hex board: a
//! print-ready `png`, an `svg` with one shape per hex, a `text` form and
//! the share `code` ([`crate::boards::code`]). A dungeon ([`dungeon`]): a
//! `png` and an `svg` at a number of pixels per cell, a Universal VTT file
//! (`vtt`), a Markdown room key (`key`) and a printed page (`pdf`: the
//! map, room key and wandering monsters for the game master, or the
//! players' handout; [`dungeon::page`]). Engine-free: the CLI's
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
//! use evoboard_core::boards::terra_mystica::TerraMysticaBoard;
//! use evoboard_core::export::{Format, export};
//! use evoboard_core::map::LevelMap;
//! let map = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
//! let svg = export(&map, Format::Svg).unwrap();
//! let text = String::from_utf8(svg.bytes).unwrap();
//! assert_eq!(text.matches("<polygon").count(), 113);
//! assert!(text.contains(r#"data-terrain="lake""#));
//! ```

pub mod book;
pub mod dungeon;
mod format;
#[cfg(feature = "pdf")]
pub mod pdf;
#[cfg(feature = "png")]
pub mod png;
pub mod puzzle;
pub mod report;
pub mod svg;
pub mod text;

use crate::boards::terra_mystica::TerraMysticaBoard;
use crate::boards::{BoardError, BoardGame, code};
use crate::map::LevelMap;
pub use format::{ExportError, Format};

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
        let options = DungeonOptions {
            pixels_per_cell,
            ..DungeonOptions::default()
        };
        return export_dungeon(d, format, options);
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
/// game master's for png, svg and pdf, the players' for vtt) and which
/// colours. Other maps refuse a view or print style
/// ([`ExportError::NoView`]).
pub fn export_with_look(
    map: &LevelMap,
    format: Format,
    pixels_per_cell: Option<u32>,
    view: Option<dungeon::MapView>,
    style: dungeon::PrintStyle,
) -> Result<Exported, ExportError> {
    let options = DungeonOptions {
        pixels_per_cell,
        view,
        style,
        ..DungeonOptions::default()
    };
    export_map(map, format, options)
}

/// How a dungeon is exported: pixels per cell (png, svg, vtt), whose map
/// and which colours, and for the pdf its paper and pages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DungeonOptions {
    /// Pixels per cell (default [`dungeon::DEFAULT_PIXELS_PER_CELL`]).
    pub pixels_per_cell: Option<u32>,
    /// Whose map (`None`: the game master's for png, svg and pdf, the
    /// players' for vtt).
    pub view: Option<dungeon::MapView>,
    /// Colour or ink.
    pub style: dungeon::PrintStyle,
    /// The pdf's paper (default A4).
    pub paper: Option<dungeon::Paper>,
    /// The pdf's pages, 1 or 2 (default 1).
    pub pages: Option<u8>,
}

impl DungeonOptions {
    /// Whose map a dungeon in `format` shows: the asked view, else the
    /// players' for vtt and the game master's for the rest.
    ///
    /// ```
    /// use evoboard_core::export::{DungeonOptions, Format};
    /// use evoboard_core::export::dungeon::MapView;
    /// let o = DungeonOptions::default();
    /// assert_eq!(o.view_for(Format::Vtt), MapView::Players);
    /// assert_eq!(o.view_for(Format::Png), MapView::Gm);
    /// ```
    pub fn view_for(&self, format: Format) -> dungeon::MapView {
        let default = if format == Format::Vtt {
            dungeon::MapView::Players
        } else {
            dungeon::MapView::Gm
        };
        self.view.unwrap_or(default)
    }

    /// Pixels per cell: the asked number, else
    /// [`dungeon::DEFAULT_PIXELS_PER_CELL`].
    pub fn pixels_per_cell(&self) -> u32 {
        self.pixels_per_cell
            .unwrap_or(dungeon::DEFAULT_PIXELS_PER_CELL)
    }
}

/// Export a level's map in `format` with the dungeon options: a view,
/// print style, paper or pages asked of a map they do not apply to is
/// refused ([`ExportError::NoView`], [`ExportError::NoPaper`]).
pub fn export_map(
    map: &LevelMap,
    format: Format,
    options: DungeonOptions,
) -> Result<Exported, ExportError> {
    let paper_asked = options.paper.is_some() || options.pages.is_some();
    match map {
        LevelMap::Dungeon(d) => {
            if paper_asked && format != Format::Pdf {
                return Err(ExportError::NoPaper {
                    what: format!("a dungeon's {format}"),
                });
            }
            export_dungeon(d, format, options)
        }
        _ if options.view.is_some() || options.style != dungeon::PrintStyle::Colour => {
            Err(ExportError::NoView { kind: map.game() })
        }
        _ if paper_asked => Err(ExportError::NoPaper {
            what: format!("a {} {format}", map.game()),
        }),
        _ => export_with(map, format, options.pixels_per_cell),
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
/// use evoboard_core::export::{ExportError, check_pixel_budget};
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
    options: DungeonOptions,
) -> Result<Exported, ExportError> {
    let look = dungeon::Look {
        view: options.view_for(format),
        style: options.style,
    };
    let ppc = options.pixels_per_cell();
    dungeon::check_pixels_per_cell(ppc)?;
    if matches!(format, Format::Png | Format::Vtt) {
        check_pixel_budget(d.width(), d.height(), ppc)?;
    }
    let text = |s: String| Exported {
        bytes: s.into_bytes(),
        pixels: None,
    };
    match format {
        Format::Svg => Ok(text(dungeon::svg_look(d, ppc, look)?)),
        Format::Vtt => Ok(text(dungeon::vtt_look(d, ppc, look)?)),
        Format::Key => Ok(text(dungeon::room_key(d))),
        Format::Png => dungeon_png(d, ppc, look),
        Format::Pdf => {
            let setup = dungeon::PageSetup {
                paper: options.paper.unwrap_or_default(),
                pages: options.pages.unwrap_or(1),
                look,
            };
            dungeon_pdf(d, setup)
        }
        Format::Text | Format::Code => Err(ExportError::NotForMap {
            format,
            kind: "dungeon",
        }),
    }
}

#[cfg(feature = "pdf")]
fn dungeon_pdf(
    d: &crate::dungeon::Dungeon,
    setup: dungeon::PageSetup,
) -> Result<Exported, ExportError> {
    let pages = dungeon::dungeon_pages(d, setup)?;
    Ok(Exported {
        bytes: pdf::pdf(&pages, &dungeon::page::title(d))?,
        pixels: None,
    })
}

#[cfg(not(feature = "pdf"))]
fn dungeon_pdf(
    _d: &crate::dungeon::Dungeon,
    _setup: dungeon::PageSetup,
) -> Result<Exported, ExportError> {
    Err(ExportError::NoPdf)
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
        bytes: png::with_dpi(bytes, png::DPI),
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
mod tests;
