//! Grades by technique: the deductions a person uses, named from the
//! simplest up, and the grade of a board (the hardest technique a solver
//! needs when it always applies the simplest one that makes progress).
//!
//! | grade | technique | what it says |
//! |---|---|---|
//! | 1 | `pairs` | XX. / .XX: the third cell gets the other symbol |
//! | 2 | `gaps` | X.X: the gap gets the other symbol |
//! | 2 | `counting` | (Takuzu) a line holding its half of one symbol gets the other in its empty cells |
//! | 2 | `unique-lines` | (Takuzu, unique lines) a line two cells short whose one balanced completion copies a full line takes the other |
//! | 3 | `look-ahead` | a symbol in one cell makes the grade 1–2 techniques run into a contradiction, so the cell holds the other (a chain of depth 1) |
//! | 4 | `deep-look-ahead` | the same with grades 1–3 inside (a look-ahead inside the look-ahead: depth 2) |
//!
//! No grade needs guessing: a board of grade 4 or less is filled by these
//! techniques alone. (Until issue 41 there were three grades: pairs, gaps
//! and the line rules were all grade 1, look-ahead 2 and deep look-ahead
//! 3.)
//!
//! All deductions are monotone (more filled cells never stop one), so
//! the cells a grade can fill do not depend on the order they are found
//! in: a board's grade is the least grade whose techniques fill it.

use super::bits::{Bits, Conflict, Rules};
use super::board::{Board, MAX_SIDE, Square};
use serde::Serialize;

/// The highest grade ([`Technique::DeepLookAhead`]).
pub const MAX_GRADE: u8 = 4;

/// A named deduction technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// XX. / .XX forces the other symbol (grade 1).
    Pairs,
    /// X.X forces the other symbol in the gap (grade 2).
    Gaps,
    /// Takuzu: a line holding its half of one symbol fills the rest with
    /// the other (grade 2).
    Counting,
    /// Takuzu with unique lines: a line two cells short whose one balanced
    /// completion copies a full line takes the other (grade 2).
    UniqueLines,
    /// One-step look-ahead: a symbol that makes the grade 1–2 techniques
    /// run into a contradiction is ruled out (grade 3).
    LookAhead,
    /// Look-ahead with grades 1–3 inside (grade 4).
    DeepLookAhead,
}

impl Technique {
    /// Every technique, simplest first.
    pub const ALL: [Technique; 6] = [
        Technique::Pairs,
        Technique::Gaps,
        Technique::Counting,
        Technique::UniqueLines,
        Technique::LookAhead,
        Technique::DeepLookAhead,
    ];

    /// The name used in JSON and the CLI (`pairs`, `gaps`, `counting`,
    /// `unique-lines`, `look-ahead`, `deep-look-ahead`).
    pub fn name(self) -> &'static str {
        match self {
            Technique::Pairs => "pairs",
            Technique::Gaps => "gaps",
            Technique::Counting => "counting",
            Technique::UniqueLines => "unique-lines",
            Technique::LookAhead => "look-ahead",
            Technique::DeepLookAhead => "deep-look-ahead",
        }
    }

    /// Its grade (1..=[`MAX_GRADE`]).
    pub fn grade(self) -> u8 {
        match self {
            Technique::Pairs => 1,
            Technique::Gaps | Technique::Counting | Technique::UniqueLines => 2,
            Technique::LookAhead => 3,
            Technique::DeepLookAhead => 4,
        }
    }

    /// One sentence for people.
    pub fn describe(self) -> &'static str {
        match self {
            Technique::Pairs => "two equal in a row force the other symbol next to them",
            Technique::Gaps => "X_X forces the other symbol in the gap",
            Technique::Counting => {
                "a line with its half of one symbol takes the other in its empty cells"
            }
            Technique::UniqueLines => {
                "a line two cells short takes the completion that does not copy a full line"
            }
            Technique::LookAhead => {
                "if a symbol here made the grade 1–2 deductions run into a contradiction, the cell holds the other"
            }
            Technique::DeepLookAhead => {
                "if a symbol here made the grade 1–3 deductions (look-ahead included) run into a contradiction, the cell holds the other"
            }
        }
    }
}

