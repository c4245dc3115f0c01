//! Tests of the play logic (`play/`).
use super::*;
use crate::puzzle::Difficulty;
use crate::puzzle::PuzzleError;
use crate::puzzle::generator::{generate, generate_level};

fn play(seed: u64) -> Play {
    let s = Settings {
        width: 8,
        height: 7,
        difficulty: Difficulty::Hard,
        level: None,
        seed,
        ..Settings::default()
    };
    Play::new(s.generate().unwrap()).unwrap()
}

fn empty_cells(p: &Play) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..p.height() {
        for c in 0..p.width() {
            if p.view(r, c) == CellView::Empty {
                out.push((r, c));
            }
        }
    }
    out
}

#[test]
fn sizes_parse_with_clear_errors() {
    assert_eq!(parse_size("10x12"), Ok((10, 12)));
    assert_eq!(parse_size("20×4"), Ok((20, 4)));
    assert_eq!(parse_size("7"), Ok((7, 7)));
    let e = parse_size("3x10").unwrap_err();
    assert_eq!(
        e,
        PuzzleError::SizeOutOfRange {
            dimension: "width",
            value: 3
        }
    );
    let e = e.to_string();
    assert!(e.contains("width 3") && e.contains("4..=20"), "{e}");
    let e = parse_size("10x21").unwrap_err();
    assert!(matches!(
        e,
        PuzzleError::SizeOutOfRange {
            dimension: "height",
            value: 21
        }
    ));
    let e = e.to_string();
    assert!(e.contains("height 21") && e.contains("4..=20"), "{e}");
    let e = parse_size("ten").unwrap_err();
    assert!(matches!(e, PuzzleError::SizeSyntax { ref text } if text == "ten"));
    let e = e.to_string();
    assert!(e.contains("WIDTHxHEIGHT"), "{e}");
    assert!(parse_size("10x10x10").is_err());
}

#[test]
fn difficulties_parse() {
    assert_eq!(parse_difficulty("hard"), Ok((Difficulty::Hard, None)));
    assert_eq!(parse_difficulty("easy-3"), Ok((Difficulty::Easy, Some(3))));
    for bad in ["medium", "hard-4", "hard-", "easy-x", ""] {
        let e = parse_difficulty(bad).unwrap_err();
        assert!(matches!(
            e,
            PuzzleError::UnknownDifficulty { ref text, with_levels: true } if text == bad
        ));
        let e = e.to_string();
        assert!(e.contains("easy, hard") && e.contains("1..3"), "{e}");
    }
}

#[test]
fn settings_generate_like_the_core() {
    let s = Settings {
        seed: 5,
        ..Settings::default()
    };
    assert_eq!(
        s.generate().unwrap(),
        generate(10, 10, Difficulty::Hard, 5).unwrap()
    );
    let s = Settings {
        width: 6,
        height: 6,
        difficulty: Difficulty::Easy,
        level: Some(2),
        seed: 3,
        ..Settings::default()
    };
    let p = s.generate().unwrap();
    assert_eq!(p.level, Some(2));
    assert_eq!(p, generate_level(6, 6, Difficulty::Easy, 2, 3).unwrap());
    assert_eq!(s.describe(), "6×6 easy, level 2, seed 3");
    let bad = Settings {
        width: 21,
        ..Settings::default()
    };
    let e = bad.check().unwrap_err();
    assert!(matches!(
        e,
        PuzzleError::SizeOutOfRange {
            dimension: "width",
            value: 21
        }
    ));
    assert!(e.to_string().contains("4..=20"), "{e}");
    let bad = Settings {
        level: Some(4),
        ..Settings::default()
    };
    let e = bad.check().unwrap_err();
    assert_eq!(e, PuzzleError::LevelOutOfRange { level: 4 });
    assert!(e.to_string().contains("1, 2 and 3"), "{e}");
}

