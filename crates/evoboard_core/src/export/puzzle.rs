//! Puzzle pages for paper: an X/O puzzle as an A4 page in SVG (the PNG
//! and PDF exports render these pages), and the pages of a puzzle book.
//!
//! A grid has column numbers above it and row numbers to its left
//! (1-based, as hints name cells), blocked cells shaded grey, givens drawn
//! bold in black and, on a solution page, the filled-in symbols thin in
//! blue-grey. X is two crossed strokes and O a ring (`data-value`,
//! `data-row`, `data-col` and `data-given` on each symbol). The footer
//! names the grade ([`puzzle_grade`]), the seed and the size.

use super::ExportError;
use crate::puzzle::{Board, Puzzle, RuleSet, Square};
use std::fmt::Write;

/// A4 width and height in points (the SVG pages' units).
pub const PAGE: (f64, f64) = (595.28, 841.89);
/// Page margin in points (15 mm).
const MARGIN: f64 = 42.5;
/// Ink of givens, lines and text.
const INK: &str = "#1a1a1a";
/// Ink of solved (not given) symbols.
const SOLVED: &str = "#4a6a95";
/// Shade of blocked cells.
const BLOCKED: &str = "#9a9a9a";
/// The rule of a rule set, printed under the title (two lines).
pub fn rule_text(rules: RuleSet) -> [&'static str; 2] {
    match rules {
        RuleSet::NoThree => [
            "Fill every empty cell with X or O: never three equal in a row,",
            "across, down or diagonally. Grey cells are blocked.",
        ],
        RuleSet::Takuzu => [
            "Fill every empty cell with X or O: never three equal in a row across",
            "or down, and as many X as O in every row and every column.",
        ],
        RuleSet::TakuzuUnique => [
            "Fill every empty cell with X or O: never three equal in a row across or",
            "down, as many X as O in every line, and no two rows or columns the same.",
        ],
    }
}

/// The puzzle's name on paper: "X/O puzzle" or "Takuzu".
pub fn rule_title(rules: RuleSet) -> &'static str {
    if rules.is_takuzu() {
        "Takuzu"
    } else {
        "X/O puzzle"
    }
}

/// Which side of a puzzle a page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The puzzle: givens only.
    Puzzle,
    /// The solution: givens bold, the rest filled in.
    Solution,
}

/// The grade printed on paper: the hardest technique the puzzle needs
/// ([`crate::puzzle::technique_grade`]; `None`: beyond grade 4, it needs
/// guessing). The one place the export asks for a grade.
pub fn puzzle_grade(p: &Puzzle) -> Result<Option<u8>, ExportError> {
    Ok(crate::puzzle::technique_grade(&boards(p)?.0))
}

/// "grade 2", or "grade beyond 4" for a puzzle that needs guessing.
pub fn grade_label(grade: Option<u8>) -> String {
    grade.map_or(format!("grade beyond {}", crate::puzzle::MAX_GRADE), |g| {
        format!("grade {g}")
    })
}

/// The puzzle's cells and solution boards, checked to have one size.
pub fn boards(p: &Puzzle) -> Result<(Board, Board), ExportError> {
    let bad = |e: String| ExportError::Render(format!("the puzzle does not read: {e}"));
    let cells = p.cells_board().map_err(|e| bad(e.to_string()))?;
    let solution = p.solution_board().map_err(|e| bad(e.to_string()))?;
    if (cells.width(), cells.height()) != (solution.width(), solution.height()) {
        return Err(bad("its cells and solution differ in size".into()));
    }
    Ok((cells, solution))
}

/// Escape text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The start of an A4 page: white paper, the embedded font.
pub fn page_open(out: &mut String) {
    let (w, h) = PAGE;
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans" font-weight="bold"><rect width="{w}" height="{h}" fill="#ffffff"/>"##
    );
}

/// Text at (x, y) (`anchor`: start, middle or end).
pub fn text(out: &mut String, x: f64, y: f64, size: f64, anchor: &str, fill: &str, s: &str) {
    let _ = write!(
        out,
        r#"<text x="{x:.2}" y="{y:.2}" font-size="{size:.2}" text-anchor="{anchor}" fill="{fill}">{}</text>"#,
        esc(s)
    );
}