/// Fill what the techniques up to `grade` (1..=[`MAX_GRADE`]) deduce, to
/// a fixpoint: 1 pairs; 2 every line rule; 3 and 4 look-ahead with the
/// techniques up to `grade - 1` inside.
/// An error is a contradiction (the board has no solution).
pub(crate) fn close(st: &mut Bits, grade: u8) -> Result<(), Conflict> {
    close_lines::<true>(st, grade, u32::MAX, u32::MAX)
}

/// [`close`] for a board closed under `grade` except for the rows in
/// `rows` and the columns in `cols` (bit r: row r got a symbol since).
/// `FAST`: the Takuzu line rules deduce only the lines that changed
/// ([`Bits::propagate_lines`]; the same fixpoint, a conflict may show at
/// another cell); otherwise every line at each step, so a conflict shows
/// where hints have always named it.
fn close_lines<const FAST: bool>(
    st: &mut Bits,
    grade: u8,
    rows: u32,
    cols: u32,
) -> Result<(), Conflict> {
    if grade == 0 {
        return Ok(());
    }
    let mut n = 0;
    let rules = line_rules(grade);
    if FAST {
        st.propagate_lines(rules, rows, cols, &mut n)?;
    } else {
        st.propagate_rows(rules, rows, &mut n)?;
    }
    if grade <= 2 {
        return Ok(());
    }
    let mut known = Known::default();
    while probe_pass::<FAST>(st, grade - 1, &mut known)? {}
    Ok(())
}

/// The line rules of a grade: pairs alone at grade 1, every line rule
/// from grade 2 on.
pub(crate) fn line_rules(grade: u8) -> Rules {
    if grade <= 1 { Rules::PAIRS } else { Rules::ALL }
}

/// Look-aheads known to run into no contradiction on the board as it is
/// now: bit c of `x[r]` (`o[r]`) set when X (O) at (r, c) was tried, or
/// followed from a symbol tried, without a contradiction. Trying it
/// again finds nothing (the closure from it lies inside the one already
/// seen), so it is skipped until the board changes.
#[derive(Default)]
struct Known {
    x: [u32; MAX_SIDE],
    o: [u32; MAX_SIDE],
}

/// One pass of look-ahead over every empty cell (row-major) with the
/// techniques up to `inner` inside; every cell ruled out is set and the
/// board closed under `inner` again. True when a cell was set. `known`
/// carries the look-aheads that found nothing from one pass to the
/// next; the cells set and the board reached are those of trying every
/// look-ahead.
fn probe_pass<const FAST: bool>(
    st: &mut Bits,
    inner: u8,
    known: &mut Known,
) -> Result<bool, Conflict> {
    let mut progress = false;
    for r in 0..st.height() {
        for c in 0..st.width() {
            if st.empty_row(r) >> c & 1 == 0 {
                continue;
            }
            for v in [Square::X, Square::O] {
                let seen = if v == Square::X {
                    known.x[r]
                } else {
                    known.o[r]
                };
                if seen >> c & 1 == 1 {
                    continue;
                }
                let mut t = *st;
                t.set(r, c, v);
                if close_lines::<FAST>(&mut t, inner, 1 << r, 1 << c).is_err() {
                    st.set(r, c, v.opposite());
                    close_lines::<FAST>(st, inner, 1 << r, 1 << c)?;
                    progress = true;
                    *known = Known::default();
                    break;
                }
                for (k, (kx, ko)) in known.x.iter_mut().zip(&mut known.o).enumerate() {
                    let ((sx, so), (tx, to)) = (st.symbol_rows(k), t.symbol_rows(k));
                    *kx |= tx & !sx;
                    *ko |= to & !so;
                }
            }
        }
    }
    Ok(progress)
}

/// The grade of a board: the least grade whose techniques fill it (0 when
/// it has no empty cell), `None` when grade [`MAX_GRADE`] cannot finish it
/// or it breaks a rule. A board with a grade has exactly one solution.
pub fn technique_grade(b: &Board) -> Option<u8> {
    bits_grade(Bits::from_board(b), MAX_GRADE)
}

/// [`technique_grade`] on bitboards, trying grades up to `max` only.
pub(crate) fn bits_grade(mut st: Bits, max: u8) -> Option<u8> {
    if !st.is_valid() {
        return None;
    }
    if st.empty_count() == 0 {
        return Some(0);
    }
    for g in 1..=max {
        close(&mut st, g).ok()?;
        if st.empty_count() == 0 {
            return Some(g);
        }
    }
    None
}

