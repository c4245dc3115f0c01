//! A human-style solver that explains each step, and grading by the
//! hardest technique a person needs:
//! - level 1: "two equal in a row force the third" (XX. or .XX → O);
//! - level 2: also "X.X forces O in the gap";
//! - level 3: also look-ahead: "if this cell were X, the level 1–2
//!   deductions would run into a contradiction, so it is O".
//!
//! A puzzle's level is the highest level used when a solver always applies
//! the lowest level that makes progress. Puzzles the three levels cannot
//! finish have no level (`None`: they need guessing).

use super::bits::{Bits, Rules};
use super::board::{Board, Square};
use super::rules::{
    LineBreak, RuleBreak, direction_with_article, directions, line_breaks, rule_breaks, step,
};
use super::technique::{Technique, probe_first, probe_one};

/// Name of the technique of each level (index = level).
pub const LEVEL_NAMES: [&str; 4] = [
    "none",
    "two equal in a row force the third",
    "X_X forces the other symbol in the gap",
    "look-ahead: a guess that leads to a contradiction",
];

/// One logical step: the cell, its symbol, the level and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// Row, 0-based.
    pub row: usize,
    /// Column, 0-based.
    pub col: usize,
    /// The symbol that must go there.
    pub value: Square,
    /// The technique's level on the old scale (1 pairs, 2 gaps and the
    /// Takuzu line rules, 3 look-ahead, 4 deep look-ahead).
    pub level: u8,
    /// The named technique; its grade is `technique.grade()`.
    pub technique: Technique,
    /// The explanation, for a person.
    pub reason: String,
    /// The cells the reason rests on, as (row, column): the two partners
    /// of a pair or gap (levels 1–2), the cell where the contradiction
    /// showed (level 3). For highlighting.
    pub support: Vec<(usize, usize)>,
}

/// What a hint says about a player's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The board breaks a rule: fix that first.
    RuleBreak(RuleBreak),
    /// The next logical step.
    Deduction(Deduction),
    /// A Takuzu line rule is broken (a line over its half of a symbol, or
    /// two equal full lines): fix that first.
    LineBreak(LineBreak),
    /// The board is full and breaks no rule.
    Solved,
    /// No step of level 1–3 applies (guessing needed, or an earlier
    /// entry is wrong).
    Stuck,
}

/// A cell position for people: "row 3, column 4" (1-based).
pub fn cell_name(r: usize, c: usize) -> String {
    format!("row {}, column {}", r + 1, c + 1)
}

fn sym(c: Square) -> char {
    c.to_char()
}

/// The first level-1 or level-2 step for an empty cell (row-major; level
/// 1 everywhere before level 2), with its reason.
fn line_deduction(b: &Board, max_level: u8) -> Option<Deduction> {
    for level in 1..=max_level.min(2) {
        for r in 0..b.height() {
            for c in 0..b.width() {
                if b.get(r, c) != Square::Empty {
                    continue;
                }
                for &d in directions(b) {
                    // Offsets of the two partners: pairs before/after, or the gap.
                    let pairs: &[(isize, isize)] = if level == 1 {
                        &[(1, 2), (-1, -2)]
                    } else {
                        &[(-1, 1)]
                    };
                    for &(k1, k2) in pairs {
                        let (Some(p1), Some(p2)) = (step(b, r, c, d, k1), step(b, r, c, d, k2))
                        else {
                            continue;
                        };
                        let s = b.get(p1.0, p1.1);
                        if !s.is_symbol() || b.get(p2.0, p2.1) != s {
                            continue;
                        }
                        let value = s.opposite();
                        let line = direction_with_article(d);
                        let reason = if level == 1 {
                            format!(
                                "The {s} at {} and {} are two in a row on {line}, \
                                 so {} must be {v} (no three {s} in a row).",
                                cell_name(p1.0, p1.1),
                                cell_name(p2.0, p2.1),
                                cell_name(r, c),
                                s = sym(s),
                                v = sym(value)
                            )
                        } else {
                            format!(
                                "{} lies between two {s} on {line} ({} and {}), \
                                 so it must be {v} (no three {s} in a row).",
                                cell_name(r, c),
                                cell_name(p1.0, p1.1),
                                cell_name(p2.0, p2.1),
                                s = sym(s),
                                v = sym(value)
                            )
                        };
                        return Some(Deduction {
                            row: r,
                            col: c,
                            value,
                            level,
                            technique: if level == 1 {
                                Technique::Pairs
                            } else {
                                Technique::Gaps
                            },
                            reason,
                            support: vec![p1, p2],
                        });
                    }
                }
            }
        }
    }
    None
}

