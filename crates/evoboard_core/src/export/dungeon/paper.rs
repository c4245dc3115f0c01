//! The printed dungeon's paper and page count (`export LEVEL --format pdf
//! --paper a4|letter --pages 1|2`), parsed here so that a build without
//! the PDF writer still reads and refuses them the same way.

use super::look::Look;
use crate::choice::NotAllowed;

/// A paper size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm (the default).
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Both sizes, in the order the CLI lists them.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// `a4` or `letter`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// Width and height in points (1/72 in), portrait.
    ///
    /// ```
    /// use evoboard_core::export::dungeon::Paper;
    /// assert_eq!(Paper::Letter.size(), (612.0, 792.0));
    /// assert_eq!(Paper::A4.size().0.round(), 595.0);
    /// ```
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// Parse `a4` or `letter` (either case; `us-letter` too); the error
    /// names both.
    pub fn parse(s: &str) -> Result<Paper, NotAllowed> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "us-letter" => Ok(Paper::Letter),
            _ => Err(NotAllowed::new("paper", s, "a4, letter")),
        }
    }
}

/// The most pages a printed dungeon has: the map and the start of the
/// key, or the map on one page and the key on the next.
pub const MAX_PAGES: u8 = 2;

/// The smallest text, in points, the printed key is set in (the layout
/// shrinks the map and the text down to this before it gives up).
pub const MIN_TEXT: f64 = 7.0;

/// Parse a page count, 1 or 2; the error names both.
pub fn parse_pages(s: &str) -> Result<u8, NotAllowed> {
    match s.trim().parse::<u8>() {
        Ok(n @ 1..=MAX_PAGES) => Ok(n),
        _ => Err(NotAllowed::new("pages", s, "1, 2")),
    }
}

/// How to print a dungeon: paper, pages and look (whose map, which
/// colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageSetup {
    /// A4 or US Letter.
    pub paper: Paper,
    /// 1: everything on one page; 2: the map on the first, the key on
    /// the second. The players' handout is always one page.
    pub pages: u8,
    /// The game master's page (map, key, wandering monsters) or the
    /// players' handout (title, hook and map; nothing behind a secret
    /// door); colour or ink.
    pub look: Look,
}

impl Default for PageSetup {
    fn default() -> PageSetup {
        PageSetup {
            paper: Paper::A4,
            pages: 1,
            look: Look::GM,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn papers_and_pages_parse_and_bad_ones_say_what_is_allowed() {
        assert_eq!(Paper::parse("A4"), Ok(Paper::A4));
        assert_eq!(Paper::parse("letter"), Ok(Paper::Letter));
        assert!(
            Paper::parse("a5")
                .unwrap_err()
                .to_string()
                .contains("allowed: a4, letter")
        );
        assert_eq!(parse_pages("2"), Ok(2));
        for bad in ["0", "3", "two", "-1"] {
            assert!(parse_pages(bad).unwrap_err().allowed == "1, 2", "{bad}");
        }
        assert_eq!(Paper::ALL.map(Paper::name), ["a4", "letter"]);
    }
}
