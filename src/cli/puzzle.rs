//! `evoboard puzzle generate|solve|book` (see `../shared/spec/cli.md`,
//! section Puzzles).

use super::common::{CliError, CliResult, level_out, print_report, write_atomic};
use crate::level::{Level, LevelMap};
use crate::puzzle::report::{GenerateAsked, GenerateReport, SolveReport, TreeReport};
use crate::puzzle::{
    Board, Difficulty, GenOptions, GradeOptions, MAX_GRADE, Puzzle, PuzzleError, RuleSet,
    TRAIL_NODES, TREE_NODES, count_solutions, generate_grade_with, generate_level_with,
    generate_with, most_neighbours, parse_size, tree_census,
};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::time::Instant;

mod summary;

/// `evoboard puzzle …`: X/O logic puzzles.
#[derive(Args, Debug)]
pub struct PuzzleArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: PuzzleSubcommand,
}

/// The puzzle sub-commands.
#[derive(Subcommand, Debug)]
pub enum PuzzleSubcommand {
    /// Generate a puzzle with exactly one solution.
    Generate(PuzzleGenerateArgs),
    /// Count the solutions of a puzzle (up to a limit) and show one.
    Solve(PuzzleSolveArgs),
    /// A printable PDF booklet: several puzzles of one grade to an A4
    /// page, solutions at the back.
    Book(super::puzzle_book::PuzzleBookArgs),
}

/// `evoboard puzzle generate [--size WxH|N | --width W --height H]
/// [--grade 1..4 [--symmetric] | --difficulty easy|hard [--level 1|2|3]] [--seed N |
/// --seeds A..B | --count N] [--prefer-trails [--trail-nodes N]] [--out
/// FILE.level.ron] [--force] [--json]`. With no flags: a 10 × 10
/// no-three puzzle of grade 2, seed 1.
#[derive(Args, Debug)]
pub struct PuzzleGenerateArgs {
    /// Size, `WxH` or `N` for a square (4..=20 a side; default 10x10).
    #[arg(long, value_parser = parse_size, conflicts_with_all = ["width", "height"])]
    pub size: Option<(usize, usize)>,
    /// Width in cells (4..=20; default 10, or `--size`).
    #[arg(long)]
    pub width: Option<usize>,
    /// Height in cells (4..=20; default 10, or `--size`).
    #[arg(long)]
    pub height: Option<usize>,
    /// The published level: easy (4 % blocked, 40 % empty) or hard (11 %
    /// blocked, 30 % empty). Given without `--grade` (no-three rules),
    /// the published generator makes the puzzle; with a grade it only
    /// sets the blocked cells of a no-three board (default easy). Printed
    /// as "level easy|hard".
    #[arg(long, value_parser = parse_difficulty)]
    pub difficulty: Option<Difficulty>,
    /// Rule set: no-three (no three in a row in any direction incl.
    /// diagonals; default) or takuzu (rows and columns only, equal X and O
    /// counts per line; even sizes).
    #[arg(long, default_value = "no-three")]
    pub rules: String,
    /// Takuzu: no two equal rows and no two equal columns.
    #[arg(long)]
    pub unique_lines: bool,
    /// The difficulty: a technique grade (1..=4): 1 pairs; 2 gaps,
    /// counting and unique lines; 3 look-ahead; 4 deep look-ahead (no
    /// grade needs guessing). Default 2, unless `--difficulty`, `--level`
    /// or `--prefer-trails` asks for the published no-three generator.
    #[arg(long, value_parser = parse_grade, conflicts_with_all = ["level", "prefer_trails"])]
    pub grade: Option<u8>,
    /// Generate N puzzles (seeds SEED..SEED+N-1) in one process and print
    /// the summary, as `--seeds`.
    #[arg(long, value_parser = super::bounds::u64_in(1, summary::MAX_SEEDS), conflicts_with_all = ["seeds", "out"])]
    pub count: Option<u64>,
    /// The published generator at this deduction level (1, 2 or 3):
    /// solvable with it, not with a lower one (no-three rules).
    #[arg(long, value_parser = parse_level)]
    pub level: Option<u8>,
    /// Seed (same seed, same puzzle).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Generate one puzzle per seed A..B (both included; at most 100000
    /// seeds, as `--count`) and print a summary (shares, trail searches, time per puzzle) instead.
    #[arg(long, value_parser = summary::parse_seeds, conflicts_with_all = ["seed", "out"])]
    pub seeds: Option<(u64, u64)>,
    /// Pick the solution below a shallowest trail of the raw board's
    /// solution tree and strip the trail's cells last (more empty cells
    /// after stripping); falls back to the published random solution when
    /// the trail search runs out of nodes.
    #[arg(long)]
    pub prefer_trails: bool,
    /// Node budget of the trail search (1..=100000000).
    #[arg(long, default_value_t = TRAIL_NODES, requires = "prefer_trails", value_parser = super::bounds::u64_in(1, 100_000_000))]
    pub trail_nodes: u64,
    /// Save the puzzle as a level, `FILE.level.ron` (`.level.ron` replaces
    /// a plain `.ron` or is added).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite `--out` if it exists.
    #[arg(long)]
    pub force: bool,
    /// Givens and blocked cells symmetric under 180° rotation, as in
    /// printed puzzle books (graded puzzles only: not with the published
    /// generator's `--difficulty` alone, `--level` or `--prefer-trails`).
    #[arg(long)]
    pub symmetric: bool,
    /// Print one JSON object instead of the human summary.
    #[arg(long)]
    pub json: bool,
}