#[test]
fn cycling_and_fixed_cells() {
    let mut p = play(1);
    let (r, c) = empty_cells(&p)[0];
    assert_eq!(p.cursor(), (r, c), "cursor starts on the first empty cell");
    assert!(p.apply(Action::Cycle(r, c)));
    assert_eq!(p.view(r, c), CellView::Mark(Square::X));
    p.apply(Action::Cycle(r, c));
    assert_eq!(p.view(r, c), CellView::Mark(Square::O));
    p.apply(Action::Cycle(r, c));
    assert_eq!(p.view(r, c), CellView::Empty);
    p.apply(Action::CycleBack(r, c));
    assert_eq!(p.view(r, c), CellView::Mark(Square::O));
    p.apply(Action::CycleBack(r, c));
    assert_eq!(p.view(r, c), CellView::Mark(Square::X));
    p.apply(Action::CycleBack(r, c));
    assert_eq!(p.view(r, c), CellView::Empty);
    // Givens and blocked cells never change.
    for rr in 0..p.height() {
        for cc in 0..p.width() {
            if p.is_fixed(rr, cc) {
                let before = p.view(rr, cc);
                assert!(!p.apply(Action::Cycle(rr, cc)));
                assert!(!p.apply(Action::Set(rr, cc, Square::Empty)));
                assert_eq!(p.view(rr, cc), before);
                assert!(matches!(before, CellView::Blocked | CellView::Given(_)));
            }
        }
    }
    assert!(!p.apply(Action::Set(99, 0, Square::X)));
    assert!(p.is_fixed(99, 0) && p.is_fixed(0, 99));
    assert_eq!(p.view(0, 99), CellView::Blocked);
}

#[test]
fn cursor_moves_and_sets() {
    let mut p = play(2);
    p.apply(Action::Set(0, 0, Square::Empty)); // moves the cursor there
    assert_eq!(p.cursor(), (0, 0));
    assert!(!p.apply(Action::Move(-1, 0)), "stays on the board");
    p.apply(Action::Move(2, 3));
    assert_eq!(p.cursor(), (2, 3));
    p.apply(Action::Move(100, 100));
    assert_eq!(p.cursor(), (p.height() - 1, p.width() - 1));
    let (r, c) = empty_cells(&p)[1];
    p.apply(Action::Set(r, c, Square::Empty));
    p.apply(Action::SetAtCursor(Square::O));
    assert_eq!(p.view(r, c), CellView::Mark(Square::O));
    p.apply(Action::CycleAtCursor);
    assert_eq!(p.view(r, c), CellView::Empty);
}

#[test]
fn playing_the_solution_solves_and_stops_the_timer() {
    let mut p = play(3);
    p.tick(1.5);
    assert_eq!(
        p.evaluate(),
        CheckResult::Incomplete {
            empty: p.empty_left()
        }
    );
    let cells = empty_cells(&p);
    let sol = p.solution().clone();
    for (i, &(r, c)) in cells.iter().enumerate() {
        assert!(!p.is_solved());
        p.apply(Action::Set(r, c, sol.get(r, c)));
        p.tick(1.0);
        assert!(
            p.break_mask().iter().all(|&b| !b),
            "the solution breaks no rule"
        );
        if i + 1 < cells.len() {
            p.apply(Action::Check);
            assert!(matches!(
                p.check_result(),
                Some(CheckResult::Incomplete { .. })
            ));
        }
    }
    assert!(p.is_solved());
    assert_eq!(p.check_result(), Some(&CheckResult::Solved));
    let t = p.elapsed();
    p.tick(10.0);
    assert_eq!(p.elapsed(), t, "the timer stops when solved");
    assert!(p.status().starts_with("Solved in 00:"), "{}", p.status());
    // Solved boards are locked.
    let (r, c) = cells[0];
    assert!(!p.apply(Action::Cycle(r, c)));
    // Restart clears the marks and the timer.
    p.apply(Action::Restart);
    assert!(!p.is_solved());
    assert_eq!(p.elapsed(), 0.0);
    assert_eq!(p.view(r, c), CellView::Empty);
}

#[test]
fn wrong_marks_and_rule_breaks() {
    let mut p = play(4);
    let (r, c) = empty_cells(&p)[0];
    let wrong = p.solution().get(r, c).opposite();
    p.apply(Action::Set(r, c, wrong));
    p.apply(Action::Check);
    match p.check_result() {
        Some(CheckResult::Wrong { cells, .. }) => assert_eq!(cells, &vec![(r, c)]),
        other => panic!("{other:?}"),
    }
    assert!(p.check_result().unwrap().message().contains("1 wrong mark"));
    // A change clears the stale check.
    p.apply(Action::Set(r, c, Square::Empty));
    assert_eq!(p.check_result(), None);
    // Three in a row: find an empty cell whose wrong symbol makes one.
    let mut found = false;
    for (r, c) in empty_cells(&p) {
        let v = p.solution().get(r, c).opposite();
        p.apply(Action::Set(r, c, v));
        if !p.rule_breaks().is_empty() {
            let mask = p.break_mask();
            assert!(mask[r * p.width() + c], "the new mark is highlighted");
            let h = p.next_hint();
            assert!(h.text.starts_with("Three"), "{}", h.text);
            assert_eq!(h.cell, Some((r, c)));
            assert_eq!(h.support.len(), 3);
            p.apply(Action::Hint);
            assert!(p.apply(Action::ApplyHint));
            assert_eq!(p.view(r, c), CellView::Empty);
            found = true;
            break;
        }
        p.apply(Action::Set(r, c, Square::Empty));
    }
    assert!(found, "some wrong mark makes three in a row");
}