/// Where a grid goes: top-left corner of its first cell and cell side.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    /// Left edge of column 1, in points.
    pub x: f64,
    /// Top edge of row 1, in points.
    pub y: f64,
    /// Cell side, in points.
    pub cell: f64,
}

/// The cell side that fits a `w × h` grid with its number labels in a
/// `box_w × box_h` box (labels take one cell's width and height).
pub fn fit_cell(w: usize, h: usize, box_w: f64, box_h: f64) -> f64 {
    (box_w / (w as f64 + 1.0)).min(box_h / (h as f64 + 1.0))
}

/// Draw a grid: shading, lines, numbers and symbols. `shown` is the board
/// drawn (the puzzle or its solution), `givens` the puzzle's cells.
pub fn grid(out: &mut String, shown: &Board, givens: &Board, at: Place) {
    let Place { x, y, cell } = at;
    let (w, h) = (shown.width(), shown.height());
    let (gw, gh) = (cell * w as f64, cell * h as f64);
    let _ = write!(
        out,
        r##"<g class="grid" data-width="{w}" data-height="{h}"><rect x="{x:.2}" y="{y:.2}" width="{gw:.2}" height="{gh:.2}" fill="#ffffff"/>"##
    );
    for r in 0..h {
        for c in 0..w {
            if givens.get(r, c) == Square::Blocked {
                let (cx, cy) = (x + c as f64 * cell, y + r as f64 * cell);
                let _ = write!(
                    out,
                    r#"<rect class="blocked" x="{cx:.2}" y="{cy:.2}" width="{cell:.2}" height="{cell:.2}" fill="{BLOCKED}"/>"#
                );
            }
        }
    }
    let thin = (cell * 0.03).clamp(0.35, 0.8);
    let mut lines = String::new();
    for c in 1..w {
        let lx = x + c as f64 * cell;
        let _ = write!(lines, "M{lx:.2} {y:.2}V{:.2}", y + gh);
    }
    for r in 1..h {
        let ly = y + r as f64 * cell;
        let _ = write!(lines, "M{x:.2} {ly:.2}H{:.2}", x + gw);
    }
    let _ = write!(
        out,
        r#"<path d="{lines}" stroke="{INK}" stroke-width="{thin:.2}" fill="none"/><rect x="{x:.2}" y="{y:.2}" width="{gw:.2}" height="{gh:.2}" stroke="{INK}" stroke-width="{:.2}" fill="none"/>"#,
        thin * 3.0
    );
    let label = (cell * 0.42).min(12.0);
    for c in 0..w {
        let lx = x + (c as f64 + 0.5) * cell;
        text(
            out,
            lx,
            y - cell * 0.25,
            label,
            "middle",
            "#555555",
            &(c + 1).to_string(),
        );
    }
    for r in 0..h {
        let ly = y + (r as f64 + 0.5) * cell + label * 0.36;
        text(
            out,
            x - cell * 0.25,
            ly,
            label,
            "end",
            "#555555",
            &(r + 1).to_string(),
        );
    }
    for r in 0..h {
        for c in 0..w {
            let s = shown.get(r, c);
            if s.is_symbol() {
                symbol(out, s, givens.get(r, c).is_symbol(), r, c, at);
            }
        }
    }
    out.push_str("</g>");
}

/// An X (two strokes) or an O (a ring) in cell (r, c); givens bold.
fn symbol(out: &mut String, s: Square, given: bool, r: usize, c: usize, at: Place) {
    let cell = at.cell;
    let (cx, cy) = (
        at.x + (c as f64 + 0.5) * cell,
        at.y + (r as f64 + 0.5) * cell,
    );
    let (ink, width) = if given {
        (INK, cell * 0.12)
    } else {
        (SOLVED, cell * 0.06)
    };
    let attrs = format!(
        r#"data-value="{}" data-row="{}" data-col="{}" data-given="{given}" stroke="{ink}" stroke-width="{width:.2}" fill="none""#,
        s.to_char(),
        r + 1,
        c + 1
    );
    if s == Square::X {
        let d = cell * 0.25;
        let _ = write!(
            out,
            r#"<path class="symbol" {attrs} stroke-linecap="round" d="M{:.2} {:.2}L{:.2} {:.2}M{:.2} {:.2}L{:.2} {:.2}"/>"#,
            cx - d,
            cy - d,
            cx + d,
            cy + d,
            cx + d,
            cy - d,
            cx - d,
            cy + d
        );
    } else {
        let _ = write!(
            out,
            r#"<circle class="symbol" {attrs} cx="{cx:.2}" cy="{cy:.2}" r="{:.2}"/>"#,
            cell * 0.28
        );
    }
}

