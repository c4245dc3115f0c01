//! `evoboard puzzle book --count N --grade G | --grades 1,2,3,4 --size
//! WxH --seed S --out book.pdf`: a printable booklet of X/O puzzles,
//! several to an A4 page, solutions at the back (see
//! [`crate::export::book`]). Every puzzle has one solution (checked again
//! here), no two are the same or share a solution up to shift, rotation
//! and reflection, and each is printed with its number, grade and seed.
//! With `--grades` the book rises through the grades, one section each,
//! after a page of instructions with a worked first step.

use super::common::{CliError, CliResult, check_out, print_report, write_atomic};
use crate::export::book::{self, BookEntry};
use crate::export::{pdf, puzzle::puzzle_grade};
use crate::puzzle::report::{BookPuzzleReport, BookReport};
use crate::puzzle::{
    Board, Difficulty, GradeOptions, MAX_GRADE, Puzzle, PuzzleError, RuleSet, Technique,
    count_solutions, generate_grade_with, next_deduction, parse_size, same_solution,
};
use clap::Args;
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

/// Seeds tried per puzzle asked for before the book gives up (duplicates
/// are skipped and the next seed is tried).
const SEEDS_PER_PUZZLE: u64 = 4;

/// `evoboard puzzle book --count N --grade G [--size WxH] [--difficulty
/// easy|hard] [--symmetric] [--seed S] --out FILE.pdf [--force] [--json]`.
#[derive(Args, Debug)]
pub struct PuzzleBookArgs {
    /// How many puzzles (1..=500); with `--grades`, in each section.
    #[arg(long, default_value_t = 12, value_parser = super::bounds::usize_in(1, 500))]
    pub count: usize,
    /// The grade every puzzle has: the hardest technique it needs (1
    /// pairs; 2 gaps and counting; 3 look-ahead; 4 deep look-ahead), as
    /// `puzzle generate --grade` (default 2).
    #[arg(long, value_parser = super::puzzle::parse_grade, conflicts_with = "grades")]
    pub grade: Option<u8>,
    /// A book that rises through these grades, one section each (e.g.
    /// `1,2,3,4`), after a page of instructions with a worked first step.
    #[arg(long, value_delimiter = ',', value_parser = super::puzzle::parse_grade)]
    pub grades: Vec<u8>,
    /// Rule set: no-three (default) or takuzu (even sizes), as `puzzle
    /// generate --rules`.
    #[arg(long, default_value = "no-three")]
    pub rules: String,
    /// Takuzu: no two equal rows and no two equal columns.
    #[arg(long)]
    pub unique_lines: bool,
    /// Puzzle size, `WxH` or `N` for a square (4..=20 a side).
    #[arg(long, default_value = "10x10", value_parser = parse_size)]
    pub size: (usize, usize),
    /// easy (4 % blocked, 40 % empty) or hard (11 % blocked, 30 % empty).
    #[arg(long, default_value = "easy", value_parser = parse_difficulty)]
    pub difficulty: Difficulty,
    /// First seed: puzzles are generated from S, S+1, … (a seed whose
    /// puzzle repeats an earlier one is skipped); each puzzle's seed is
    /// printed under it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Givens and blocked cells symmetric under 180° rotation, as in
    /// printed puzzle books.
    #[arg(long)]
    pub symmetric: bool,
    /// The PDF to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Overwrite `--out` if it exists.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object: `out`, `bytes`, `pages`, `puzzle_pages`,
    /// `solution_pages`, `elapsed_ms` and `puzzles` (`number`, `seed`,
    /// `grade`, `givens` and the puzzle's rows `cells` each).
    #[arg(long)]
    pub json: bool,
}

fn parse_difficulty(s: &str) -> Result<Difficulty, PuzzleError> {
    s.parse()
}

/// One puzzle of grade `grade` for the book. The one place the book asks
/// the generator for a grade.
pub fn book_puzzle(
    (width, height): (usize, usize),
    rules: RuleSet,
    difficulty: Difficulty,
    grade: u8,
    seed: u64,
    opts: GradeOptions,
) -> Result<Puzzle, PuzzleError> {
    generate_grade_with(width, height, rules, difficulty, grade, seed, opts).map(|g| g.puzzle)
}

/// The grades of the book's sections: `--grades`, else `--grade` (2).
pub fn book_grades(a: &PuzzleBookArgs) -> Vec<u8> {
    if a.grades.is_empty() {
        vec![a.grade.unwrap_or(2)]
    } else {
        a.grades.clone()
    }
}

/// `count` puzzles of `grade` from seeds `seed`, `seed + 1`, …, skipping
/// a puzzle whose cells are in `seen` or whose solution is one of
/// `solutions` up to shift, rotation and reflection (both grow).
fn book_section(
    a: &PuzzleBookArgs,
    grade: u8,
    seen: &mut HashSet<Vec<String>>,
    solutions: &mut Vec<Board>,
) -> Result<Vec<Puzzle>, CliError> {
    let rules =
        RuleSet::from_flags(&a.rules, a.unique_lines).map_err(|e| CliError(e.to_string()))?;
    rules
        .check_generation_size(a.size.0, a.size.1)
        .map_err(|e| CliError(e.to_string()))?;
    let opts = GradeOptions {
        symmetric: a.symmetric,
    };
    let mut puzzles = Vec::with_capacity(a.count);
    let limit = a.seed.saturating_add(a.count as u64 * SEEDS_PER_PUZZLE);
    let mut next = a.seed;
    while puzzles.len() < a.count {
        if next >= limit {
            return Err(CliError(format!(
                "only {} different grade-{} puzzles from seeds {}..{}; try another \
                 seed, size or grade",
                puzzles.len(),
                grade,
                a.seed,
                limit - 1
            )));
        }
        let batch = ((a.count - puzzles.len()) as u64).min(limit - next);
        let made: Vec<Result<Puzzle, PuzzleError>> = (next..next + batch)
            .into_par_iter()
            .map(|s| book_puzzle(a.size, rules, a.difficulty, grade, s, opts))
            .collect();
        next += batch;
        for p in made {
            // A seed with no puzzle of the grade is skipped like a repeat.
            let p = match p {
                Err(PuzzleError::GradeNotReached { .. }) => continue,
                p => p?,
            };
            let cells = p.cells_board().map_err(|e| CliError(e.to_string()))?;
            if count_solutions(&cells, 2).count != 1 {
                return Err(CliError(format!(
                    "the puzzle of seed {} has more than one solution",
                    p.seed
                )));
            }
            let solution = p.solution_board().map_err(|e| CliError(e.to_string()))?;
            if puzzles.len() < a.count
                && !solutions.iter().any(|s| same_solution(s, &solution))
                && seen.insert(p.cells.clone())
            {
                solutions.push(solution);
                puzzles.push(p);
            }
        }
    }
    Ok(puzzles)
}

