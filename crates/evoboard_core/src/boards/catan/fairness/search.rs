//! `generate catan --fair-by-play K` end to end: K perfect boards from a
//! gallery, their harbours placed, raced by play
//! ([`crate::boards::catan::fair_by_play::race`]) beside the beginner
//! board, and uniformly random boards played the same way.

use super::chart::{ChartGroup, ChartPoint, FairnessChart};
use super::compare::{FamilySpread, MAX_COMPARE, beginner_island, family_spreads, random_islands};
use crate::boards::catan::fair_by_play::{RaceConfig, RaceProgress, RaceReport, race};
use crate::boards::catan::play::{Bot, PlayConfig, PlayError, RobustReport, Rules, play_families};
use crate::boards::catan::{CatanBoard, CatanLayout};
use crate::boards::code::encode_catan;
use crate::boards::gallery::{GalleryBoard, GalleryRequest};
use crate::boards::{BoardError, BoardGame};
use std::fmt;
use std::time::Instant;

/// Most candidates the search takes.
pub const MAX_CANDIDATES: usize = 256;
/// Most games per family a candidate plays in the race by default.
pub const DEFAULT_GAMES: u32 = 800;

/// Everything the fair-by-play search takes.
///
/// ```
/// use evoboard_core::boards::catan::fairness::FairByPlayRequest;
/// use evoboard_core::boards::catan::play::Bot;
/// use evoboard_core::boards::gallery::GalleryRequest;
/// use evoboard_core::boards::BoardGame;
/// let request = FairByPlayRequest {
///     families: vec![Bot::Random],
///     games: 20,
///     precision: 1.0,
///     search_games: 0,
///     compare: 1,
///     threads: 1,
///     ..FairByPlayRequest::new(GalleryRequest {
///         candidates: 16,
///         ..GalleryRequest::new(BoardGame::Catan, 2, 3)
///     })
/// };
/// let found = request.run(&|_| true).unwrap();
/// assert_eq!(found.islands.len(), found.boards.len());
/// assert_eq!(found.random.len(), 1);
/// assert!(found.race.beginner.is_some(), "the base island has the beginner board");
/// assert!(found.verdict().contains("beginner board"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct FairByPlayRequest {
    /// The candidates' gallery (Catan; its `boards` is K, its `seed` the
    /// seed of every game and of the harbours).
    pub gallery: GalleryRequest,
    /// The families the robust figure is the worst of.
    pub families: Vec<Bot>,
    /// Most games per family a candidate plays in the race, and each
    /// random board's games per family.
    pub games: u32,
    /// Seats (0: the island's most).
    pub seats: u8,
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// Table rules (player trades).
    pub rules: Rules,
    /// The pick is re-measured until its robust interval is at most this
    /// wide on each side (above 0, at most 1).
    pub precision: f64,
    /// Games of the search bot at every seat of the pick and the
    /// beginner board (0: skipped).
    pub search_games: u32,
    /// Uniformly random boards played beside (at most [`MAX_COMPARE`]).
    pub compare: usize,
}

/// Why the search did not run.
#[derive(Clone, Debug, PartialEq)]
pub enum FairnessError {
    /// K is not 1 to [`MAX_CANDIDATES`].
    Candidates(usize),
    /// The precision is not above 0 and at most 1.
    Precision(f64),
    /// More random boards than [`MAX_COMPARE`].
    Compare(usize),
    /// The gallery is not of Catan boards.
    NotCatan(BoardGame),
    /// The gallery found no perfect board.
    NoPerfectBoard,
    /// The gallery could not run.
    Board(BoardError),
    /// A play-test could not run.
    Play(PlayError),
}

