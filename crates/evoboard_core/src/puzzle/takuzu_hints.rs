//! Hints for Takuzu's whole-line rules: counting (a line holding its half
//! of one symbol takes the other in its empty cells) and unique lines (a
//! line two cells short whose one balanced completion copies a full line
//! takes the other), with reasons for people.

use super::board::{Board, Square};
use super::grade::{Deduction, cell_name};
use super::technique::Technique;

/// The cells of row (`row` true) or column `k`, as (row, column).
fn line_cells(b: &Board, row: bool, k: usize) -> Vec<(usize, usize)> {
    if row {
        (0..b.width()).map(|c| (k, c)).collect()
    } else {
        (0..b.height()).map(|r| (r, k)).collect()
    }
}

fn line_name(row: bool, k: usize) -> String {
    format!("{} {}", if row { "row" } else { "column" }, k + 1)
}

/// The first counting or unique-lines step (rows before columns, counting
/// before unique lines), or `None` (always under the no-three rules).
pub(crate) fn line_rule_deduction(b: &Board) -> Option<Deduction> {
    let rules = b.rules();
    if !rules.is_takuzu() {
        return None;
    }
    let lines = || {
        (0..b.height())
            .map(|k| (true, k))
            .chain((0..b.width()).map(|k| (false, k)))
    };
    for (row, k) in lines() {
        let cells = line_cells(b, row, k);
        let open = cells
            .iter()
            .filter(|&&(r, c)| b.get(r, c) != Square::Blocked)
            .count();
        let half = open / 2;
        let Some(&(r, c)) = cells.iter().find(|&&(r, c)| b.get(r, c) == Square::Empty) else {
            continue;
        };
        for s in [Square::X, Square::O] {
            let support: Vec<(usize, usize)> = cells
                .iter()
                .copied()
                .filter(|&(r, c)| b.get(r, c) == s)
                .collect();
            if support.len() == half {
                let value = s.opposite();
                return Some(Deduction {
                    row: r,
                    col: c,
                    value,
                    level: 2,
                    technique: Technique::Counting,
                    reason: format!(
                        "{} already holds its {half} {s} (half its {open} cells), so {} \
                         must be {v}.",
                        line_name(row, k),
                        cell_name(r, c),
                        s = s.to_char(),
                        v = value.to_char()
                    ),
                    support,
                });
            }
        }
    }
    if !rules.unique_lines() {
        return None;
    }
    for (row, k) in lines() {
        let cells = line_cells(b, row, k);
        let empty: Vec<(usize, usize)> = cells
            .iter()
            .copied()
            .filter(|&(r, c)| b.get(r, c) == Square::Empty)
            .collect();
        let xs = cells
            .iter()
            .filter(|&&(r, c)| b.get(r, c) == Square::X)
            .count();
        let os = cells
            .iter()
            .filter(|&&(r, c)| b.get(r, c) == Square::O)
            .count();
        if empty.len() != 2 || xs != os {
            continue;
        }
        let n = if row { b.height() } else { b.width() };
        for (a, z) in [(empty[0], empty[1]), (empty[1], empty[0])] {
            // The completion with X at a and O at z.
            let filled = |p: (usize, usize)| {
                if p == a {
                    Square::X
                } else if p == z {
                    Square::O
                } else {
                    b.get(p.0, p.1)
                }
            };
            let copy = (0..n).filter(|&m| m != k).find(|&m| {
                let other = line_cells(b, row, m);
                other
                    .iter()
                    .all(|&(r, c)| b.get(r, c).is_symbol() || b.get(r, c) == Square::Blocked)
                    && other
                        .iter()
                        .zip(&cells)
                        .all(|(&(r, c), &p)| b.get(r, c) == filled(p))
            });
            if let Some(m) = copy {
                return Some(Deduction {
                    row: a.0,
                    col: a.1,
                    value: Square::O,
                    level: 2,
                    technique: Technique::UniqueLines,
                    reason: format!(
                        "{} needs one X and one O in {} and {}; X at {} would copy \
                         {}, so {} must be O.",
                        line_name(row, k),
                        cell_name(a.0, a.1),
                        cell_name(z.0, z.1),
                        cell_name(a.0, a.1),
                        line_name(row, m),
                        cell_name(a.0, a.1)
                    ),
                    support: line_cells(b, row, m),
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Hint, RuleSet, count_solutions, hint, technique_grade};

    #[test]
    fn counting_and_unique_hints() {
        let b = Board::parse("XOXX..\n......")
            .unwrap()
            .with_rules(RuleSet::Takuzu);
        let d = line_rule_deduction(&b).unwrap();
        assert_eq!((d.row, d.col, d.value), (0, 4, Square::O));
        assert_eq!(d.technique, Technique::Counting);
        assert!(
            d.reason.contains("row 1 already holds its 3 X"),
            "{}",
            d.reason
        );
        let b = Board::parse("OXOXXO\nOXOX..\n......\n......\n......\n......")
            .unwrap()
            .with_rules(RuleSet::TakuzuUnique);
        let d = line_rule_deduction(&b).unwrap();
        assert_eq!((d.row, d.col, d.value), (1, 4, Square::O));
        assert_eq!(d.technique, Technique::UniqueLines);
        assert!(line_rule_deduction(&b.clone().with_rules(RuleSet::NoThree)).is_none());
    }

    #[test]
    fn hints_solve_generated_takuzu() {
        for rules in [RuleSet::Takuzu, RuleSet::TakuzuUnique] {
            for grade in 1..=crate::puzzle::MAX_GRADE {
                let g = crate::puzzle::generate_grade(
                    8,
                    8,
                    rules,
                    crate::puzzle::Difficulty::Easy,
                    grade,
                    5,
                )
                .unwrap();
                let b = g.puzzle.cells_board().unwrap();
                assert_eq!(b.rules(), rules);
                assert_eq!(technique_grade(&b), Some(grade));
                assert_eq!(count_solutions(&b, 2).count, 1);
                let mut play = b.clone();
                let mut top = 0;
                while let Hint::Deduction(d) = hint(&play) {
                    top = top.max(d.technique.grade());
                    play.set(d.row, d.col, d.value);
                }
                assert_eq!(hint(&play), Hint::Solved, "{rules:?} grade {grade}");
                assert_eq!(play, g.puzzle.solution_board().unwrap());
                assert_eq!(top, grade, "{rules:?}");
            }
        }
    }
}
