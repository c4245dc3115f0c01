//! A play-test as `evaluate catan --play N` and `generate catan --play N`
//! run it: one lineup, or each bot family at every seat of its own games.

use super::summary::{PlaySummary, PlayTestSummary, RobustSummary};
use crate::boards::catan::CatanBoard;
use crate::boards::catan::play::{
    Bot, PlayConfig, PlayError, PlayReport, RobustReport, play_families,
};

/// What a play-test found: one lineup's figures, or each family's with
/// the robust figure.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayTest {
    /// One lineup.
    Lineup(PlayReport),
    /// Each family at every seat.
    Families(RobustReport),
}

impl PlayTest {
    /// Play `board` as `cfg` says: its lineup, or, given `families`, each
    /// family at every seat of `cfg.games` games of its own
    /// ([`play_families`]). `progress` gets the games done so far (of
    /// [`Self::games_in_all`]); `false` cancels.
    ///
    /// ```
    /// use evoboard_core::boards::catan::fairness::{PlayTest, PlayTestSummary};
    /// use evoboard_core::boards::catan::play::{Bot, PlayConfig};
    /// use evoboard_core::boards::catan::{CatanBoard, standard_codes};
    /// let board = CatanBoard::decode(&standard_codes());
    /// let cfg = PlayConfig::uniform(10, Bot::Value, 1, 1);
    /// let families = [Bot::Value, Bot::Random];
    /// let t = PlayTest::run(&board, &cfg, Some(&families), &|_| true).unwrap();
    /// assert_eq!(PlayTest::games_in_all(&cfg, Some(&families)), 20);
    /// let PlayTestSummary::Families(s) = t.summary() else { panic!() };
    /// assert_eq!((s.games, s.families.len()), (10, 2));
    /// ```
    pub fn run(
        board: &CatanBoard,
        cfg: &PlayConfig,
        families: Option<&[Bot]>,
        progress: &(dyn Fn(u32) -> bool + Sync),
    ) -> Result<PlayTest, PlayError> {
        Ok(match families {
            Some(f) => PlayTest::Families(play_families(board, f, cfg, progress)?),
            None => PlayTest::Lineup(crate::boards::catan::play::play_test(board, cfg, progress)?),
        })
    }

    /// The games [`Self::run`] plays in all: `cfg.games`, times the
    /// families when there are some.
    pub fn games_in_all(cfg: &PlayConfig, families: Option<&[Bot]>) -> u64 {
        cfg.games as u64 * families.map_or(1, |f| f.len() as u64)
    }

    /// Its `play` JSON.
    pub fn summary(&self) -> PlayTestSummary {
        match self {
            PlayTest::Lineup(r) => PlayTestSummary::Lineup(PlaySummary::new(r)),
            PlayTest::Families(r) => PlayTestSummary::Families(RobustSummary::new(r)),
        }
    }
}
