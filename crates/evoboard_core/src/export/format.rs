//! The export formats ([`Format`]) and what can go wrong ([`ExportError`]).

use super::{MAX_IMAGE_PIXELS, dungeon};
use crate::boards::BoardError;
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
    /// A PDF document: a puzzle page and its solution page (A4), or a
    /// dungeon's printed page (map, room key, wandering monsters) or
    /// players' handout.
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
    pub const DUNGEON: [Format; 5] = [
        Format::Png,
        Format::Svg,
        Format::Vtt,
        Format::Key,
        Format::Pdf,
    ];

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

    /// The format a file name's extension says: `.png`, `.svg`, `.pdf`,
    /// `.dd2vtt` (vtt), `.key.md` or `.md` (key), `.code.txt` (code),
    /// `.txt` (text); `None` for any other name.
    ///
    /// ```
    /// use evoboard_core::export::Format;
    /// use std::path::Path;
    /// assert_eq!(Format::from_extension(Path::new("cave.DD2VTT")), Some(Format::Vtt));
    /// assert_eq!(Format::from_extension(Path::new("b.code.txt")), Some(Format::Code));
    /// assert_eq!(Format::from_extension(Path::new("b.txt")), Some(Format::Text));
    /// assert_eq!(Format::from_extension(Path::new("b.jpg")), None);
    /// ```
    pub fn from_extension(path: &std::path::Path) -> Option<Format> {
        let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
        let ends = |e: &str| name.len() > e.len() && name.ends_with(e);
        [
            (".code.txt", Format::Code),
            (".key.md", Format::Key),
            (".png", Format::Png),
            (".svg", Format::Svg),
            (".pdf", Format::Pdf),
            (".dd2vtt", Format::Vtt),
            (".md", Format::Key),
            (".txt", Format::Text),
        ]
        .into_iter()
        .find(|(e, _)| ends(e))
        .map(|(_, f)| f)
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
    /// `--paper` or `--pages` asked for something other than a dungeon's
    /// pdf.
    NoPaper {
        /// What was asked for (`a dungeon's png`, `a puzzle's pdf`).
        what: String,
    },
    /// A page count a dungeon's pdf cannot have (1 or 2; the players'
    /// handout is one page).
    Pages {
        /// The number given.
        given: u8,
        /// Whether the players' handout was asked for.
        players: bool,
    },
    /// The room key does not fit the pages asked for, even in the
    /// smallest text ([`dungeon::paper::MIN_TEXT`] points).
    KeyDoesNotFit {
        /// The pages asked for.
        pages: u8,
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
            ExportError::NoPaper { what } => write!(
                f,
                "--paper and --pages apply to a dungeon's pdf only (export LEVEL --format pdf), \
                 not to {what}"
            ),
            ExportError::Pages { given, players } if *players && *given != 1 => f.write_str(
                "the players' handout is one page (title, hook and map); --pages 2 is for the \
                 game master's key",
            ),
            ExportError::Pages { given, .. } => {
                write!(f, "{given} pages is not allowed; allowed: 1, 2")
            }
            ExportError::KeyDoesNotFit { pages: 1 } => write!(
                f,
                "the room key does not fit on one page, even in {} pt text with a smaller map; \
                 use --pages 2 (the map on the first page, the key after it)",
                dungeon::paper::MIN_TEXT
            ),
            ExportError::KeyDoesNotFit { pages } => write!(
                f,
                "the room key does not fit on {pages} pages, even in {} pt text; export it on \
                 its own with --format key",
                dungeon::paper::MIN_TEXT
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
