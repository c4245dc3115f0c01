//! `generate catan --fair-by-play K --json`: every candidate's race, the
//! pick re-measured beside the beginner board, the search bot's games and
//! the random boards, as typed data.

use super::compare::{FamilySpread, GroupSummary};
use super::search::FairByPlay;
use super::summary::{PlaySummary, RobustSummary};
use crate::boards::BoardGame;
use crate::boards::catan::play::{Advantage, FamilyReport, RobustReport};
use crate::boards::code::encode_catan;
use crate::boards::report::{BoardRows, HarbourEntry};
use serde::Serialize;

/// What `generate catan --fair-by-play K --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FairByPlayReport {
    /// Always `catan`.
    pub game: &'static str,
    /// The seed of the gallery, the harbours and the race's games.
    pub seed: u64,
    /// The rule set the candidates are perfect under.
    pub rules: &'static str,
    /// The bots as asked for (`--bots`).
    pub bots: String,
    /// The families the robust figure is the worst of.
    pub families: Vec<&'static str>,
    /// Whether players trade.
    pub trades: bool,
    /// Most games per family a candidate plays in the race.
    pub games_per_candidate: u32,
    /// Rounds raced.
    pub rounds: u32,
    /// Games played in the race, all candidates and families.
    pub race_games: u64,
    /// Every candidate, in the gallery's order.
    pub candidates: Vec<CandidateReport>,
    /// The index of the pick in `candidates`.
    pub pick: usize,
    /// The pick's rows.
    pub board: BoardRows,
    /// The pick's share code, with its harbours.
    pub code: Option<String>,
    /// The pick's harbours.
    pub harbours: Vec<HarbourEntry>,
    /// The pick's robust seat advantage in the race.
    pub seat_advantage: f64,
    /// The mean of the candidates' robust seat advantages in the race.
    pub mean_seat_advantage: f64,
    /// The pick's robust seat advantage on fresh games.
    pub robust_seat_advantage: Advantage,
    /// The pick's fresh games.
    pub recheck: RobustSummary,
    /// The seed of the fresh games.
    pub recheck_seed: u64,
    /// The `evaluate` command that plays the fresh games again.
    pub recheck_command: String,
    /// The beginner board on the same fresh games (`None` off the base
    /// island).
    pub beginner: Option<RobustSummary>,
    /// The search bot at every seat of the pick and the beginner board.
    pub search: SearchBotSummary,
    /// Whether the pick's robust figure is at or below the beginner
    /// board's.
    pub beats_beginner: Option<bool>,
    /// Whether the pick's interval lies wholly below the beginner
    /// board's.
    pub clearly_beats_beginner: Option<bool>,
    /// One plain sentence on the pick against the beginner board.
    pub verdict: String,
    /// The groups of boards side by side.
    pub compare: CompareSummary,
    /// Wall time of the gallery, in milliseconds.
    pub gallery_ms: f64,
    /// Wall time of the race, in milliseconds.
    pub race_ms: f64,
    /// Wall time of the re-measures, in milliseconds.
    pub recheck_ms: f64,
    /// Wall time of the search bot's games, in milliseconds.
    pub search_ms: f64,
    /// Wall time of the whole search, in milliseconds.
    pub elapsed_ms: f64,
}

/// One candidate of a [`FairByPlayReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CandidateReport {
    /// Its rows.
    pub board: BoardRows,
    /// Its share code, with its harbours.
    pub code: Option<String>,
    /// Its score (0: perfect).
    pub score: f64,
    /// Its harbours.
    pub harbours: Vec<HarbourEntry>,
    /// Its families' figures over the games it played.
    pub play: RobustSummary,
    /// Games per family it played.
    pub games: u32,
    /// The round after which it was dropped (`None`: it ran to the end).
    pub dropped_after: Option<u32>,
}

/// The search bot at every seat (`None`: skipped).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchBotSummary {
    /// On the pick.
    pub pick: Option<PlaySummary>,
    /// On the beginner board.
    pub beginner: Option<PlaySummary>,
}

/// The candidates, the random boards and the beginner board side by
/// side, each board by its worst family.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareSummary {
    /// The candidates' race figures.
    pub candidates: GroupSummary,
    /// The uniformly random boards'.
    pub random: GroupSummary,
    /// Each family's figure over the random boards.
    pub random_families: Vec<FamilySpread>,
    /// The beginner board's fresh games (`None` off the base island).
    pub official: Option<PlaySummary>,
}

impl FairByPlayReport {
    /// The report of `found`; `bots` is how the families were asked for
    /// (the command line's `--bots`).
    pub fn new(found: &FairByPlay, bots: String) -> Self {
        let race = &found.race;
        let pick = race.pick;
        let robust = |r: &RobustReport| r.robust_seat_advantage.value;
        let mean = race.entrants.iter().map(|e| robust(&e.report)).sum::<f64>()
            / race.entrants.len() as f64;
        let search = |f: &Option<FamilyReport>| f.as_ref().map(|f| PlaySummary::new(&f.play));
        let candidates: Vec<CandidateReport> = found
            .boards
            .iter()
            .zip(&race.entrants)
            .zip(&found.islands)
            .map(|((b, e), island)| CandidateReport {
                board: BoardRows::of(BoardGame::Catan, &b.tiles),
                code: encode_catan(island).ok(),
                score: b.score as f64,
                harbours: HarbourEntry::list(island),
                play: RobustSummary::new(&e.report),
                games: e.games,
                dropped_after: e.dropped_after,
            })
            .collect();
        let request = &found.request;
        let worst_of_candidates: Vec<_> = race.entrants.iter().map(|e| e.report.worst()).collect();
        let worst_of_random: Vec<_> = found.random.iter().map(RobustReport::worst).collect();
        FairByPlayReport {
            game: BoardGame::Catan.name(),
            seed: request.seed(),
            rules: request.gallery.scoring.rules_name(BoardGame::Catan),
            bots,
            families: request.families.iter().map(|f| f.name()).collect(),
            trades: request.rules.trades,
            games_per_candidate: request.games,
            rounds: race.rounds,
            race_games: race.race_games,
            board: candidates[pick].board.clone(),
            code: candidates[pick].code.clone(),
            harbours: candidates[pick].harbours.clone(),
            candidates,
            pick,
            seat_advantage: robust(&race.entrants[pick].report),
            mean_seat_advantage: mean,
            robust_seat_advantage: race.pick_fresh.robust_seat_advantage,
            recheck: RobustSummary::new(&race.pick_fresh),
            recheck_seed: race.fresh_seed,
            recheck_command: found.recheck_command(),
            beginner: race.beginner.as_ref().map(RobustSummary::new),
            search: SearchBotSummary {
                pick: search(&race.search_pick),
                beginner: search(&race.search_beginner),
            },
            beats_beginner: race.beats_beginner,
            clearly_beats_beginner: race.clearly_beats_beginner,
            verdict: found.verdict(),
            compare: CompareSummary {
                candidates: GroupSummary::of(&worst_of_candidates),
                random: GroupSummary::of(&worst_of_random),
                random_families: found.random_spreads(),
                official: race.beginner.as_ref().map(|b| PlaySummary::new(b.worst())),
            },
            gallery_ms: found.gallery_ms,
            race_ms: race.race_ms,
            recheck_ms: race.recheck_ms,
            search_ms: race.search_ms,
            elapsed_ms: found.elapsed_ms,
        }
    }
}
