//! `evoboard puzzle book --count N --grade G --size WxH --seed S --out
//! book.pdf`: a printable booklet of X/O puzzles, several to an A4 page,
//! solutions at the back (see [`crate::export::book`]). Every puzzle has
//! one solution (checked again here), no two are the same, and each is
//! printed with its number, grade and seed.

use super::common::{CliError, CliResult, check_out, print_json, write_atomic};
use crate::export::book::{self, BookEntry};
use crate::export::{pdf, puzzle::puzzle_grade};
use crate::puzzle::{
    Difficulty, Puzzle, PuzzleError, RuleSet, count_solutions, generate_grade, parse_size,
};
use clap::Args;
use rayon::prelude::*;
use serde_json::json;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

/// Seeds tried per puzzle asked for before the book gives up (duplicates
/// are skipped and the next seed is tried).
const SEEDS_PER_PUZZLE: u64 = 4;

/// `evoboard puzzle book --count N --grade G [--size WxH] [--difficulty
/// easy|hard] [--seed S] --out FILE.pdf [--force] [--json]`.
#[derive(Args, Debug)]
pub struct PuzzleBookArgs {
    /// How many puzzles (1..=500).
    #[arg(long, default_value_t = 12, value_parser = super::bounds::usize_in(1, 500))]
    pub count: usize,
    /// The grade every puzzle has: the hardest technique it needs (1
    /// pairs, gaps and counting; 2 look-ahead; 3 deep look-ahead), as
    /// `puzzle generate --grade`.
    #[arg(long, value_parser = super::puzzle::parse_grade)]
    pub grade: u8,
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
) -> Result<Puzzle, PuzzleError> {
    generate_grade(width, height, rules, difficulty, grade, seed).map(|g| g.puzzle)
}

/// `count` different puzzles from seeds `seed`, `seed + 1`, …, in seed
/// order, each with exactly one solution.
pub fn book_puzzles(a: &PuzzleBookArgs) -> Result<Vec<Puzzle>, CliError> {
    let rules =
        RuleSet::from_flags(&a.rules, a.unique_lines).map_err(|e| CliError(e.to_string()))?;
    rules
        .check_generation_size(a.size.0, a.size.1)
        .map_err(|e| CliError(e.to_string()))?;
    let mut seen = HashSet::new();
    let mut puzzles = Vec::with_capacity(a.count);
    let limit = a.seed.saturating_add(a.count as u64 * SEEDS_PER_PUZZLE);
    let mut next = a.seed;
    while puzzles.len() < a.count {
        if next >= limit {
            return Err(CliError(format!(
                "only {} different grade-{} puzzles from seeds {}..{}; try another \
                 seed, size or grade",
                puzzles.len(),
                a.grade,
                a.seed,
                limit - 1
            )));
        }
        let batch = ((a.count - puzzles.len()) as u64).min(limit - next);
        let made: Vec<Result<Puzzle, PuzzleError>> = (next..next + batch)
            .into_par_iter()
            .map(|s| book_puzzle(a.size, rules, a.difficulty, a.grade, s))
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
            if seen.insert(p.cells.clone()) && puzzles.len() < a.count {
                puzzles.push(p);
            }
        }
    }
    Ok(puzzles)
}

/// Run `evoboard puzzle book`.
pub fn run(a: PuzzleBookArgs) -> CliResult {
    check_out(&a.out, a.force, &[])?;
    let started = Instant::now();
    let puzzles = book_puzzles(&a)?;
    let entries = puzzles
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            Ok(BookEntry {
                number: i + 1,
                grade: puzzle_grade(&p)?,
                puzzle: p,
            })
        })
        .collect::<Result<Vec<_>, crate::export::ExportError>>()
        .map_err(|e| CliError(e.to_string()))?;
    let (w, h) = a.size;
    let kind = match entries.first().map(|e| e.puzzle.rules) {
        Some(r) if r.is_takuzu() => "Takuzu puzzles",
        _ => "X/O puzzles",
    };
    let title = format!("{kind} · grade {} · {w} × {h}", a.grade);
    let pages = book::book_pages(&entries, &title).map_err(|e| CliError(e.to_string()))?;
    let doc_title = format!(
        "X/O puzzles: {} of grade {}, {w} x {h}, seeds from {}",
        entries.len(),
        a.grade,
        a.seed
    );
    let bytes = pdf::pdf(&pages, &doc_title).map_err(|e| CliError(e.to_string()))?;
    write_atomic(&a.out, &bytes, a.force)?;
    let (puzzle_pages, solution_pages) = book::page_count(entries.len(), w, h);
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    if a.json {
        let list: Vec<_> = entries
            .iter()
            .map(|e| {
                let givens = e
                    .puzzle
                    .cells
                    .iter()
                    .flat_map(|r| r.chars())
                    .filter(|c| matches!(c, 'X' | 'O'))
                    .count();
                json!({
                    "number": e.number,
                    "seed": e.puzzle.seed,
                    "grade": e.grade,
                    "givens": givens,
                    "cells": e.puzzle.cells,
                })
            })
            .collect();
        return print_json(&json!({
            "out": a.out.display().to_string(),
            "bytes": bytes.len(),
            "pages": pages.len(),
            "puzzle_pages": puzzle_pages,
            "solution_pages": solution_pages,
            "elapsed_ms": elapsed_ms,
            "puzzles": list,
        }));
    }
    println!(
        "wrote {} ({} bytes): {} grade-{} puzzles of {w} × {h} on {puzzle_pages} pages, \
         solutions on {solution_pages}; {elapsed_ms:.0} ms",
        a.out.display(),
        bytes.len(),
        entries.len(),
        a.grade
    );
    Ok(())
}