impl fmt::Display for FairnessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FairnessError::Candidates(k) => write!(
                f,
                "{k} candidate boards is out of range; allowed: 1..={MAX_CANDIDATES}"
            ),
            FairnessError::Precision(h) => write!(
                f,
                "a precision of {h} is out of range; allowed: above 0 up to 1"
            ),
            FairnessError::Compare(r) => write!(
                f,
                "{r} random boards is out of range; allowed: 0..={MAX_COMPARE}"
            ),
            FairnessError::NotCatan(g) => {
                write!(f, "the fair-by-play search plays Catan; not {}", g.name())
            }
            FairnessError::NoPerfectBoard => {
                f.write_str("the gallery found no perfect board to play-test")
            }
            FairnessError::Board(e) => e.fmt(f),
            FairnessError::Play(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FairnessError {}

impl From<BoardError> for FairnessError {
    fn from(e: BoardError) -> Self {
        FairnessError::Board(e)
    }
}

impl From<PlayError> for FairnessError {
    fn from(e: PlayError) -> Self {
        FairnessError::Play(e)
    }
}

/// What the search found.
pub struct FairByPlay {
    /// The request it ran.
    pub request: FairByPlayRequest,
    /// The candidates, as the gallery gave them.
    pub boards: Vec<GalleryBoard>,
    /// The candidates with their harbours (the boards played), in the
    /// same order.
    pub islands: Vec<CatanBoard>,
    /// The race, the re-measures and the search-bot step.
    pub race: RaceReport,
    /// Each random board's families play-test.
    pub random: Vec<RobustReport>,
    /// Wall time of the gallery, in milliseconds.
    pub gallery_ms: f64,
    /// Wall time of the whole search, in milliseconds.
    pub elapsed_ms: f64,
}

impl FairByPlayRequest {
    /// The defaults of `generate catan --fair-by-play K` for `gallery`
    /// (K and the seed are the gallery's): the fast families,
    /// [`DEFAULT_GAMES`] games, the island's seats, all cores, no trades,
    /// precision 0.01, 2,000 search-bot games, no random boards.
    pub fn new(gallery: GalleryRequest) -> Self {
        let race = RaceConfig::new(gallery.seed);
        FairByPlayRequest {
            gallery,
            families: race.families,
            games: DEFAULT_GAMES,
            seats: 0,
            threads: 0,
            rules: Rules::default(),
            precision: race.precision,
            search_games: race.search_games,
            compare: 0,
        }
    }

    /// The seed of every game and of the harbours (the gallery's).
    pub fn seed(&self) -> u64 {
        self.gallery.seed
    }

    /// Whether the request is in range: K, the precision, the random
    /// boards and the game.
    pub fn check(&self) -> Result<(), FairnessError> {
        let k = self.gallery.boards;
        if k == 0 || k > MAX_CANDIDATES {
            return Err(FairnessError::Candidates(k));
        }
        if !(self.precision > 0.0 && self.precision <= 1.0) {
            return Err(FairnessError::Precision(self.precision));
        }
        if self.compare > MAX_COMPARE {
            return Err(FairnessError::Compare(self.compare));
        }
        if self.gallery.game != BoardGame::Catan {
            return Err(FairnessError::NotCatan(self.gallery.game));
        }
        Ok(())
    }

    /// The games of every play-test but the race's (`games` games per
    /// family; the bots are set per family).
    pub fn play(&self) -> PlayConfig {
        PlayConfig {
            seats: self.seats,
            rules: self.rules,
            ..PlayConfig::uniform(self.games, Bot::Value, self.seed(), self.threads)
        }
    }

    /// The race of the candidates: rounds of up to 200 games, re-measures
    /// in batches of `games` (at least a round's, at most 2,000).
    pub fn race_config(&self) -> RaceConfig {
        let batch = self.games.min(RaceConfig::new(self.seed()).batch);
        RaceConfig {
            families: self.families.clone(),
            batch,
            max_games: self.games,
            precision: self.precision,
            recheck_batch: self.games.clamp(batch, 2000),
            search_games: self.search_games,
            seats: self.seats,
            threads: self.threads,
            rules: self.rules,
            ..RaceConfig::new(self.seed())
        }
    }

    /// Run the search: the gallery, the race beside the beginner board
    /// (on the base island), then the random boards. `progress` gets the
    /// stage (the race's, then `random`) and the games of its batch;
    /// `false` cancels. Same request, same figures (but the times).
    pub fn run(
        &self,
        progress: &(dyn Fn(RaceProgress) -> bool + Sync),
    ) -> Result<FairByPlay, FairnessError> {
        self.check()?;
        let start = Instant::now();
        let gallery = self.gallery.run()?;
        let gallery_ms = gallery.elapsed.as_secs_f64() * 1000.0;
        let boards = gallery.boards;
        if boards.is_empty() {
            return Err(FairnessError::NoPerfectBoard);
        }
        let seed = self.seed();
        let catan = &self.gallery.scoring.catan;
        let islands: Vec<CatanBoard> = boards
            .iter()
            .map(|b| CatanBoard::with_placed_harbours(&b.tiles, catan, seed))
            .collect();
        let layout = islands[0].layout().unwrap_or_else(CatanLayout::base);
        let beginner = (layout.hexes() == 19).then(beginner_island);
        let race = race(&islands, beginner.as_ref(), &self.race_config(), progress)?;
        let play = self.play();
        let of = play.games.saturating_mul(self.families.len() as u32);
        let random = random_islands(layout, self.compare, seed)
            .ok_or(FairnessError::Compare(self.compare))?
            .iter()
            .map(|island| {
                play_families(island, &self.families, &play, &|games| {
                    progress(RaceProgress {
                        stage: "random",
                        games,
                        of,
                    })
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(FairByPlay {
            request: self.clone(),
            boards,
            islands,
            race,
            random,
            gallery_ms,
            elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
        })
    }
}

impl FairByPlay {
    /// The pick with its harbours.
    pub fn pick_island(&self) -> &CatanBoard {
        &self.islands[self.race.pick]
    }

    /// The `evaluate` command that plays the pick's fresh games again.
    pub fn recheck_command(&self) -> String {
        let fresh = &self.race.pick_fresh;
        let families: Vec<&str> = fresh.families.iter().map(|f| f.family).collect();
        let games = fresh.families.first().map_or(0, |f| f.play.games);
        let seats = fresh.families.first().map_or(0, |f| f.play.seats);
        format!(
            "evoboard evaluate catan --code {} --play {games} --bots families:{} --seats {seats} --seed {}{}",
            encode_catan(self.pick_island()).unwrap_or_default(),
            families.join(","),
            self.race.fresh_seed,
            if self.request.rules.trades {
                " --trades"
            } else {
                ""
            }
        )
    }

    /// One plain sentence on the pick against the beginner board.
    pub fn verdict(&self) -> String {
        verdict(&self.race)
    }

    /// Each family's mean seat advantage over the random boards.
    pub fn random_spreads(&self) -> Vec<FamilySpread> {
        family_spreads(&self.random)
    }

    /// The chart of `--plot`: the candidates (their race figures), the
    /// random boards and the beginner board, each by its worst family,
    /// and the pick's fresh games.
    pub fn chart(&self) -> FairnessChart {
        let rules = self.request.gallery.scoring.rules_name(BoardGame::Catan);
        let candidates: Vec<_> = self
            .race
            .entrants
            .iter()
            .map(|e| e.report.worst())
            .collect();
        let mut groups = vec![ChartGroup::new(
            format!("{rules} rules (the candidates)"),
            &candidates,
        )];
        if !self.random.is_empty() {
            let random: Vec<_> = self.random.iter().map(RobustReport::worst).collect();
            groups.push(ChartGroup::new("uniformly random", &random));
        }
        if let Some(b) = &self.race.beginner {
            groups.push(ChartGroup::new("official beginner", &[b.worst()]));
        }
        FairnessChart {
            groups,
            pick: ChartPoint::of(self.race.pick_fresh.worst()),
        }
    }
}

/// One plain sentence on the pick against the beginner board: both
/// robust figures with their intervals, and whether the pick beats it
/// clearly, within the noise, or not at all.
pub fn verdict(r: &RaceReport) -> String {
    let p = r.pick_fresh.robust_seat_advantage;
    let Some(b) = r.beginner.as_ref().map(|b| b.robust_seat_advantage) else {
        return format!(
            "the pick's robust seat advantage is {:.3} [{:.3}, {:.3}] (no beginner board on this island)",
            p.value, p.low, p.high
        );
    };
    let how = match (r.beats_beginner, r.clearly_beats_beginner) {
        (Some(true), Some(true)) => "beats the beginner board clearly (the intervals are apart)",
        (Some(true), _) => {
            "is at or below the beginner board's, but the intervals overlap: not clearly fairer"
        }
        _ => "does NOT beat the beginner board",
    };
    format!(
        "the pick's robust seat advantage {:.3} [{:.3}, {:.3}] against the beginner board's \
         {:.3} [{:.3}, {:.3}]: the pick {how}",
        p.value, p.low, p.high, b.value, b.low, b.high
    )
}