/// `evoboard puzzle solve FILE [--limit K] [--json]`.
#[derive(Args, Debug)]
pub struct PuzzleSolveArgs {
    /// A puzzle saved by `generate --out` (`.level.ron`, or an older plain
    /// `.ron`) or a plain text board.
    pub file: PathBuf,
    /// Stop counting at this many solutions (at least 1).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Node budget of the solution-tree census reported beside the count
    /// (0..=100000000; 0: no census).
    #[arg(long, default_value_t = TREE_NODES, value_parser = super::bounds::u64_in(0, 100_000_000))]
    pub tree_nodes: u64,
    /// Rule set for a plain text board (no-three or takuzu); a saved
    /// puzzle carries its own, which this replaces when given.
    #[arg(long)]
    pub rules: Option<String>,
    /// Takuzu: no two equal rows or columns (with `--rules takuzu`).
    #[arg(long, requires = "rules")]
    pub unique_lines: bool,
    /// Accepted for symmetry with the other sub-commands; solving is
    /// deterministic.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print one JSON object instead of the human summary.
    #[arg(long)]
    pub json: bool,
}

fn parse_difficulty(s: &str) -> Result<Difficulty, PuzzleError> {
    s.parse()
}

/// `1`..=`MAX_GRADE` (one digit).
pub(super) fn parse_grade(s: &str) -> Result<u8, PuzzleError> {
    match (s.len(), s.parse::<u8>()) {
        (1, Ok(g)) if (1..=MAX_GRADE).contains(&g) => Ok(g),
        _ => Err(PuzzleError::UnknownGrade {
            text: s.chars().take(40).collect(),
        }),
    }
}

impl PuzzleGenerateArgs {
    /// The rule set the flags ask for.
    pub fn rule_set(&self) -> Result<RuleSet, PuzzleError> {
        RuleSet::from_flags(&self.rules, self.unique_lines)
    }

    /// The grade asked for: `--grade`; else 2, unless the published
    /// no-three generator is asked for (`--difficulty`, `--level` or
    /// `--prefer-trails` under the no-three rules).
    pub fn grade_asked(&self) -> Result<Option<u8>, PuzzleError> {
        let published = self.difficulty.is_some() || self.level.is_some() || self.prefer_trails;
        Ok(match self.grade {
            Some(g) => Some(g),
            None if self.rule_set()?.is_takuzu() || !published => Some(DEFAULT_GRADE),
            None => None,
        })
    }

    /// The published level: `--difficulty`, else easy.
    pub fn difficulty(&self) -> Result<Difficulty, CliError> {
        Ok(self.difficulty.unwrap_or(Difficulty::Easy))
    }

    /// Width and height: `--size`, `--width` / `--height`, else 10.
    pub fn dims(&self) -> (usize, usize) {
        match self.size {
            Some(wh) => wh,
            None => (
                self.width.unwrap_or(DEFAULT_SIDE),
                self.height.unwrap_or(DEFAULT_SIDE),
            ),
        }
    }
}

/// The grade of `puzzle generate` without `--grade`.
pub const DEFAULT_GRADE: u8 = 2;
/// The side of `puzzle generate` without a size.
pub const DEFAULT_SIDE: usize = 10;

impl PuzzleGenerateArgs {}