#[test]
fn hints_are_correct_deductions_and_finish_the_puzzle() {
    for seed in 1..=5 {
        let mut p = play(seed);
        let mut steps = 0;
        while !p.is_solved() {
            p.apply(Action::Hint);
            let h = p.shown_hint().unwrap().clone();
            let (r, c) = h.cell.expect("a hint names a cell");
            assert_eq!(p.view(r, c), CellView::Empty);
            assert_eq!(h.value, Some(p.solution().get(r, c)), "{}", h.text);
            if h.level.is_some() {
                assert!(!h.support.is_empty());
                assert!(h.text.starts_with("Level"), "{}", h.text);
            }
            assert!(p.apply(Action::ApplyHint));
            steps += 1;
        }
        assert_eq!(p.board(), p.solution());
        assert_eq!(p.hints_used(), steps);
    }
}

#[test]
fn a_wrong_mark_hint_says_clear_it() {
    let mut p = play(6);
    // A wrong mark that does not make three in a row.
    for (r, c) in empty_cells(&p) {
        p.apply(Action::Set(r, c, p.solution().get(r, c).opposite()));
        if p.rule_breaks().is_empty() {
            let h = p.next_hint();
            assert_eq!((h.cell, h.value), (Some((r, c)), Some(Square::Empty)));
            assert!(h.text.contains("does not fit"), "{}", h.text);
            return;
        }
        p.apply(Action::Set(r, c, Square::Empty));
    }
    panic!("no quiet wrong mark found");
}

#[test]
fn hints_stay_until_their_cells_change_and_slips_break_a_rule() {
    let mut p = play(9);
    p.apply(Action::Hint);
    let h = p.shown_hint().unwrap().clone();
    let (r, c, v) = p.find_slip().expect("a slip exists on a fresh board");
    assert_ne!(h.cell, Some((r, c)));
    p.apply(Action::Set(r, c, v));
    assert!(!p.rule_breaks().is_empty());
    assert_eq!(
        p.shown_hint(),
        Some(&h),
        "a change elsewhere keeps the hint"
    );
    let (hr, hc) = h.cell.unwrap();
    p.apply(Action::Set(hr, hc, h.value.unwrap().opposite()));
    assert_eq!(p.shown_hint(), None, "changing the hint's cell clears it");
}

#[test]
fn timer_text() {
    let mut p = play(7);
    p.tick(125.9);
    assert_eq!(p.timer_text(), "02:05");
    p.tick(-5.0);
    assert_eq!(p.timer_text(), "02:05");
}

#[test]
fn takuzu_settings_generate_the_graded_puzzle_and_refuse_odd_sizes() {
    use crate::puzzle::{RuleSet, generate_grade};
    let s = Settings {
        width: 8,
        height: 8,
        rules: RuleSet::Takuzu,
        seed: 9,
        ..Settings::default()
    };
    // Takuzu without a grade is grade 2, as `puzzle generate`.
    assert_eq!(s.grade_asked(), Some(2));
    let p = s.generate().unwrap();
    let want = generate_grade(8, 8, RuleSet::Takuzu, s.difficulty, 2, 9).unwrap();
    assert_eq!(p, want.puzzle);
    assert_eq!(s.describe(), "8×8 takuzu, grade 2, seed 9");
    let odd = Settings { width: 7, ..s };
    let e = odd.check().unwrap_err().to_string();
    assert!(e.contains("even"), "{e}");
    let bad = Settings {
        grade: Some(5),
        ..Settings::default()
    };
    assert!(bad.check().is_err());
    // A no-three grade goes to the technique generator too.
    let g = Settings {
        grade: Some(3),
        seed: 2,
        ..Settings::default()
    };
    assert_eq!(g.generate().unwrap().grade, Some(3));
}
