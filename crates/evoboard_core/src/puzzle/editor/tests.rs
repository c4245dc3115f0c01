//! Tests of the puzzle editor: live counts, make unique (contains the
//! givens, exactly one solution, minimal by brute force), saving (the level part is in `level`).

use super::*;
use crate::puzzle::Play;
use crate::rng::{RngExt, seeded};

fn draft(text: &str) -> PuzzleDraft {
    PuzzleDraft::from_board(Board::parse(text).unwrap()).unwrap()
}

/// A random draft: cells blocked with probability `p`, then `givens`
/// cells given from one solution of that board.
fn random_draft(w: usize, h: usize, p: f64, givens: usize, seed: u64) -> PuzzleDraft {
    let mut rng = seeded(seed);
    let mut b = Board::new(w, h, Square::Empty).unwrap();
    for i in 0..b.len() {
        if rng.random_bool(p) {
            b.set_at(i, Square::Blocked);
        }
    }
    let sol = crate::puzzle::random_solution(&b, &mut rng).unwrap();
    for _ in 0..givens {
        let i = rng.random_range(0..b.len());
        b.set_at(i, sol.at(i));
    }
    PuzzleDraft::from_board(b).unwrap()
}

/// Does adding `givens` to `base` leave exactly one solution?
fn unique_with(base: &Board, givens: &[(usize, usize, Square)]) -> bool {
    let mut b = base.clone();
    for &(r, c, v) in givens {
        b.set(r, c, v);
    }
    count_solutions(&b, 2).count == 1
}

/// Brute force: is there a set of `k` givens making `base` unique?
fn some_set_of(base: &Board, k: usize) -> bool {
    let mut all = Vec::new();
    for r in 0..base.height() {
        for c in 0..base.width() {
            if base.get(r, c) == Square::Empty {
                all.push((r, c, Square::X));
                all.push((r, c, Square::O));
            }
        }
    }
    fn go(
        base: &Board,
        all: &[(usize, usize, Square)],
        from: usize,
        k: usize,
        set: &mut Vec<(usize, usize, Square)>,
    ) -> bool {
        if set.len() == k {
            return unique_with(base, set);
        }
        for i in from..all.len() {
            // One given per cell.
            if set.iter().any(|g| (g.0, g.1) == (all[i].0, all[i].1)) {
                continue;
            }
            set.push(all[i]);
            if go(base, all, i + 1, k, set) {
                return true;
            }
            set.pop();
        }
        false
    }
    go(base, &all, 0, k, &mut Vec::new())
}

#[test]
fn live_counts() {
    let mut d = PuzzleDraft::new(5, 5).unwrap();
    assert_eq!(d.count(100), 8);
    assert!(matches!(d.solutions(), Solutions::Several(ref a, ref b) if a != b));
    assert_eq!(d.solutions().describe(), "several solutions");
    assert_eq!(d.grade().level, None);
    // Three in a row among the givens: none.
    for c in 0..3 {
        d.set(0, c, Square::X).unwrap();
    }
    assert_eq!(d.solutions(), Solutions::None);
    assert_eq!(d.solutions().count(), Some(0));
    assert!(d.set(5, 0, Square::X).is_err());
}

#[test]
fn cycle_and_resize() {
    let mut d = PuzzleDraft::new(4, 4).unwrap();
    let seq: Vec<Square> = (0..4).map(|_| d.cycle(1, 2).unwrap()).collect();
    assert_eq!(seq, [Square::X, Square::O, Square::Blocked, Square::Empty]);
    d.set(3, 3, Square::O).unwrap();
    d.set(0, 0, Square::X).unwrap();
    d.resize(6, 4).unwrap();
    assert_eq!((d.width(), d.height()), (6, 4));
    assert_eq!(d.get(0, 0), Some(Square::X));
    assert_eq!(d.get(0, 5), Some(Square::Empty));
    assert_eq!(d.givens(), 2);
    assert!(PuzzleDraft::new(3, 10).is_err());
    assert!(d.resize(21, 4).is_err());
}

#[test]
fn several_becomes_exactly_one_and_keeps_the_givens() {
    for seed in 0..6 {
        let mut d = random_draft(8, 7, 0.08, 3, seed);
        if d.count(2) < 2 {
            continue;
        }
        let before = d.board().clone();
        let u = d.make_unique(seed).unwrap();
        assert!(matches!(d.solutions(), Solutions::One(_)), "seed {seed}");
        assert!(!u.added.is_empty());
        for i in 0..before.len() {
            if before.at(i) != Square::Empty {
                assert_eq!(d.board().at(i), before.at(i), "a given changed");
            }
        }
        for &(r, c, v) in &u.added {
            assert_eq!(before.get(r, c), Square::Empty);
            assert_eq!(d.get(r, c), Some(v));
        }
        assert_eq!(
            d.givens(),
            before.count(Square::X) + before.count(Square::O) + u.added.len()
        );
        // Already unique: nothing to add.
        let again = d.make_unique(1).unwrap();
        assert!(again.added.is_empty() && again.exact);
    }
}