/// The next logical step for `b`, lowest level first, at most
/// `max_level` (4: deep look-ahead too). Under Takuzu, counting and
/// unique lines come after gaps (level 2, grade 1).
pub fn next_deduction(b: &Board, max_level: u8) -> Option<Deduction> {
    if let Some(d) = line_deduction(b, max_level) {
        return Some(d);
    }
    if max_level >= 2
        && let Some(d) = super::takuzu_hints::line_rule_deduction(b)
    {
        return Some(d);
    }
    if max_level < 3 {
        return None;
    }
    let st = Bits::from_board(b);
    let Some((r, c, value, (cr, cc))) = probe_first::<false>(&st, 2) else {
        if max_level < 4 {
            return None;
        }
        let (r, c, value, (cr, cc)) = probe_one(&st, 3)?;
        return Some(Deduction {
            row: r,
            col: c,
            value,
            level: 4,
            technique: Technique::DeepLookAhead,
            reason: format!(
                "If {} were {g}, the deductions of grades 1 to 3 (look-ahead \
                 included) that follow would leave {} unable to hold either \
                 symbol; so it must be {v}.",
                cell_name(r, c),
                cell_name(cr, cc),
                g = sym(value.opposite()),
                v = sym(value)
            ),
            support: vec![(cr, cc)],
        });
    };
    Some(Deduction {
        row: r,
        col: c,
        value,
        level: 3,
        technique: Technique::LookAhead,
        reason: format!(
            "If {} were {g}, the grade 1–2 deductions that follow would leave \
             {} unable to hold either symbol (or make three in a row); \
             so it must be {v}.",
            cell_name(r, c),
            cell_name(cr, cc),
            g = sym(value.opposite()),
            v = sym(value)
        ),
        support: vec![(cr, cc)],
    })
}

/// A hint for a player's board: a rule break first, else the next step.
pub fn hint(b: &Board) -> Hint {
    if let Some(rb) = rule_breaks(b).into_iter().next() {
        return Hint::RuleBreak(rb);
    }
    if let Some(lb) = line_breaks(b).into_iter().next() {
        return Hint::LineBreak(lb);
    }
    if b.is_full() {
        return Hint::Solved;
    }
    match next_deduction(b, 4) {
        Some(d) => Hint::Deduction(d),
        None => Hint::Stuck,
    }
}

/// The result of grading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grade {
    /// Highest level needed (0: nothing to deduce); `None` when levels
    /// 1–3 cannot finish the board or it breaks a rule.
    pub level: Option<u8>,
    /// Cells filled by each level (index = level; 0 unused).
    pub cells: [u32; 4],
}

