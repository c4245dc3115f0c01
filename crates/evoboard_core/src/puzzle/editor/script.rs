//! Editor steps for scripted runs (`evoboard app --game puzzle --edit
//! STEPS`): `;`-separated, each one of `x:R,C`, `o:R,C`, `block:R,C`,
//! `clear:R,C` (0-based row and column), `unique`, `save:NAME`, `play`.

use super::super::board::Square;
use super::super::error::PuzzleError;

/// One step of a scripted editor run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditStep {
    /// Put X, O, a blocked cell or nothing at (row, column).
    Set(usize, usize, Square),
    /// Press "Make unique".
    MakeUnique,
    /// Save as a level with this name (never over an existing file).
    Save(String),
    /// Press "Play this".
    Play,
}

/// Parse `--edit` steps; the error names the step and what is allowed.
pub fn parse_steps(text: &str) -> Result<Vec<EditStep>, PuzzleError> {
    let bad = |step: &str| PuzzleError::EditStep {
        step: step.to_string(),
    };
    let mut out = Vec::new();
    for step in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let (verb, arg) = match step.split_once(':') {
            Some((v, a)) => (v.trim(), Some(a.trim())),
            None => (step, None),
        };
        let cell = |a: Option<&str>| -> Option<(usize, usize)> {
            let (r, c) = a?.split_once(',')?;
            Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
        };
        let square = match verb {
            "x" | "X" => Some(Square::X),
            "o" | "O" => Some(Square::O),
            "block" => Some(Square::Blocked),
            "clear" => Some(Square::Empty),
            _ => None,
        };
        out.push(match (square, verb, arg) {
            (Some(s), _, a) => {
                let (r, c) = cell(a).ok_or_else(|| bad(step))?;
                EditStep::Set(r, c, s)
            }
            (None, "unique", None) => EditStep::MakeUnique,
            (None, "play", None) => EditStep::Play,
            (None, "save", Some(name)) if !name.is_empty() => EditStep::Save(name.to_string()),
            _ => return Err(bad(step)),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps() {
        let s = parse_steps("x:0,1; o:2,3;block:4,4;clear:1,1;unique;save:mine;play").unwrap();
        assert_eq!(
            s,
            vec![
                EditStep::Set(0, 1, Square::X),
                EditStep::Set(2, 3, Square::O),
                EditStep::Set(4, 4, Square::Blocked),
                EditStep::Set(1, 1, Square::Empty),
                EditStep::MakeUnique,
                EditStep::Save("mine".into()),
                EditStep::Play,
            ]
        );
        for wrong in ["x:1", "x:a,b", "jump", "save:", "unique:3"] {
            let e = parse_steps(wrong).unwrap_err();
            assert!(e.to_string().contains("x:R,C"), "{wrong}: {e}");
        }
    }
}
