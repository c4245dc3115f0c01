//! Pieces every hex-board search shares: the best board so far, the
//! accessors of a board search, and a shuffle.

use crate::rng::{Rng, RngExt};
use crate::search::Progress;

/// The best board so far of a search, and its score.
#[derive(Clone, Debug)]
pub(crate) struct Best {
    /// The board.
    pub(crate) board: Vec<u8>,
    /// Its score.
    pub(crate) score: u64,
}

impl Best {
    /// No board yet: any score beats it.
    pub(crate) fn unscored(hexes: usize) -> Self {
        Best {
            board: vec![0; hexes],
            score: u64::MAX,
        }
    }

    /// A first board and its score.
    pub(crate) fn of(board: &[u8], score: u64) -> Self {
        Best {
            board: board.to_vec(),
            score,
        }
    }

    /// Record `board` if it beats the best; returns whether it did.
    pub(crate) fn offer(&mut self, board: &[u8], score: u64) -> bool {
        if score < self.score {
            self.score = score;
            self.board.copy_from_slice(board);
            true
        } else {
            false
        }
    }
}

/// The moves of one step of a local search (our `best` searches): the sum
/// and count of their scores and whether one found a new best.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct StepMoves {
    sum: u64,
    count: u64,
    /// Whether a move found a new best board.
    pub(crate) improved: bool,
}

impl StepMoves {
    /// Count a move that left the board at `score`.
    pub(crate) fn record(&mut self, score: u64) {
        self.sum += score;
        self.count += 1;
    }

    /// The report after this step: the mean score of its moves (the best
    /// score when it made none).
    pub(crate) fn progress(&self, last: Progress, evaluations: u64, best: &Best) -> Progress {
        let mean = if self.count > 0 {
            self.sum as f64 / self.count as f64
        } else {
            best.score as f64
        };
        last.next(evaluations, best.score as f64, mean, self.improved)
    }
}

/// `best`, `progress` and `is_solved` of a [`crate::search::Search`] over
/// boards that keeps its best board in a `best: Best` field and its last
/// report in a `progress: Progress` field.
macro_rules! board_search_accessors {
    () => {
        fn best(&self) -> (&Vec<u8>, f64) {
            (&self.best.board, self.best.score as f64)
        }

        fn progress(&self) -> Progress {
            self.progress
        }

        fn is_solved(&self) -> bool {
            self.best.score == 0
        }
    };
}
pub(crate) use board_search_accessors;

/// Fisher–Yates shuffle with the project RNG.
pub fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}
