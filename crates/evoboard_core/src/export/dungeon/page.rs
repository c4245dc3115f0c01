//! The printed dungeon (issue 40): SVG pages in points that
//! [`crate::export::pdf::pdf`] binds into a PDF.
//!
//! The game master's page: the title and the hook to read aloud (from
//! [`crate::dungeon::Adventure`]; "Dungeon, seed N" and no hook in older
//! levels), "For N characters of level L" when the level says, the map
//! cropped to the dungeon with column letters and row numbers (the cells
//! the key names), a scale bar and a legend under it, then the room key
//! ([`key_text`](super::key::key_text), the Markdown key's facts) in three columns: where the
//! party enters and the main path, the traps, the secret doors, one entry
//! per room (its letter in a disc as on the map, what it is, the
//! description, then the GM's facts: enemies and their challenge,
//! treasure and its value, the locked and secret doors with their cells;
//! for a room without a description its size, light and every exit) and
//! the wandering-monster table when there is one.
//!
//! One page (`--pages 1`, the default; `one`): the map at the top right,
//! only as wide as its cells need, the key's columns beside it from the
//! top and under it; the largest map and text (8 pt down to 7 pt, the
//! smallest this layout calls readable) that fit.
//! When even that does not fit, [`ExportError::KeyDoesNotFit`] says to
//! ask for two pages. Two pages (`--pages 2`): the map as large as the
//! first page allows, the key on the second page (8.5 pt, down to
//! 7.5 pt); a longer key starts under the map on the first page (the map
//! smaller if need be, the text down to 7 pt).
//!
//! The players' handout (`--view players`): title, hook and the players'
//! map ([`players_copy`](super::look::players_copy): nothing behind a secret door, no traps, locks,
//! keys, monsters, treasure or coordinates) as large as the page allows,
//! with its legend (doors, rooms) and scale bar. Always one page.
//!
//! The font is the embedded DejaVu Sans Bold (the PDF writer draws each
//! glyph's outline), measured here with its own advance widths to break
//! lines. Every colour is a grey except the map's in the colour style.

mod entries;
mod flow;
mod layout;
mod map;
mod measure;
mod one;
#[cfg(test)]
mod tests;

use super::look::MapView;
use super::paper::{MAX_PAGES, PageSetup};
use crate::dungeon::Dungeon;
use crate::export::ExportError;
use measure::Measure;

/// Page margin in points (about 10.6 mm).
const MARGIN: f64 = 30.0;
/// Space between the key's columns.
const GUTTER: f64 = 12.0;
/// The key's columns.
const COLUMNS: usize = 3;
/// Text ink.
const INK: &str = "#000000";
/// Quieter text: the party line, the footer.
const QUIET: &str = "#444444";
/// The hook's box.
const HOOK_BOX: &str = "#eeeeee";
/// Cells of rock kept round the printed map.
const MAP_MARGIN: usize = 1;
/// The smallest side of a room's disc on paper, in points (letters
/// about 6.5 pt).
const MIN_MARK: f64 = 10.0;

/// The dungeon's title on paper: the adventure's, else "Dungeon, seed N".
///
/// ```
/// use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
/// use evoboard_core::export::dungeon::page::title;
/// let mut d = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
/// d.adventure.title.clear();
/// assert_eq!(title(&d), format!("Dungeon, seed {}", d.seed));
/// d.adventure.title = "The Sunken Vault".into();
/// assert_eq!(title(&d), "The Sunken Vault");
/// ```
pub fn title(d: &Dungeon) -> String {
    let t = d.adventure.title.trim();
    if t.is_empty() {
        format!("Dungeon, seed {}", d.seed)
    } else {
        t.to_string()
    }
}

/// "For 4 characters of level 3" (or "For characters of level 3" when
/// the size is not known); `None` when the level gives no party level.
pub fn party_line(d: &Dungeon) -> Option<String> {
    let a = &d.adventure;
    (a.party_level > 0).then(|| match a.party_size {
        0 => format!("For characters of level {}", a.party_level),
        1 => format!("For 1 character of level {}", a.party_level),
        n => format!("For {n} characters of level {}", a.party_level),
    })
}

/// The pages of the printed dungeon (see the module notes): one or two
/// SVG documents the size of the paper, in points.
pub fn dungeon_pages(d: &Dungeon, setup: PageSetup) -> Result<Vec<String>, ExportError> {
    if !(1..=MAX_PAGES).contains(&setup.pages)
        || (setup.look.view == MapView::Players && setup.pages != 1)
    {
        return Err(ExportError::Pages {
            given: setup.pages,
            players: setup.look.view == MapView::Players,
        });
    }
    let fonts = Measure::new()?;
    let book = Book {
        d,
        setup,
        fonts: &fonts,
        title: title(d),
    };
    match (setup.look.view, setup.pages) {
        (MapView::Players, _) => Ok(vec![book.handout()]),
        (MapView::Gm, 1) => book.one_page(),
        (MapView::Gm, _) => book.two_pages(),
    }
}

/// What the pages are made from.
struct Book<'a> {
    d: &'a Dungeon,
    setup: PageSetup,
    fonts: &'a Measure,
    title: String,
}