/// Grade a puzzle: solve it the human way, always with the lowest level
/// that makes progress (at most `max_level`), and report the highest
/// level used.
pub fn grade_up_to(b: &Board, max_level: u8) -> Grade {
    let mut st = Bits::from_board(b);
    let mut g = Grade {
        level: None,
        cells: [0; 4],
    };
    if !st.is_valid() {
        return g;
    }
    let mut level = 0u8;
    loop {
        let mut n = 0;
        if st.propagate(Rules::PAIRS, &mut n).is_err() {
            return g;
        }
        if n > 0 {
            level = level.max(1);
            g.cells[1] += n;
        }
        if st.empty_count() == 0 {
            g.level = Some(level);
            return g;
        }
        if max_level >= 2 {
            let mut n = 0;
            if st.propagate(Rules::ALL, &mut n).is_err() {
                return g;
            }
            if n > 0 {
                // Gaps fired (their consequences may include pairs; they
                // are counted with the level that unlocked them).
                level = level.max(2);
                g.cells[2] += n;
                continue;
            }
        }
        if max_level >= 3
            && let Some((r, c, v, _)) = probe_first::<true>(&st, 2)
        {
            st.set(r, c, v);
            level = 3;
            g.cells[3] += 1;
            continue;
        }
        return g;
    }
}

/// Grade with all three levels.
pub fn grade(b: &Board) -> Grade {
    grade_up_to(b, 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::solver::count_solutions;

    fn unique(b: &Board) -> bool {
        count_solutions(b, 2).count == 1
    }

    #[test]
    fn level_one_board() {
        // Every empty cell follows from a pair.
        let b = Board::parse("XX.\nOO.\n###").unwrap();
        assert!(unique(&b));
        assert_eq!(grade(&b).level, Some(1));
        let d = next_deduction(&b, 3).unwrap();
        assert_eq!((d.row, d.col, d.value, d.level), (0, 2, Square::O, 1));
        assert_eq!(d.support, vec![(0, 1), (0, 0)]);
        assert!(d.reason.contains("two in a row"), "{}", d.reason);
    }

    #[test]
    fn level_two_board() {
        // The gaps need X_X; no pair anywhere.
        let b = Board::parse("X.X\n###\nO.O").unwrap();
        assert!(unique(&b));
        assert_eq!(grade(&b).level, Some(2));
        assert_eq!(grade_up_to(&b, 1).level, None);
        let d = next_deduction(&b, 3).unwrap();
        assert_eq!((d.row, d.col, d.value, d.level), (0, 1, Square::O, 2));
        assert_eq!(d.support, vec![(0, 0), (0, 2)]);
        assert!(d.reason.contains("between two X"), "{}", d.reason);
    }

    #[test]
    fn level_three_board() {
        // Found by the level generator and checked by the solver: levels
        // 1-2 get stuck part way; one look-ahead step is needed.
        let b = Board::parse("OOXO\n...O\nO#.X\nX.#X").unwrap();
        assert!(unique(&b));
        let g = grade(&b);
        assert_eq!(g.level, Some(3), "{g:?}");
        assert_eq!(grade_up_to(&b, 2).level, None);
        // Following the hints solves it, with one level-3 step.
        let mut play = b.clone();
        let mut levels = Vec::new();
        while let Hint::Deduction(d) = hint(&play) {
            levels.push(d.level);
            if d.level == 3 {
                assert!(d.reason.starts_with("If row"), "{}", d.reason);
                assert_eq!(d.support.len(), 1);
            }
            play.set(d.row, d.col, d.value);
        }
        assert_eq!(hint(&play), Hint::Solved);
        assert_eq!(play, count_solutions(&b, 1).solution.unwrap());
        assert_eq!(levels.iter().max(), Some(&3), "{levels:?}");
    }

    #[test]
    fn hints() {
        assert!(matches!(
            hint(&Board::parse("XXX").unwrap()),
            Hint::RuleBreak(_)
        ));
        assert_eq!(hint(&Board::parse("XXO").unwrap()), Hint::Solved);
        assert!(matches!(
            hint(&Board::parse("XX.").unwrap()),
            Hint::Deduction(_)
        ));
        // An empty 5x5 board has 8 solutions: no logical step.
        let e = Board::new(5, 5, Square::Empty).unwrap();
        assert_eq!(hint(&e), Hint::Stuck);
        assert_eq!(grade(&e).level, None);
    }
}