/// `1`, `2` or `3` (exactly one digit).
fn parse_level(s: &str) -> Result<u8, PuzzleError> {
    match (s.len(), s.parse::<u8>()) {
        (1, Ok(level @ 1..=3)) => Ok(level),
        _ => Err(PuzzleError::UnknownLevel {
            text: s.to_string(),
        }),
    }
}

impl From<PuzzleError> for CliError {
    fn from(e: PuzzleError) -> Self {
        CliError(e.to_string())
    }
}

/// Run `evoboard puzzle …`.
pub fn run(args: PuzzleArgs) -> CliResult {
    match args.command {
        PuzzleSubcommand::Generate(a) => run_generate(a),
        PuzzleSubcommand::Solve(a) => run_solve(a),
        PuzzleSubcommand::Book(a) => super::puzzle_book::run(a),
    }
}

/// "grade 3", or "beyond grade 4 (needs guessing)".
fn grade_text(grade: Option<u8>) -> String {
    grade.map_or(format!("beyond grade {MAX_GRADE} (needs guessing)"), |g| {
        format!("grade {g}")
    })
}

/// The generator settings the flags ask for.
fn gen_options(a: &PuzzleGenerateArgs) -> GenOptions {
    GenOptions {
        prefer_trails: a.prefer_trails,
        trail_nodes: a.trail_nodes,
    }
}

/// One puzzle for `seed` as the flags ask.
fn generate_one(a: &PuzzleGenerateArgs, seed: u64) -> Result<crate::puzzle::Generated, CliError> {
    let opts = gen_options(a);
    let (width, height) = a.dims();
    let rules = a.rule_set()?;
    let difficulty = a.difficulty()?;
    if rules.is_takuzu() && a.difficulty.is_some() {
        return Err(CliError(
            "--difficulty sets the no-three boards' share of blocked cells; a takuzu board \
             has none, so leave it out (the grade, --grade 1..4, sets how hard it is)"
                .into(),
        ));
    }
    if let Some(g) = a.grade_asked()? {
        if a.level.is_some() || a.prefer_trails {
            return Err(CliError(
                "--level and --prefer-trails belong to the no-three published generator; \
                 with --grade or --rules takuzu leave them out"
                    .into(),
            ));
        }
        let opts = GradeOptions {
            symmetric: a.symmetric,
        };
        return Ok(generate_grade_with(
            width, height, rules, difficulty, g, seed, opts,
        )?);
    }
    if a.symmetric {
        return Err(CliError(
            "--symmetric lays out graded puzzles; the published generator \
             (--difficulty without --grade, --level, --prefer-trails) has no such layout"
                .into(),
        ));
    }
    Ok(match a.level {
        Some(l) => generate_level_with(width, height, difficulty, l, seed, opts),
        None => generate_with(width, height, difficulty, seed, opts),
    }?)
}

fn run_generate(a: PuzzleGenerateArgs) -> CliResult {
    if let Some(seeds) = a.seeds {
        return summary::run(&a, seeds);
    }
    if let Some(n) = a.count {
        let last = a.seed.checked_add(n - 1).ok_or_else(|| {
            CliError(format!(
                "--seed {} + --count {n} exceeds the largest seed {}; \
                 choose a smaller seed or count",
                a.seed,
                u64::MAX
            ))
        })?;
        return summary::run(&a, (a.seed, last));
    }
    let start = Instant::now();
    let generated = generate_one(&a, a.seed)?;
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    let p = &generated.puzzle;
    let asked = GenerateAsked {
        seed: a.seed,
        prefer_trails: a.prefer_trails,
        symmetric: a.symmetric,
        trail_nodes: a.trail_nodes,
    };
    let report = GenerateReport::new(&generated, &asked, elapsed_ms)?;
    let (grade, techniques) = (report.grade, &report.techniques);
    let out_path = level_out(a.out.as_deref(), a.force)?;
    if let Some(out) = &out_path {
        let level = Level::puzzle(&Level::name_for(out), p);
        write_atomic(out, level.to_ron().as_bytes(), a.force)?;
    }
    if a.json {
        return print_report(&report);
    }
    // One difficulty word: the grade. The published generator's easy /
    // hard is printed as its level.
    let published = a.grade_asked()?.is_none();
    println!(
        "{} × {} puzzle, {} ({}); {} rules, seed {}{}",
        p.width,
        p.height,
        grade_text(grade),
        techniques.join(", "),
        p.rules.name(),
        a.seed,
        if published {
            format!("; level {}", p.difficulty.name())
        } else {
            String::new()
        },
    );
    println!("{}", p.cells.join("\n"));
    println!(
        "empty {:.1} % (after stripping {:.1} %), given {:.1} %, blocked {:.1} %; {:.1} ms",
        p.empty_share * 100.0,
        generated.stripped_empty_share * 100.0,
        p.given_share * 100.0,
        p.blocked_share * 100.0,
        elapsed_ms
    );
    if a.prefer_trails {
        match generated.trail_depth {
            Some(d) => println!(
                "solution below a trail at depth {d} ({} search nodes)",
                generated.trail_nodes
            ),
            None => println!(
                "no trail within {} nodes: solution picked the published way",
                a.trail_nodes
            ),
        }
    }
    if let Some(out) = &out_path {
        println!("saved {}", out.display());
    }
    Ok(())
}