/// A single puzzle on an A4 page: a title, the rule, the grid as large as
/// fits and a footer with the grade, seed, size and difficulty. `Side::
/// Solution` draws the solution (the footer says so).
pub fn page_svg(p: &Puzzle, side: Side) -> Result<String, ExportError> {
    let (cells, solution) = boards(p)?;
    let grade = puzzle_grade(p)?;
    // The boards' size (the saved `width` and `height` are only labels).
    let (w, h) = (cells.width(), cells.height());
    let (pw, ph) = PAGE;
    let mut out = String::new();
    page_open(&mut out);
    let title = match side {
        Side::Puzzle => format!("{}, {} × {}", rule_title(p.rules), w, h),
        Side::Solution => format!("Solution: {}, {} × {}", rule_title(p.rules), w, h),
    };
    text(&mut out, MARGIN, MARGIN + 18.0, 22.0, "start", INK, &title);
    for (i, line) in rule_text(p.rules).iter().enumerate() {
        let y = MARGIN + 42.0 + 14.0 * i as f64;
        text(&mut out, MARGIN, y, 10.5, "start", "#444444", line);
    }
    // The grid's box: below the header, above the footer.
    let (top, bottom) = (MARGIN + 80.0, ph - MARGIN - 40.0);
    let (bw, bh) = (pw - 2.0 * MARGIN, bottom - top);
    let cell = fit_cell(w, h, bw, bh).min(44.0);
    let (gw, gh) = (cell * (w as f64 + 1.0), cell * (h as f64 + 1.0));
    let at = Place {
        x: MARGIN + (bw - gw) / 2.0 + cell,
        y: top + (bh - gh) / 2.0 + cell,
        cell,
    };
    let shown = if side == Side::Puzzle {
        &cells
    } else {
        &solution
    };
    grid(&mut out, shown, &cells, at);
    let footer = format!(
        "{} · seed {} · {} × {} {} · {} givens",
        grade_label(grade),
        p.seed,
        w,
        h,
        p.difficulty.name(),
        cells.len() - cells.count(Square::Empty) - cells.count(Square::Blocked)
    );
    let _ = write!(
        out,
        r#"<path d="M{MARGIN} {:.2}H{:.2}" stroke="{INK}" stroke-width="0.6"/>"#,
        ph - MARGIN - 18.0,
        pw - MARGIN
    );
    text(&mut out, MARGIN, ph - MARGIN, 10.0, "start", INK, &footer);
    let right = if side == Side::Puzzle {
        "evoboard"
    } else {
        "solution"
    };
    text(
        &mut out,
        pw - MARGIN,
        ph - MARGIN,
        10.0,
        "end",
        "#555555",
        right,
    );
    out.push_str("</svg>\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Difficulty, generate};

    #[test]
    fn puzzle_page_has_numbers_givens_and_no_solution() {
        let p = generate(8, 6, Difficulty::Hard, 3).unwrap();
        let (cells, solution) = boards(&p).unwrap();
        let page = page_svg(&p, Side::Puzzle).unwrap();
        let givens = cells.count(Square::X) + cells.count(Square::O);
        assert_eq!(page.matches(r#"class="symbol""#).count(), givens);
        assert_eq!(page.matches(r#"data-given="false""#).count(), 0);
        assert_eq!(
            page.matches(r#"class="blocked""#).count(),
            cells.count(Square::Blocked)
        );
        assert!(page.contains(">8</text>") && page.contains(">6</text>"));
        assert!(page.contains(&format!("seed {}", p.seed)), "{page}");
        let sol = page_svg(&p, Side::Solution).unwrap();
        let filled = solution.count(Square::X) + solution.count(Square::O);
        assert_eq!(sol.matches(r#"class="symbol""#).count(), filled);
        assert_eq!(
            sol.matches(r#"data-given="false""#).count(),
            filled - givens
        );
    }
}
