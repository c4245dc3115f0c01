//! `evoboard puzzle generate … --seeds A..B`: one puzzle per seed and a
//! summary of the shares (after stripping and final), the trail searches
//! and the time per puzzle.

use super::{PuzzleGenerateArgs, generate_one};
use crate::cli::common::{CliError, CliResult, print_json};
use crate::puzzle::{MAX_GRADE, PuzzleError, Technique, technique_grade, technique_steps};
use serde_json::{Value, json};
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

/// Mean, min and max of `v` (not empty).
fn stats(v: &[f64]) -> Value {
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    let min = v.iter().copied().fold(f64::INFINITY, f64::min);
    let max = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    json!({ "mean": mean, "min": min, "max": max })
}

/// Run the seeds and print the summary.
pub fn run(a: &PuzzleGenerateArgs, (first, last): (u64, u64)) -> CliResult {
    let (mut stripped, mut empty, mut given, mut blocked, mut ms) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut depths, mut nodes) = (Vec::new(), Vec::new());
    let mut levels = [0u64; 5];
    let difficulty = a.difficulty()?;
    let rules = a.rule_set()?;
    let grade_asked = a.grade_asked()?;
    // Grades measured again on every puzzle (last index: beyond).
    let mut grades = [0u64; MAX_GRADE as usize + 2];
    let beyond = MAX_GRADE as usize + 1;
    // Steps of each technique, one list per technique (every puzzle).
    let mut steps: Vec<Vec<u32>> = vec![Vec::new(); Technique::ALL.len()];
    let (width, height) = a.dims();
    let (mut gen_total, mut techniques) = (0.0, std::collections::BTreeMap::new());
    let mut not_reached = 0u64;
    for seed in first..=last {
        let start = Instant::now();
        let g = match generate_one(a, seed) {
            Ok(g) => g,
            // A seed whose attempts all missed the grade counts as a miss.
            Err(_) if grade_asked.is_some() => {
                gen_total += start.elapsed().as_secs_f64() * 1000.0;
                not_reached += 1;
                continue;
            }
            Err(e) => return Err(e),
        };
        let elapsed = start.elapsed().as_secs_f64() * 1000.0;
        gen_total += elapsed;
        ms.push(elapsed);
        let cells = g.puzzle.cells_board().map_err(PuzzleError::Cells)?;
        grades[technique_grade(&cells).map_or(beyond, usize::from)] += 1;
        for (k, n) in technique_steps(&cells).into_iter().enumerate() {
            steps[k].push(n);
            if n > 0 {
                *techniques.entry(Technique::ALL[k].name()).or_insert(0u64) += 1;
            }
        }
        stripped.push(g.stripped_empty_share);
        empty.push(g.puzzle.empty_share);
        given.push(g.puzzle.given_share);
        blocked.push(g.puzzle.blocked_share);
        levels[g.puzzle.level.map_or(4, usize::from)] += 1;
        nodes.push(g.trail_nodes as f64);
        if let Some(d) = g.trail_depth {
            depths.push(d as f64);
        }
    }
    if ms.is_empty() {
        return Err(CliError(format!(
            "no puzzle of the asked grade for any of seeds {first}..{last}"
        )));
    }
    let n = ms.len();
    let hits = grade_asked.map(|g| grades[usize::from(g)]);
    // Median steps of each technique over every puzzle, and over the
    // puzzles that use it.
    let median_u = |v: &mut Vec<u32>| {
        v.sort_unstable();
        v.get(v.len() / 2).copied().unwrap_or(0)
    };
    let mut step_medians = serde_json::Map::new();
    for (k, v) in steps.iter_mut().enumerate() {
        let mut used: Vec<u32> = v.iter().copied().filter(|&x| x > 0).collect();
        step_medians.insert(
            Technique::ALL[k].name().into(),
            json!({ "all": median_u(v), "when_used": median_u(&mut used), "puzzles": used.len() }),
        );
    }
    let grade_counts: serde_json::Map<String, Value> = (0..=MAX_GRADE as usize)
        .map(|g| (g.to_string(), json!(grades[g])))
        .chain([("beyond".to_string(), json!(grades[beyond]))])
        .collect();
    let hit_rate = hits.map(|h| h as f64 / (n as u64 + not_reached) as f64);
    let mut sorted = ms.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[n / 2];
    let mean_ms = ms.iter().sum::<f64>() / n as f64;
    let max_ms = sorted[n - 1];
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let trail = a.prefer_trails.then(|| {
        json!({
            "found": depths.len(),
            "fallbacks": n - depths.len(),
            "depth": if depths.is_empty() { Value::Null } else { stats(&depths) },
            "nodes": stats(&nodes),
            "budget": a.trail_nodes,
        })
    });
    if a.json {
        return print_json(&json!({
            "width": width,
            "height": height,
            "difficulty": difficulty.name(),
            "level": a.level,
            "rules": rules.name(),
            "grade": grade_asked,
            "grades": grade_counts,
            "grade_hits": hits,
            "hit_rate": hit_rate,
            "steps_median": step_medians,
            "not_reached": not_reached,
            "techniques": techniques,
            "ms_per_puzzle": gen_total / (n as u64 + not_reached) as f64,
            "seeds": [first, last],
            "puzzles": n,
            "prefer_trails": a.prefer_trails,
            "target_empty_share": difficulty.empty_share(),
            "stripped_empty_share": stats(&stripped),
            "empty_share": stats(&empty),
            "given_share": mean(&given),
            "blocked_share": mean(&blocked),
            "trail": trail,
            "levels": { "1": levels[1], "2": levels[2], "3": levels[3], "beyond": levels[4] },
            "elapsed_ms": { "median": median, "mean": mean_ms, "max": max_ms },
        }));
    }
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
    println!(
        "empty after stripping {:.1} % (mean; min {:.1}, max {:.1}); final empty {:.1} % \
         (target {:.0} %), given {:.1} %, blocked {:.1} %",
        mean(&stripped) * 100.0,
        stripped.iter().copied().fold(f64::INFINITY, f64::min) * 100.0,
        stripped.iter().copied().fold(0.0, f64::max) * 100.0,
        mean(&empty) * 100.0,
        difficulty.empty_share() * 100.0,
        mean(&given) * 100.0,
        mean(&blocked) * 100.0,
    );
    if a.prefer_trails {
        println!(
            "trail found {} times (mean depth {:.1}), fell back {} times; search nodes mean {:.0}",
            depths.len(),
            mean(&depths),
            n - depths.len(),
            mean(&nodes),
        );
    }
    println!(
        "levels 1/2/3/beyond: {}/{}/{}/{}; time per puzzle median {median:.2} ms, \
         mean {mean_ms:.2} ms, max {max_ms:.2} ms",
        levels[1], levels[2], levels[3], levels[4]
    );
    println!(
        "grades 1/2/3/4/beyond (measured): {}{}; generation {:.3} ms per puzzle",
        grades[1..]
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join("/"),
        hits.map_or(String::new(), |h| format!(
            ", {h}/{} at the asked grade",
            n as u64 + not_reached
        )),
        gen_total / (n as u64 + not_reached) as f64
    );
    let medians: Vec<String> = Technique::ALL
        .iter()
        .filter_map(|t| {
            let m = &step_medians[t.name()];
            (m["puzzles"].as_u64() > Some(0)).then(|| {
                format!(
                    "{} {} (in {} puzzles)",
                    t.name(),
                    m["when_used"],
                    m["puzzles"]
                )
            })
        })
        .collect();
    println!("median steps (cells) where used: {}", medians.join(", "));
    if not_reached > 0 {
        println!("{not_reached} seed(s) found no puzzle of the grade");
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
