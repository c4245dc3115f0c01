//! Hints while playing: what the next hint says, applying it, and the
//! slips the demo makes.

use super::super::board::Square;
use super::super::grade::{self, Hint, cell_name};
use super::super::rules::{self, direction_with_article};
use super::{Play, ShownHint};

impl Play {
    /// The next hint: a rule break first, then a wrong mark (to clear),
    /// then the next logical deduction from the human-style solver.
    pub fn next_hint(&self) -> ShownHint {
        if let Some(rb) = self.rule_breaks().into_iter().next() {
            let [a, b, c] = rb.cells;
            // The wrong mark among the three, to clear.
            let wrong = rb.cells.into_iter().find(|&(r, c)| {
                !self.is_fixed(r, c) && self.board.get(r, c) != self.solution.get(r, c)
            });
            return ShownHint {
                text: format!(
                    "Three {} in a row on {} ({}, {} and {}): change one of them first{}.",
                    rb.symbol.to_char(),
                    direction_with_article(rb.direction),
                    cell_name(a.0, a.1),
                    cell_name(b.0, b.1),
                    cell_name(c.0, c.1),
                    wrong.map_or(String::new(), |(r, c)| format!(
                        " — {} is the wrong one",
                        cell_name(r, c)
                    ))
                ),
                cell: wrong,
                value: wrong.map(|_| Square::Empty),
                support: rb.cells.to_vec(),
                level: None,
                technique: None,
            };
        }
        if let Some(&(r, c)) = super::super::mistakes(&self.solution, &self.board).first() {
            return ShownHint {
                text: format!(
                    "The {} at {} does not fit the solution: clear it first \
                     (hints reason from your marks).",
                    self.board.get(r, c).to_char(),
                    cell_name(r, c)
                ),
                cell: Some((r, c)),
                value: Some(Square::Empty),
                support: Vec::new(),
                level: None,
                technique: None,
            };
        }
        match grade::hint(&self.board) {
            Hint::Deduction(d) => ShownHint {
                text: format!(
                    "Level {}, grade {} ({}): {}",
                    d.level,
                    d.technique.grade(),
                    d.technique.name(),
                    d.reason
                ),
                cell: Some((d.row, d.col)),
                value: Some(d.value),
                support: d.support,
                level: Some(d.level),
                technique: Some(d.technique),
            },
            Hint::LineBreak(lb) => ShownHint {
                text: format!("{lb}: change a mark there first."),
                cell: None,
                value: None,
                support: Vec::new(),
                level: None,
                technique: None,
            },
            Hint::Solved | Hint::RuleBreak(_) => ShownHint {
                text: "Solved: nothing left to deduce.".into(),
                cell: None,
                value: None,
                support: Vec::new(),
                level: None,
                technique: None,
            },
            Hint::Stuck => {
                // No step of levels 1–3: reveal one cell of the solution.
                let i = (0..self.board.len()).find(|&i| self.board.at(i) == Square::Empty);
                let cell = i.map(|i| (i / self.width(), i % self.width()));
                let value = cell.map(|(r, c)| self.solution.get(r, c));
                ShownHint {
                    text: match (cell, value) {
                        (Some((r, c)), Some(v)) => format!(
                            "No step of grades 1–3 applies here; the solution has {} at {}.",
                            v.to_char(),
                            cell_name(r, c)
                        ),
                        _ => "No step applies.".into(),
                    },
                    cell,
                    value,
                    support: Vec::new(),
                    level: None,
                    technique: None,
                }
            }
        }
    }

    /// Apply the shown hint's step; false when there is none.
    pub fn apply_hint(&mut self) -> bool {
        let Some(h) = self.hint.clone() else {
            return false;
        };
        match (h.cell, h.value) {
            (Some((r, c)), Some(v)) => {
                self.cursor_to(r, c);
                self.set(r, c, v)
            }
            _ => false,
        }
    }

    /// A slip for demonstrations: an empty cell and the symbol that makes
    /// three in a row there, away from the shown hint's cells.
    pub fn find_slip(&self) -> Option<(usize, usize, Square)> {
        let hint_cells: Vec<(usize, usize)> = self
            .hint
            .iter()
            .flat_map(|h| h.cell.into_iter().chain(h.support.iter().copied()))
            .collect();
        let mut b = self.board.clone();
        for r in 0..self.height() {
            for c in 0..self.width() {
                if b.get(r, c) != Square::Empty || hint_cells.contains(&(r, c)) {
                    continue;
                }
                for v in [Square::X, Square::O] {
                    b.set(r, c, v);
                    let breaks = rules::rule_breaks(&b);
                    b.set(r, c, Square::Empty);
                    if !breaks.is_empty()
                        && breaks
                            .iter()
                            .all(|rb| rb.cells.iter().all(|p| !hint_cells.contains(p)))
                    {
                        return Some((r, c, v));
                    }
                }
            }
        }
        None
    }
}