#[test]
fn contradictory_drafts_report_no_solution() {
    // Givens that break nothing, but the middle cell can hold neither.
    let mut d = draft("XX.OO\n#####\n#####\n#####");
    assert_eq!(d.solutions(), Solutions::None);
    let e = d.make_unique(0).unwrap_err();
    assert_eq!(e, PuzzleError::NoSolution { rule_breaks: 0 });
    assert!(e.to_string().contains("no solution"), "{e}");
    assert_eq!(d.to_puzzle(0).unwrap_err(), e);
    // Givens that already break the rule.
    let mut d = draft("XXX.\n....\n....\n....");
    let e = d.make_unique(0).unwrap_err();
    assert_eq!(e, PuzzleError::NoSolution { rule_breaks: 1 });
    assert!(e.to_string().contains("1 three-in-a-row;"), "{e}");
}

#[test]
fn make_unique_is_minimal_by_brute_force() {
    let mut checked = 0;
    let mut sizes = Vec::new();
    for seed in 0..40 {
        let mut d = random_draft(5, 4, 0.12, 2, seed);
        if d.count(2) < 2 {
            continue;
        }
        let base = d.board().clone();
        let u = d.make_unique(seed).unwrap();
        assert!(unique_with(&base, &u.added));
        let k = u.added.len();
        if u.exact {
            assert!(
                !some_set_of(&base, k - 1),
                "seed {seed}: {} givens also do",
                k - 1
            );
            sizes.push(k);
            checked += 1;
        } else {
            // Greedy: beyond the exact range, and no given is redundant.
            assert!(k > EXACT_GIVENS + 1, "seed {seed}: {k} givens not proven");
            for i in 0..k {
                let mut rest = u.added.clone();
                rest.remove(i);
                assert!(
                    !unique_with(&base, &rest),
                    "seed {seed}: given {i} redundant"
                );
            }
        }
    }
    assert!(
        checked >= 10,
        "only {checked} drafts with several solutions"
    );
    // The cases are not all trivial.
    assert!(sizes.iter().any(|&k| k >= 2), "{sizes:?}");
}

#[test]
fn empty_board_needs_one_given_per_symmetry_class() {
    // An empty 6×6 board has 8 solutions: minimum measured by brute force.
    let mut d = PuzzleDraft::new(6, 6).unwrap();
    let base = d.board().clone();
    let u = d.make_unique(3).unwrap();
    assert!(u.exact);
    assert!(!some_set_of(&base, u.added.len() - 1));
    assert_eq!(d.count(2), 1);
}

#[test]
fn becomes_a_puzzle_when_unique() {
    let mut d = random_draft(7, 6, 0.1, 4, 5);
    assert_eq!(d.to_puzzle(0).unwrap_err(), PuzzleError::NotUnique);
    d.make_unique(9).unwrap();
    let p = d.to_puzzle(9).unwrap();
    assert_eq!(p.seed, 9);
    assert_eq!(p.cells_board().unwrap(), *d.board());
    assert_eq!(p.level, d.grade().level);
    // It plays like a generated one.
    let play = Play::new(p.clone()).unwrap();
    assert_eq!(play.solution(), &p.solution_board().unwrap());
    // And a generated one opens in the editor with the same cells.
    let g = crate::puzzle::generate(6, 6, Difficulty::Easy, 2).unwrap();
    let e = PuzzleDraft::from_puzzle(&g).unwrap();
    assert_eq!(e.board(), &g.cells_board().unwrap());
    assert_eq!(e.count(2), 1);
}

#[test]
#[ignore = "timing figures: cargo test --release --lib puzzle::editor::tests::timings -- --ignored --nocapture"]
fn timings() {
    for (w, p, g) in [
        (10, 0.0, 0),
        (10, 0.11, 6),
        (20, 0.0, 0),
        (20, 0.11, 10),
        (20, 0.2, 10),
    ] {
        let mut worst_count = 0.0f64;
        let mut worst_unique = 0.0f64;
        for seed in 0..3 {
            let mut d = random_draft(w, w, p, g, seed);
            let t = std::time::Instant::now();
            let _ = d.solutions();
            let _ = d.grade();
            worst_count = worst_count.max(t.elapsed().as_secs_f64());
            let t = std::time::Instant::now();
            let u = d.make_unique(seed);
            worst_unique = worst_unique.max(t.elapsed().as_secs_f64());
            eprintln!(
                "{w}x{w} p {p} givens {g} seed {seed}: {:?}",
                u.map(|u| (u.added.len(), u.exact, u.searches))
            );
        }
        eprintln!(
            "{w}x{w} p {p}: count+grade worst {:.3} ms, make_unique worst {:.1} ms",
            worst_count * 1e3,
            worst_unique * 1e3
        );
    }
}
