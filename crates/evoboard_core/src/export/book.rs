//! The pages of a puzzle book: A4 pages with several puzzles each (how
//! many depends on the size, [`per_page`]), a caption under each (number,
//! grade, seed), then the solutions at the back, more to a page. Pages are
//! SVG documents in points; [`super::pdf::pdf`] binds them.

use super::ExportError;
use super::puzzle::{self as page, PAGE, Place, boards, fit_cell, grade_label, text};
use crate::puzzle::Puzzle;
use std::fmt::Write;

/// Page margin in points (12 mm).
const MARGIN: f64 = 34.0;
/// Height of the page header (title and rule).
const HEADER: f64 = 46.0;
/// Height of the page footer (page number).
const FOOTER: f64 = 20.0;
/// Height kept under each grid for its caption.
const CAPTION: f64 = 20.0;
/// Largest cell side in points on a book page (1 cm).
const MAX_CELL: f64 = 28.35;

/// One puzzle of a book: its number (1-based) and grade as printed.
#[derive(Clone, Debug, PartialEq)]
pub struct BookEntry {
    /// The number printed under the puzzle and its solution.
    pub number: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its grade ([`super::puzzle::puzzle_grade`]).
    pub grade: Option<u8>,
}

/// Columns and rows of puzzles on a puzzle page for a `w × h` puzzle: 6
/// a page up to 10 cells a side, 4 up to 14, else 2. Solution pages hold
/// one more column and one more row.
///
/// ```
/// use evoboard_core::export::book::per_page;
/// assert_eq!(per_page(10, 10), (2, 3));
/// assert_eq!(per_page(14, 12), (2, 2));
/// assert_eq!(per_page(20, 20), (1, 2));
/// ```
pub fn per_page(w: usize, h: usize) -> (usize, usize) {
    match w.max(h) {
        0..=10 => (2, 3),
        11..=14 => (2, 2),
        _ => (1, 2),
    }
}

/// How many pages a book of `count` puzzles of `w × h` has: puzzle pages,
/// then solution pages.
///
/// ```
/// use evoboard_core::export::book::page_count;
/// assert_eq!(page_count(12, 10, 10), (2, 1));
/// assert_eq!(page_count(12, 20, 20), (6, 2));
/// ```
pub fn page_count(count: usize, w: usize, h: usize) -> (usize, usize) {
    let (c, r) = per_page(w, h);
    (count.div_ceil(c * r), count.div_ceil((c + 1) * (r + 1)))
}

/// The book's pages: puzzle pages, then solution pages. `title` heads
/// every page. Every puzzle must have the first one's size.
pub fn book_pages(entries: &[BookEntry], title: &str) -> Result<Vec<String>, ExportError> {
    sectioned_pages(&[(title.to_string(), entries.to_vec())], title, None)
}

/// A book in sections (one per grade, say): an optional page of
/// instructions first (`intro`: lines of text, and the puzzle with the
/// cell of a worked first step, row and column 0-based), then each
/// section's puzzles from a new page under its own title, then every
/// solution at the back under `title`. Puzzles are numbered through the
/// book by their entries' numbers.
pub fn sectioned_pages(
    sections: &[(String, Vec<BookEntry>)],
    title: &str,
    intro: Option<(&[String], &BookEntry, (usize, usize))>,
) -> Result<Vec<String>, ExportError> {
    let entries: Vec<BookEntry> = sections.iter().flat_map(|(_, e)| e.clone()).collect();
    let Some(first) = entries.first() else {
        return Err(ExportError::Render(
            "a book needs at least one puzzle".into(),
        ));
    };
    let (w, h) = (first.puzzle.width, first.puzzle.height);
    if let Some(e) = entries
        .iter()
        .find(|e| (e.puzzle.width, e.puzzle.height) != (w, h))
    {
        return Err(ExportError::Render(format!(
            "puzzle {} is {} × {}, the book's are {w} × {h}",
            e.number, e.puzzle.width, e.puzzle.height
        )));
    }
    let (c, r) = per_page(w, h);
    let intro_pages = usize::from(intro.is_some());
    let puzzle_pages: usize = intro_pages
        + sections
            .iter()
            .map(|(_, e)| e.len().div_ceil(c * r))
            .sum::<usize>();
    let solution_pages = entries.len().div_ceil((c + 1) * (r + 1));
    let total = puzzle_pages + solution_pages;
    let mut pages = Vec::with_capacity(total);
    if let Some((lines, worked, at)) = intro {
        pages.push(instructions(lines, worked, at, title, total)?);
    }
    for (head, list) in sections {
        for chunk in list.chunks(c * r) {
            let n = pages.len() + 1;
            pages.push(sheet(chunk, (c, r), false, head, (n, total))?);
        }
    }
    for (i, chunk) in entries.chunks((c + 1) * (r + 1)).enumerate() {
        let n = puzzle_pages + i + 1;
        pages.push(sheet(chunk, (c + 1, r + 1), true, title, (n, total))?);
    }
    Ok(pages)
}

