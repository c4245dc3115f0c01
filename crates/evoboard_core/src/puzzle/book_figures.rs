//! The README's book figures (a measurement, not a check; ignored):
//! for 12-puzzle books (seeds 1..=12) of each rule set, size and grade,
//! with and without the symmetric layout, the puzzles whose solution is
//! striped (period 4 across and down outside the blocked cells'
//! neighbours), the pairs sharing a solution up to shift, rotation and
//! reflection, and the puzzles with a row or column without givens.

use super::{
    Difficulty, GradeOptions, MAX_GRADE, RuleSet, empty_lines, generate_grade_with, is_striped,
    same_solution,
};

/// `cargo test --release --no-default-features --features cli --lib
/// book_figures -- --ignored --nocapture`
#[test]
#[ignore]
fn book_figures() {
    for rules in [RuleSet::NoThree, RuleSet::Takuzu] {
        for side in [10, 14, 20] {
            for symmetric in [false, true] {
                let mut row = Vec::new();
                for g in 1..=MAX_GRADE {
                    let opts = GradeOptions { symmetric };
                    let t = std::time::Instant::now();
                    let book: Vec<_> = (1..=12u64)
                        .filter_map(|s| {
                            generate_grade_with(side, side, rules, Difficulty::Easy, g, s, opts)
                                .ok()
                                .map(|m| m.puzzle)
                        })
                        .collect();
                    let ms = t.elapsed().as_secs_f64() * 1000.0 / 12.0;
                    let sols: Vec<_> = book.iter().map(|q| q.solution_board().unwrap()).collect();
                    let striped = sols.iter().filter(|b| is_striped(b)).count();
                    let shared: usize = (0..sols.len())
                        .map(|i| {
                            (0..i)
                                .filter(|&j| same_solution(&sols[i], &sols[j]))
                                .count()
                        })
                        .sum();
                    let empty = book
                        .iter()
                        .filter(|q| {
                            let (r, c) = empty_lines(&q.cells_board().unwrap());
                            !r.is_empty() || !c.is_empty()
                        })
                        .count();
                    row.push(format!(
                        "g{g}: {} made, striped {striped}, shared {shared}, empty-line {empty}, \
                         {ms:.1} ms",
                        book.len()
                    ));
                }
                println!(
                    "{} {side}x{side} symmetric {symmetric}: {}",
                    rules.name(),
                    row.join(" | ")
                );
            }
        }
    }
}
