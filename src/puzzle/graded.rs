//! Generation by technique grade, for either rule set:
//! 1. a random solution of the empty board (no-three: cells blocked with
//!    the difficulty's probability first, then the solver with a random
//!    symbol order; Takuzu: no blocked cells, rows stacked at random,
//!    `takuzu_fill.rs`);
//! 2. the givens are visited once each in a random order, and a given is
//!    removed when the techniques up to the asked grade still fill the
//!    board (so the puzzle stays unique: every deduction is sound);
//! 3. the stripped puzzle is kept when the techniques below the grade do
//!    not fill it (it really needs the grade); otherwise a new attempt
//!    starts from a derived seed.
//!
//! A removal check looks at the removed cell only: it is removed when
//! the grade-1 techniques fill it again, or a look-ahead on the cell
//! itself (techniques below the grade inside) does; the rest of the
//! board then follows as before. No search over the whole board.

use super::bits::Bits;
use super::board::{Board, Square, check_generation_size};
use super::error::PuzzleError;
use super::generator::{Generated, shuffle};
use super::grade::grade;
use super::ruleset::RuleSet;
use super::solver::{count_bits, most_neighbours};
use super::takuzu_fill::random_takuzu;
use super::technique::{MAX_GRADE, refills, solves};
use super::{Difficulty, Puzzle};
use crate::rng::{RngExt, derive_seed, seeded};

/// Attempts [`generate_grade`] makes before giving up.
pub const GRADE_ATTEMPTS: u32 = 4000;

/// A puzzle of exactly technique grade `grade` (1..=[`MAX_GRADE`]) under
/// `rules`, reproducible from `seed`. `difficulty` sets the blocked
/// cells under the no-three rules (and is stored); Takuzu boards have
/// none and need even sides. The puzzle's `level` is the old grader's
/// ([`grade`](super::grade())), its `grade` the asked one.
pub fn generate_grade(
    width: usize,
    height: usize,
    rules: RuleSet,
    difficulty: Difficulty,
    grade_asked: u8,
    seed: u64,
) -> Result<Generated, PuzzleError> {
    check_generation_size(width, height)?;
    rules.check_generation_size(width, height)?;
    if !(1..=MAX_GRADE).contains(&grade_asked) {
        return Err(PuzzleError::GradeOutOfRange { grade: grade_asked });
    }
    let p = if rules.is_takuzu() {
        0.0
    } else {
        difficulty.blocked_p()
    };
    for attempt in 0..GRADE_ATTEMPTS {
        let mut rng = seeded(derive_seed(seed, attempt as u64));
        let mut raw = Board::new(width, height, Square::Empty)
            .expect("checked size")
            .with_rules(rules);
        for i in 0..raw.len() {
            if p > 0.0 && rng.random_bool(p) {
                raw.set_at(i, Square::Blocked);
            }
        }
        let solution = if rules.is_takuzu() {
            random_takuzu(width, height, rules, &mut rng)
        } else {
            count_bits(Bits::from_board(&raw), 1, &most_neighbours, Some(&mut rng)).solution
        };
        let Some(solution) = solution else {
            continue;
        };
        let mut order: Vec<usize> = (0..raw.len())
            .filter(|&i| solution.at(i) != Square::Blocked)
            .collect();
        shuffle(&mut order, &mut rng);
        let mut bits = Bits::from_board(&solution);
        for &i in &order {
            let (r, c) = (i / width, i % width);
            let mut t = bits;
            let given = t.get(r, c);
            t.set(r, c, Square::Empty);
            if refills(t, r, c, given, grade_asked) {
                bits = t;
            }
        }
        if grade_asked > 1 && solves(bits, grade_asked - 1) {
            continue;
        }
        let cells = bits.to_board();
        let stripped_empty_share = cells.count(Square::Empty) as f64 / cells.len() as f64;
        let level = grade(&cells).level;
        let mut puzzle = Puzzle::new(cells, solution, difficulty, level, seed);
        puzzle.grade = Some(grade_asked);
        return Ok(Generated {
            puzzle,
            stripped_empty_share,
            trail_depth: None,
            trail_nodes: 0,
        });
    }
    Err(PuzzleError::GradeNotReached {
        grade: grade_asked,
        attempts: GRADE_ATTEMPTS,
    })
}