/// The generator's removal check: `st` is a board whose closure under
/// the techniques up to `grade` has no contradiction (it is part of a
/// solution) and fills its empty cells once (r, c) holds `given`; (r, c)
/// is empty in `st`. True when the techniques fill (r, c) as well, seen
/// *at the cell*: the grade's line rules (pairs at grade 1, every line
/// rule from grade 2 on) fill it, or a look-ahead on the
/// cell itself (with the techniques below `grade` inside) rules out the
/// other symbol. Then the whole board follows as before, so the puzzle
/// stays solvable at the grade (and unique). A cell the techniques would
/// fill only after filling others elsewhere is kept as a given: slightly
/// more givens, no search over the board.
///
/// From grade 3 on this is one closure: the techniques below `grade`
/// run into a contradiction from `st` with the other symbol at (r, c).
/// (The line-rule closure F of `st` fills (r, c) only if that symbol
/// contradicts, and the closure from `st` plus the symbol contradicts
/// exactly when the one from F plus the symbol does: F follows from
/// `st`, and every technique is monotone.)
pub(crate) fn refills(mut st: Bits, r: usize, c: usize, given: Square, grade: u8) -> bool {
    // Most cells are refilled by their own row, column or neighbours:
    // then the full propagation would fill them too (monotone rules).
    let rules = line_rules(grade);
    if st.forced_at(r, c, rules) {
        return true;
    }
    if grade >= 3 {
        st.set(r, c, given.opposite());
        return close(&mut st, grade - 1).is_err();
    }
    let mut n = 0;
    if st.propagate(rules, &mut n).is_err() {
        return false;
    }
    st.empty_row(r) >> c & 1 == 0
}

/// True when the techniques up to `grade` fill the board.
pub(crate) fn solves(mut st: Bits, grade: u8) -> bool {
    close(&mut st, grade).is_ok() && st.empty_count() == 0
}

/// The first cell (row-major) that look-ahead with the techniques up to
/// `inner` inside rules out one symbol of: the cell, the symbol it must
/// hold, and where the contradiction showed.
pub(crate) fn probe_one(st: &Bits, inner: u8) -> Option<(usize, usize, Square, (usize, usize))> {
    probe_first::<false>(st, inner)
}

/// [`probe_one`]; `FAST` as in [`close_lines`] (the cell and its symbol
/// are the same either way, the contradiction's cell may differ). With
/// `inner` 2 this is level 3: look-ahead over the level 1–2 deductions;
/// `FAST` is for a board at their fixpoint, and hints use the exact
/// propagation, which names the contradiction they always named.
pub(crate) fn probe_first<const FAST: bool>(
    st: &Bits,
    inner: u8,
) -> Option<(usize, usize, Square, (usize, usize))> {
    for r in 0..st.height() {
        let mut e = st.empty_row(r);
        while e != 0 {
            let c = e.trailing_zeros() as usize;
            e &= e - 1;
            for v in [Square::X, Square::O] {
                let mut t = *st;
                t.set(r, c, v);
                if let Err(at) = close_lines::<FAST>(&mut t, inner, 1 << r, 1 << c) {
                    return Some((r, c, v.opposite(), at));
                }
            }
        }
    }
    None
}

/// The grade-1 steps in order, each with the rules that include it (the
/// simpler ones too).
const LINE_STEPS: [(Technique, Rules); 4] = [
    (Technique::Pairs, Rules::PAIRS),
    (
        Technique::Gaps,
        Rules {
            gaps: true,
            counting: false,
            unique: false,
        },
    ),
    (
        Technique::Counting,
        Rules {
            gaps: true,
            counting: true,
            unique: false,
        },
    ),
    (Technique::UniqueLines, Rules::ALL),
];

/// The techniques a solver uses that always applies the simplest one
/// that makes progress (simplest first; each listed once). A board it
/// cannot finish lists what it used before getting stuck.
pub fn techniques_used(b: &Board) -> Vec<Technique> {
    Technique::ALL
        .iter()
        .zip(technique_steps(b))
        .filter_map(|(t, n)| (n > 0).then_some(*t))
        .collect()
}