/// The page of instructions of a book in sections: the techniques by
/// grade, one line each, and the first step of `first` worked out (its
/// cell, for the outline on the page).
fn instructions(rules: RuleSet, first: &BookEntry) -> (Vec<String>, (usize, usize)) {
    let mut lines = vec![
        "Rows are numbered down the left, columns across the top. Every puzzle has".to_string(),
        "exactly one solution and needs no guessing: the techniques below reach it.".to_string(),
        "The sections rise through the grades; a puzzle of grade k needs a technique".to_string(),
        "of grade k and none above.".to_string(),
        String::new(),
    ];
    for t in Technique::ALL {
        let fits = match t {
            Technique::Counting => rules.is_takuzu(),
            Technique::UniqueLines => rules.unique_lines(),
            _ => true,
        };
        if fits {
            let line = format!("Grade {} · {}: {}.", t.grade(), t.name(), t.describe());
            lines.extend(wrap(&line, 100));
        }
    }
    lines.push(String::new());
    let mut at = (0, 0);
    if let Ok(cells) = first.puzzle.cells_board()
        && let Some(d) = next_deduction(&cells, MAX_GRADE)
    {
        at = (d.row, d.col);
        let head = format!(
            "A worked first step (No. {}, the outlined cell; {}, grade {}):",
            first.number,
            d.technique.name(),
            d.technique.grade()
        );
        lines.push(head);
        lines.extend(wrap(&d.reason, 95));
    }
    (lines, at)
}

/// `text` in lines of at most `width` characters, broken at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// Run `evoboard puzzle book`.
pub fn run(a: PuzzleBookArgs) -> CliResult {
    check_out(&a.out, a.force, &[])?;
    let started = Instant::now();
    let grades = book_grades(&a);
    let rules =
        RuleSet::from_flags(&a.rules, a.unique_lines).map_err(|e| CliError(e.to_string()))?;
    let (w, h) = a.size;
    let kind = if rules.is_takuzu() {
        "Takuzu puzzles"
    } else {
        "X/O puzzles"
    };
    let (mut seen, mut solutions) = (HashSet::new(), Vec::new());
    let mut sections = Vec::with_capacity(grades.len());
    let mut number = 0;
    for &g in &grades {
        let list = book_section(&a, g, &mut seen, &mut solutions)?
            .into_iter()
            .map(|p| {
                number += 1;
                Ok(BookEntry {
                    number,
                    grade: puzzle_grade(&p)?,
                    puzzle: p,
                })
            })
            .collect::<Result<Vec<_>, crate::export::ExportError>>()
            .map_err(|e| CliError(e.to_string()))?;
        sections.push((format!("{kind} · grade {g} · {w} × {h}"), list));
    }
    let grades_text = grades
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let title = if grades.len() == 1 {
        sections[0].0.clone()
    } else {
        format!("{kind} · grades {grades_text} · {w} × {h}")
    };
    let intro = (grades.len() > 1).then(|| instructions(rules, &sections[0].1[0]));
    let pages = book::sectioned_pages(
        &sections,
        &title,
        intro
            .as_ref()
            .map(|(lines, at)| (lines.as_slice(), &sections[0].1[0], *at)),
    )
    .map_err(|e| CliError(e.to_string()))?;
    let entries: Vec<BookEntry> = sections.into_iter().flat_map(|(_, e)| e).collect();
    let doc_title = format!(
        "X/O puzzles: {} of grade {grades_text}, {w} x {h}, seeds from {}",
        entries.len(),
        a.seed
    );
    let bytes = pdf::pdf(&pages, &doc_title).map_err(|e| CliError(e.to_string()))?;
    write_atomic(&a.out, &bytes, a.force)?;
    let (c, r) = book::per_page(w, h);
    let solution_pages = entries.len().div_ceil((c + 1) * (r + 1));
    let puzzle_pages = pages.len() - solution_pages;
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    if a.json {
        return print_report(&BookReport {
            out: a.out.display().to_string(),
            bytes: bytes.len(),
            pages: pages.len(),
            puzzle_pages,
            solution_pages,
            elapsed_ms,
            puzzles: entries
                .iter()
                .map(|e| BookPuzzleReport::new(e.number, &e.puzzle, e.grade))
                .collect(),
        });
    }
    println!(
        "wrote {} ({} bytes): {} grade-{} puzzles of {w} × {h} on {puzzle_pages} pages, \
         solutions on {solution_pages}; {elapsed_ms:.0} ms",
        a.out.display(),
        bytes.len(),
        entries.len(),
        grades_text
    );
    Ok(())
}
