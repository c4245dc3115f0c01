//! `evoboard puzzle generate … --seeds A..B`: one puzzle per seed and a
//! summary of the shares (after stripping and final), the trail searches
//! and the time per puzzle.

use super::{PuzzleGenerateArgs, generate_one};
use crate::cli::common::{CliError, CliResult, print_report};
use crate::puzzle::report::{SeedsAsked, SeedsReport, SeedsTally};
use crate::puzzle::{Settings, Technique};
use std::time::Instant;

/// Most seeds one summary runs (`--count` and `--seeds`).
pub const MAX_SEEDS: u64 = 100_000;

/// `A..B` or `A..=B` (both mean A to B, B included), A ≤ B, at most
/// [`MAX_SEEDS`] seeds.
pub fn parse_seeds(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("expected seeds as A..B (A to B, both included, A <= B), got {s:?}");
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let b = b.strip_prefix('=').unwrap_or(b);
    let a: u64 = a.trim().parse().map_err(|_| bad())?;
    let b: u64 = b.trim().parse().map_err(|_| bad())?;
    if a > b {
        return Err(bad());
    }
    if b - a >= MAX_SEEDS {
        return Err(format!(
            "seeds {a}..{b} are {} seeds; at most {MAX_SEEDS} are allowed (as --count)",
            u128::from(b - a) + 1
        ));
    }
    Ok((a, b))
}

/// Run the seeds and print the summary.
pub fn run(a: &PuzzleGenerateArgs, (first, last): (u64, u64)) -> CliResult {
    let difficulty = a.difficulty()?;
    let rules = a.rule_set()?;
    let grade_asked = a.grade_asked()?;
    let (width, height) = a.dims();
    let mut tally = SeedsTally::new();
    for seed in first..=last {
        let start = Instant::now();
        let g = match generate_one(a, seed) {
            Ok(g) => g,
            // A seed whose attempts all missed the grade counts as a miss.
            Err(_) if grade_asked.is_some() => {
                tally.miss(start.elapsed().as_secs_f64() * 1000.0);
                continue;
            }
            Err(e) => return Err(e),
        };
        tally.add(&g, start.elapsed().as_secs_f64() * 1000.0)?;
    }
    let asked = SeedsAsked {
        settings: Settings {
            width,
            height,
            difficulty,
            level: a.level,
            rules,
            grade: grade_asked,
            seed: first,
        },
        last_seed: last,
        prefer_trails: a.prefer_trails,
        trail_nodes: a.trail_nodes,
    };
    let Some(r) = SeedsReport::new(&tally, &asked) else {
        return Err(CliError(format!(
            "no puzzle of the asked grade for any of seeds {first}..{last}"
        )));
    };
    if a.json {
        return print_report(&r);
    }
    let n = r.puzzles;
    let tried = n as u64 + r.not_reached;
    println!(
        "{} × {} level {} ({} rules){}{}, seeds {first}..{last} ({n} puzzles){}",
        width,
        height,
        difficulty.name(),
        rules.name(),
        a.level.map_or(String::new(), |l| format!(" level {l}")),
        grade_asked.map_or(String::new(), |g| format!(" grade {g}")),
        if a.prefer_trails {
            ", preferring trails"
        } else {
            ""
        },
    );
    let (stripped, trail) = (&r.stripped_empty_share, &r.trail);
    println!(
        "empty after stripping {:.1} % (mean; min {:.1}, max {:.1}); final empty {:.1} % \
         (target {:.0} %), given {:.1} %, blocked {:.1} %",
        stripped.mean * 100.0,
        stripped.min * 100.0,
        stripped.max.max(0.0) * 100.0,
        r.empty_share.mean * 100.0,
        r.target_empty_share * 100.0,
        r.given_share * 100.0,
        r.blocked_share * 100.0,
    );
    if let Some(t) = trail {
        println!(
            "trail found {} times (mean depth {:.1}), fell back {} times; search nodes mean {:.0}",
            t.found,
            t.depth.map_or(0.0, |d| d.mean),
            t.fallbacks,
            t.nodes.mean,
        );
    }
    let (levels, time) = (&r.levels, &r.elapsed_ms);
    println!(
        "levels 1/2/3/beyond: {}/{}/{}/{}; time per puzzle median {:.2} ms, \
         mean {:.2} ms, max {:.2} ms",
        levels.level_1,
        levels.level_2,
        levels.level_3,
        levels.beyond,
        time.median,
        time.mean,
        time.max
    );
    let grades: Vec<String> = (1..=crate::puzzle::MAX_GRADE)
        .map(|g| r.grades[&g.to_string()].to_string())
        .chain([r.grades["beyond"].to_string()])
        .collect();
    println!(
        "grades 1/2/3/4/beyond (measured): {}{}; generation {:.3} ms per puzzle",
        grades.join("/"),
        r.grade_hits.map_or(String::new(), |h| format!(
            ", {h}/{tried} at the asked grade"
        )),
        r.ms_per_puzzle
    );
    let medians: Vec<String> = Technique::ALL
        .iter()
        .filter_map(|t| {
            let m = &r.steps_median[t.name()];
            (m.puzzles > 0)
                .then(|| format!("{} {} (in {} puzzles)", t.name(), m.when_used, m.puzzles))
        })
        .collect();
    println!("median steps (cells) where used: {}", medians.join(", "));
    if r.not_reached > 0 {
        println!("{} seed(s) found no puzzle of the grade", r.not_reached);
    }
    Ok::<(), CliError>(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_parse() {
        assert_eq!(parse_seeds("1..200"), Ok((1, 200)));
        assert_eq!(parse_seeds("3..=3"), Ok((3, 3)));
        for bad in ["5..2", "1-200", "a..b", "..4"] {
            let e = parse_seeds(bad).unwrap_err();
            assert!(e.contains("A..B"), "{e}");
        }
        assert_eq!(parse_seeds("5..100004"), Ok((5, 100_004)));
        for big in ["5..100005", "0..18446744073709551615"] {
            let e = parse_seeds(big).unwrap_err();
            assert!(e.contains("at most 100000"), "{e}");
        }
    }
}
