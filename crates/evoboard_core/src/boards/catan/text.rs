//! The readable text form of a Catan island: a `#` comment line, then one
//! line per row, top first, each hex as `TERRAIN:NUMBER` (`desert:-` for
//! the desert), separated by spaces; shorter rows are indented two spaces
//! per missing hex so the lines look like the island. It is the form
//! `generate catan` prints and `export --format text` writes;
//! [`parse_catan_text`] reads it back.
//!
//! ```text
//! # catan: rows top first, TERRAIN:NUMBER (desert:-)
//!     forest:6 mountains:3 fields:11
//!   mountains:5 hills:2 pasture:10 forest:4
//! …
//! ```

use super::{CatanBoard, CatanHex, TERRAINS};
use std::fmt;

/// Why a Catan text board was not read: the line (1-based) and what was
/// wrong there, or the board it forms breaking a rule of the island.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CatanTextError {
    /// A word that is not `TERRAIN:NUMBER`.
    BadHex {
        /// The line, from 1.
        line: usize,
        /// The word as written.
        word: String,
    },
    /// The rows read do not form a valid island.
    Board(String),
}

impl fmt::Display for CatanTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatanTextError::BadHex { line, word } => write!(
                f,
                "line {line}: '{}' is not TERRAIN:NUMBER; terrains: fields forest pasture hills \
                 mountains desert, numbers 2-12 or - for none",
                crate::text_safe::clean(word)
            ),
            CatanTextError::Board(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for CatanTextError {}

/// A Catan hex as the text forms write it: `TERRAIN:NUMBER` (`desert:-`).
pub fn hex_label(h: &CatanHex) -> String {
    format!(
        "{}:{}",
        h.terrain.name(),
        h.number.map_or("-".to_string(), |n| n.to_string())
    )
}

/// The readable text form of a Catan island (see the module docs).
pub fn catan_text(board: &CatanBoard) -> String {
    let widest = board.rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::from("# catan: rows top first, TERRAIN:NUMBER (desert:-)\n");
    for row in &board.rows {
        let cells: Vec<String> = row.iter().map(hex_label).collect();
        out.push_str(&" ".repeat(2 * (widest - row.len())));
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// Read [`catan_text`]'s form back (blank and `#` lines skipped); the
/// board is checked with [`CatanBoard::validate`]. Errors name the line
/// and the word, and what is allowed.
pub fn parse_catan_text(text: &str) -> Result<CatanBoard, CatanTextError> {
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |w: &str| CatanTextError::BadHex {
            line: n + 1,
            word: w.to_string(),
        };
        let row = line
            .split_whitespace()
            .map(|w| {
                let (t, num) = w.split_once(':').ok_or_else(|| bad(w))?;
                let terrain = TERRAINS
                    .into_iter()
                    .find(|x| x.name() == t)
                    .ok_or_else(|| bad(w))?;
                let number = match num {
                    "-" => None,
                    n => Some(n.parse::<u8>().map_err(|_| bad(w))?),
                };
                Ok(CatanHex { terrain, number })
            })
            .collect::<Result<Vec<_>, CatanTextError>>()?;
        rows.push(row);
    }
    let board = CatanBoard {
        rows,
        harbours: Vec::new(),
    };
    board
        .validate()
        .map_err(|e| CatanTextError::Board(e.to_string()))?;
    Ok(board)
}