/// The steps of each technique (index as [`Technique::ALL`]) when a
/// solver always applies the simplest technique that makes progress: a
/// step is one cell filled. A line technique fills, in one go, every
/// cell it and the simpler ones reach (so a gap step's pairs count as
/// gaps); a look-ahead fills its one cell, and the line techniques take
/// over again. A board it cannot finish counts the steps made before
/// getting stuck.
pub fn technique_steps(b: &Board) -> [u32; Technique::ALL.len()] {
    let mut st = Bits::from_board(b);
    let mut steps = [0u32; Technique::ALL.len()];
    if !st.is_valid() {
        return steps;
    }
    'solve: while st.empty_count() > 0 {
        for (k, (_, rules)) in LINE_STEPS.iter().enumerate() {
            let mut n = 0;
            if st.propagate(*rules, &mut n).is_err() {
                break 'solve;
            }
            if n > 0 {
                steps[k] += n;
                continue 'solve;
            }
        }
        for (k, inner) in [(4, 2), (5, 3)] {
            if let Some((r, c, v, _)) = probe_first::<true>(&st, inner) {
                st.set(r, c, v);
                steps[k] += 1;
                continue 'solve;
            }
        }
        break;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{RuleSet, count_solutions};

    /// The removal check as one closure says what the grade-1 closure
    /// and a look-ahead each way on the cell (the check before) say.
    #[test]
    fn refills_matches_closure_and_look_aheads() {
        use crate::puzzle::takuzu_fill::random_takuzu;
        use crate::rng::{RngExt, seeded};
        let mut answers = [0u32; 2];
        for seed in 0..8u64 {
            let mut rng = seeded(seed);
            let side = [6, 8][seed as usize % 2];
            let full = random_takuzu(side, side, RuleSet::Takuzu, &mut rng).unwrap();
            let mut st = Bits::from_board(&full);
            for _ in 0..side * side / 2 {
                let (r, c) = (rng.random_range(0..side), rng.random_range(0..side));
                st.set(r, c, Square::Empty);
            }
            for r in 0..side {
                for c in 0..side {
                    let given = st.get(r, c);
                    if given == Square::Empty {
                        continue;
                    }
                    let mut t = st;
                    t.set(r, c, Square::Empty);
                    for grade in 1..=MAX_GRADE {
                        let mut f = t;
                        let mut n = 0;
                        f.propagate_rows(line_rules(grade), u32::MAX, &mut n)
                            .unwrap();
                        let before = f.empty_row(r) >> c & 1 == 0
                            || (3..=grade).any(|g| {
                                [Square::X, Square::O].into_iter().any(|v| {
                                    let mut p = f;
                                    p.set(r, c, v);
                                    close_lines::<false>(&mut p, g - 1, 1 << r, 1 << c).is_err()
                                })
                            });
                        assert_eq!(refills(t, r, c, given, grade), before, "seed {seed}");
                        answers[usize::from(before)] += 1;
                    }
                }
            }
        }
        assert!(answers[0] > 0 && answers[1] > 0, "{answers:?}");
    }

    #[test]
    fn grades_and_techniques() {
        let b = Board::parse("XX.\nOO.\n###").unwrap();
        assert_eq!(technique_grade(&b), Some(1));
        assert_eq!(techniques_used(&b), vec![Technique::Pairs]);
        let b = Board::parse("X.X\n###\nO.O").unwrap();
        assert_eq!(techniques_used(&b), vec![Technique::Gaps]);
        assert_eq!(technique_grade(&b), Some(2));
        // The old level-3 board needs one look-ahead: grade 3.
        let b = Board::parse("OOXO\n...O\nO#.X\nX.#X").unwrap();
        assert_eq!(technique_grade(&b), Some(3));
        assert!(techniques_used(&b).contains(&Technique::LookAhead));
        let e = Board::new(6, 6, Square::Empty).unwrap();
        assert_eq!(technique_grade(&e), None);
        let t = Board::parse("XOX...\nOXO...")
            .unwrap()
            .with_rules(RuleSet::Takuzu);
        // Rows: X O X . . . needs counting; 2 solutions per column? Check
        // that grading never claims a non-unique board.
        if technique_grade(&t).is_some() {
            assert_eq!(count_solutions(&t, 2).count, 1);
        }
        for tech in Technique::ALL {
            assert!((1..=MAX_GRADE).contains(&tech.grade()));
            assert!(!tech.describe().is_empty() && !tech.name().is_empty());
        }
    }
}
