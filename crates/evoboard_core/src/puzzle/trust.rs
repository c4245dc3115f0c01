//! [`Puzzle::validate`]: a saved puzzle checked field by field before it
//! is used, so a tampered file (a solution that contradicts its cells or
//! breaks the rules, sizes that disagree, grades out of range) is refused
//! with a message naming the field instead of printing a wrong answer.

use super::{MAX_GRADE, Puzzle, Square, line_breaks, rule_breaks};

impl Puzzle {
    /// Check every field: `cells` and `solution` parse, have the same size
    /// as each other and as `width` × `height`; the solution is full,
    /// blocks exactly the blocked cells, agrees with every given and
    /// breaks no rule of `rules`; `level`, `grade` and the shares are in
    /// range. The error names the field, rows and columns 1-based
    /// ("puzzle solution: row 3 column 4 is X but the given cell is O").
    ///
    /// Whether the solution is the only one is not checked here (that is
    /// a search; `puzzle solve` reports it).
    pub fn validate(&self) -> Result<(), crate::invalid::Invalid> {
        self.field_breaks()
            .map_err(|m| crate::invalid::Invalid::new(crate::invalid::Part::Puzzle, m))
    }

    /// The first field that breaks its rules, in words.
    fn field_breaks(&self) -> Result<(), String> {
        let cells = self
            .cells_board()
            .map_err(|e| format!("puzzle cells: {e}"))?;
        let solution = self
            .solution_board()
            .map_err(|e| format!("puzzle solution: {e}"))?;
        let (w, h) = (cells.width(), cells.height());
        if (self.width, self.height) != (w, h) {
            return Err(format!(
                "puzzle width/height: {} × {} but the cells are {w} × {h}",
                self.width, self.height
            ));
        }
        if (solution.width(), solution.height()) != (w, h) {
            return Err(format!(
                "puzzle solution: {} × {} but the cells are {w} × {h}",
                solution.width(),
                solution.height()
            ));
        }
        for r in 0..h {
            for c in 0..w {
                let (given, solved) = (cells.get(r, c), solution.get(r, c));
                let at = format!("row {} column {}", r + 1, c + 1);
                let bad = match (given, solved) {
                    (_, Square::Empty) => Some(format!("{at} is empty; a solution is full")),
                    (Square::Blocked, s) if s != Square::Blocked => {
                        Some(format!("{at} is {} but the cell is blocked", s.to_char()))
                    }
                    (g, Square::Blocked) if g != Square::Blocked => Some(format!(
                        "{at} is blocked but the cell is {}",
                        if g == Square::Empty {
                            "empty".to_string()
                        } else {
                            format!("given {}", g.to_char())
                        }
                    )),
                    (g, s) if g.is_symbol() && g != s => Some(format!(
                        "{at} is {} but the given cell is {}",
                        s.to_char(),
                        g.to_char()
                    )),
                    _ => None,
                };
                if let Some(m) = bad {
                    return Err(format!("puzzle solution: {m}"));
                }
            }
        }
        if let Some(b) = rule_breaks(&solution).first() {
            let [(r, c), _, _] = b.cells;
            return Err(format!(
                "puzzle solution: three {} in a row from row {} column {} ({} rules)",
                b.symbol.to_char(),
                r + 1,
                c + 1,
                self.rules.name()
            ));
        }
        if let Some(b) = line_breaks(&solution).first() {
            return Err(format!(
                "puzzle solution: {b} ({} rules)",
                self.rules.name()
            ));
        }
        if let Some(l) = self.level.filter(|l| !(1..=3).contains(l)) {
            return Err(format!(
                "puzzle level: {l} is not allowed; levels are 1..=3"
            ));
        }
        if let Some(g) = self.grade.filter(|g| !(1..=MAX_GRADE).contains(g)) {
            return Err(format!(
                "puzzle grade: {g} is not allowed; grades are 1..={MAX_GRADE}"
            ));
        }
        for (name, v) in [
            ("empty_share", self.empty_share),
            ("blocked_share", self.blocked_share),
            ("given_share", self.given_share),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return Err(format!("puzzle {name}: {v} is not a share in 0..=1"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::puzzle::{Difficulty, RuleSet, generate, generate_grade};

    #[test]
    fn generated_puzzles_pass_and_tampered_ones_name_the_field() {
        let p = generate(6, 6, Difficulty::Easy, 3).unwrap();
        assert_eq!(p.validate(), Ok(()));
        let t = generate_grade(6, 6, RuleSet::Takuzu, Difficulty::Easy, 2, 4)
            .unwrap()
            .puzzle;
        assert_eq!(t.validate(), Ok(()));
        // A given contradicted by the solution.
        let (r, c) = p
            .cells
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.find(['X', 'O']).map(|c| (r, c)))
            .unwrap();
        let mut bad = p.clone();
        let given = bad.cells[r].as_bytes()[c] as char;
        let other = if given == 'X' { "O" } else { "X" };
        bad.solution[r].replace_range(c..=c, other);
        let e = bad.validate().unwrap_err();
        let want = format!(
            "puzzle solution: row {} column {} is {other} but the given cell is {given}",
            r + 1,
            c + 1
        );
        assert_eq!(e.part, crate::invalid::Part::Puzzle);
        assert_eq!(e.message, want);
        // Sizes that disagree.
        let mut bad = p.clone();
        bad.solution.pop();
        assert!(
            bad.validate()
                .unwrap_err()
                .message
                .starts_with("puzzle solution: 6 × 5")
        );
        let mut bad = p.clone();
        bad.width = 7;
        assert!(
            bad.validate()
                .unwrap_err()
                .message
                .starts_with("puzzle width/height")
        );
        // A solution that breaks the rules (a whole row of X).
        let mut bad = p.clone();
        bad.cells = p
            .solution
            .iter()
            .map(|r| r.replace(['X', 'O'], "."))
            .collect();
        bad.solution = p.solution.iter().map(|r| r.replace('O', "X")).collect();
        assert!(
            bad.validate()
                .unwrap_err()
                .message
                .contains("three X in a row")
        );
        // Takuzu counts.
        let mut bad = t.clone();
        bad.cells = vec!["......".into(); 6];
        let flipped: String = bad.solution[0]
            .chars()
            .map(|ch| if ch == 'X' { 'O' } else { ch })
            .collect();
        bad.solution[0] = flipped;
        assert!(
            bad.validate()
                .unwrap_err()
                .message
                .starts_with("puzzle solution:")
        );
        let mut bad = p.clone();
        bad.grade = Some(9);
        assert!(
            bad.validate()
                .unwrap_err()
                .message
                .starts_with("puzzle grade: 9")
        );
        let mut bad = p;
        bad.empty_share = f64::NAN;
        assert!(
            bad.validate()
                .unwrap_err()
                .message
                .starts_with("puzzle empty_share")
        );
    }
}
