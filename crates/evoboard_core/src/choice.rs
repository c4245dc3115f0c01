//! The error of a word that is none of the allowed ones (a map view, a
//! print style, a paper size, a page count…): what was asked, what was
//! given and what is allowed, as values a caller can match.

use std::fmt;

/// A word that is none of the allowed ones.
///
/// ```
/// use evoboard_core::choice::NotAllowed;
/// let e = NotAllowed::new("paper", "a5", "a4, letter");
/// assert_eq!(e.to_string(), "paper 'a5' is not allowed; allowed: a4, letter");
/// assert_eq!(e.what, "paper");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAllowed {
    /// What was asked for (`view`, `paper`…).
    pub what: &'static str,
    /// The word as given.
    pub given: String,
    /// The allowed words, comma-separated.
    pub allowed: &'static str,
}

impl NotAllowed {
    /// `given` is no `what`; `allowed` lists the words that are.
    pub fn new(what: &'static str, given: &str, allowed: &'static str) -> NotAllowed {
        NotAllowed {
            what,
            given: given.to_string(),
            allowed,
        }
    }
}

impl fmt::Display for NotAllowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The word came from a person or a file: shown made safe.
        let given = crate::text_safe::clean(&self.given);
        write!(
            f,
            "{} '{given}' is not allowed; allowed: {}",
            self.what, self.allowed
        )
    }
}

impl std::error::Error for NotAllowed {}