/// The page of instructions: `title`, the rule, `lines` of text (one
/// line each; the caller words them), and the puzzle of the worked first
/// step with that cell outlined.
fn instructions(
    lines: &[String],
    worked: &BookEntry,
    (wr, wc): (usize, usize),
    title: &str,
    total: usize,
) -> Result<String, ExportError> {
    let (pw, ph) = PAGE;
    let ink = "#1a1a1a";
    let mut out = String::new();
    page::page_open(&mut out);
    text(&mut out, MARGIN, MARGIN + 14.0, 16.0, "start", ink, title);
    let mut y = MARGIN + 40.0;
    for line in page::rule_text(worked.puzzle.rules) {
        text(&mut out, MARGIN, y, 10.0, "start", ink, line);
        y += 13.0;
    }
    y += 8.0;
    for line in lines {
        text(&mut out, MARGIN, y, 9.0, "start", "#333333", line);
        y += 12.0;
    }
    let (cells, _) = boards(&worked.puzzle)?;
    let (w, h) = (cells.width(), cells.height());
    let room = ph - MARGIN - FOOTER - y - 10.0;
    let cell = fit_cell(w, h, (pw - 2.0 * MARGIN) * 0.6, room).min(MAX_CELL * 0.8);
    let gw = cell * (w as f64 + 1.0);
    let at = Place {
        x: (pw - gw) / 2.0 + cell,
        y: y + 10.0 + cell,
        cell,
    };
    page::grid(&mut out, &cells, &cells, at);
    let _ = write!(
        out,
        r##"<rect class="worked" x="{:.2}" y="{:.2}" width="{cell:.2}" height="{cell:.2}" fill="none" stroke="#c0392b" stroke-width="2.5"/>"##,
        at.x + cell * wc as f64,
        at.y + cell * wr as f64
    );
    let footer = format!("page 1 of {total}");
    text(
        &mut out,
        pw / 2.0,
        ph - MARGIN + 4.0,
        9.0,
        "middle",
        "#555555",
        &footer,
    );
    let _ = write!(out, "</svg>");
    out.push('\n');
    Ok(out)
}

/// One page: `entries` in a `cols × rows` layout, puzzles or solutions.
fn sheet(
    entries: &[BookEntry],
    (cols, rows): (usize, usize),
    solutions: bool,
    title: &str,
    (n, total): (usize, usize),
) -> Result<String, ExportError> {
    let (pw, ph) = PAGE;
    let ink = "#1a1a1a";
    let mut out = String::new();
    page::page_open(&mut out);
    let head = if solutions {
        format!("{title}: solutions")
    } else {
        title.to_string()
    };
    text(&mut out, MARGIN, MARGIN + 14.0, 16.0, "start", ink, &head);
    if !solutions {
        let rules = entries
            .first()
            .map_or(Default::default(), |e| e.puzzle.rules);
        // Two lines, as on the single puzzle's page: the Takuzu rule
        // does not fit the width on one.
        for (i, line) in page::rule_text(rules).iter().enumerate() {
            let y = MARGIN + 28.0 + 10.0 * i as f64;
            text(&mut out, MARGIN, y, 8.0, "start", "#444444", line);
        }
    }
    let footer = format!("page {n} of {total}");
    text(
        &mut out,
        pw / 2.0,
        ph - MARGIN + 4.0,
        9.0,
        "middle",
        "#555555",
        &footer,
    );
    let top = MARGIN + HEADER;
    let (bw, bh) = (
        (pw - 2.0 * MARGIN) / cols as f64,
        (ph - 2.0 * MARGIN - HEADER - FOOTER) / rows as f64,
    );
    for (k, e) in entries.iter().enumerate() {
        let (col, row) = (k % cols, k / cols);
        let p = &e.puzzle;
        let (cells, solution) = boards(p)?;
        let (w, h) = (cells.width(), cells.height());
        let cell = fit_cell(w, h, bw - 14.0, bh - CAPTION - 10.0).min(MAX_CELL);
        let (gw, gh) = (cell * (w as f64 + 1.0), cell * (h as f64 + 1.0));
        let (x0, y0) = (MARGIN + col as f64 * bw, top + row as f64 * bh);
        let at = Place {
            // Centre the grid and its labels, a little right of centre so
            // the grid itself sits in the middle of the slot.
            x: x0 + (bw - gw) / 2.0 + cell,
            y: y0 + (bh - CAPTION - gh) / 2.0 + cell,
            cell,
        };
        let shown = if solutions { &solution } else { &cells };
        page::grid(&mut out, shown, &cells, at);
        let caption = if solutions {
            format!("No. {}", e.number)
        } else {
            format!(
                "No. {} · {} · seed {}",
                e.number,
                grade_label(e.grade),
                p.seed
            )
        };
        let cx = at.x + cell * w as f64 / 2.0;
        let cy = at.y + cell * h as f64 + 15.0;
        let size = if solutions { 8.5 } else { 10.0 };
        text(&mut out, cx, cy, size, "middle", ink, &caption);
    }
    let _ = write!(out, "</svg>");
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Difficulty, generate};

    #[test]
    fn puzzles_then_solutions_with_captions() {
        let entries: Vec<BookEntry> = (0..7)
            .map(|i| BookEntry {
                number: i + 1,
                puzzle: generate(8, 8, Difficulty::Easy, 100 + i as u64).unwrap(),
                grade: Some(2),
            })
            .collect();
        let pages = book_pages(&entries, "Test").unwrap();
        assert_eq!(pages.len(), 3);
        assert_eq!(pages[0].matches(r#"class="grid""#).count(), 6);
        assert_eq!(pages[1].matches(r#"class="grid""#).count(), 1);
        assert_eq!(pages[2].matches(r#"class="grid""#).count(), 7);
        assert!(pages[1].contains("No. 7 · grade 2 · seed 106"));
        assert!(pages[2].contains("Test: solutions") && pages[2].contains("page 3 of 3"));
        assert!(!pages[0].contains(r#"data-given="false""#));
        assert!(pages[2].contains(r#"data-given="false""#));
        let mut mixed = entries.clone();
        mixed[3].puzzle = generate(6, 6, Difficulty::Easy, 1).unwrap();
        let e = book_pages(&mixed, "T").unwrap_err().to_string();
        assert!(e.contains("puzzle 4 is 6 × 6"), "{e}");
        assert!(book_pages(&[], "T").is_err());
    }
}