/// Read a board from a RON puzzle or a plain text board.
pub fn load_board(path: &Path) -> Result<Board, CliError> {
    let text = crate::files::read_text(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    let looks_ron = path.extension().is_some_and(|e| e == "ron")
        || text.trim_start().starts_with('(')
        || text.contains("cells");
    if !looks_ron {
        return Board::parse(&text).map_err(|e| CliError(format!("{}: {e}", path.display())));
    }
    let (cells, rules) = match Level::from_ron(&text) {
        Ok(Level {
            map: LevelMap::Puzzle(p),
            ..
        }) => (p.cells, p.rules),
        Ok(level) => {
            return Err(CliError(format!(
                "{}: a {} level holds no puzzle; expected a puzzle level, a file \
                 written by `evoboard puzzle generate --out` or a plain text board",
                path.display(),
                level.map.game()
            )));
        }
        // A level (it starts `Level(`) is read as a level only: an unknown
        // version or a misspelt field is its error, with no fallback.
        Err(level_error) if text.trim_start().starts_with("Level(") => {
            return Err(CliError(format!("{}: {level_error}", path.display())));
        }
        // Otherwise exactly a bare puzzle (`Puzzle(cells: [...], ...)`).
        Err(level_error) => match Puzzle::from_ron(&text) {
            Ok(p) => {
                p.validate()
                    .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
                (p.cells, p.rules)
            }
            Err(e) => {
                return Err(CliError(format!(
                    "{}: not a puzzle (RON error: {e}; as a level: {level_error}); \
                     expected a file written by `evoboard puzzle generate --out` or a \
                     plain text board",
                    path.display()
                )));
            }
        },
    };
    Board::from_strings(&cells)
        .map(|b| b.with_rules(rules))
        .map_err(|e| CliError(format!("{}: cells: {e}", path.display())))
}

fn run_solve(a: PuzzleSolveArgs) -> CliResult {
    let mut board = load_board(&a.file)?;
    if let Some(r) = &a.rules {
        board.set_rules(RuleSet::from_flags(r, a.unique_lines)?);
    }
    let start = Instant::now();
    let s = count_solutions(&board, a.limit);
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    // The solution tree's census, timed on its own (the count above is
    // the faster path and stays the answer).
    let tree = (a.tree_nodes > 0).then(|| {
        let start = Instant::now();
        let census = tree_census(&board, &most_neighbours, a.tree_nodes);
        TreeReport {
            census,
            budget: a.tree_nodes,
            elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
        }
    });
    let report = SolveReport::new(&board, &s, elapsed_ms, tree);
    if a.json {
        return print_report(&report);
    }
    let (technique, techniques) = (report.grade, &report.techniques);
    let count = if s.count >= a.limit && a.limit > 1 {
        format!("at least {}", s.count)
    } else if s.count >= a.limit {
        format!("{} (the limit; there may be more)", s.count)
    } else {
        s.count.to_string()
    };
    println!(
        "{} × {} board: {count} solution(s){}",
        board.width(),
        board.height(),
        if s.count == 1 {
            format!(
                ", unique; {} ({}); {} rules",
                grade_text(technique),
                techniques.join(", "),
                board.rules().name()
            )
        } else {
            String::new()
        }
    );
    match &s.solution {
        Some(b) => println!("{b}"),
        None => println!("no solution"),
    }
    if let Some(TreeReport {
        census: t,
        elapsed_ms: ms,
        ..
    }) = tree
    {
        println!(
            "solution tree{}: {} road, {} trail, {} treasure{} nodes; {ms:.2} ms",
            if t.complete {
                ""
            } else {
                " (cut by the node budget)"
            },
            t.road,
            t.trail,
            t.treasure,
            if t.complete {
                String::new()
            } else {
                format!(", {} open", t.open)
            },
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests;
