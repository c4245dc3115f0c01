//! The fair-by-play search: of K candidate boards, the one whose seats
//! win most evenly under every fast bot family, told apart from luck.
//!
//! 1. **Race** ([`race`]): every candidate plays [`RaceConfig::batch`]
//!    games per family a round; its robust seat advantage (the worst
//!    family's, [`Advantage::worst`]) carries a 95 % interval. A candidate
//!    whose interval lies wholly above the best candidate's is dropped;
//!    the games go to the close ones, until one is left or each has
//!    [`RaceConfig::max_games`] games per family. The pick is the
//!    survivor with the smallest robust figure.
//! 2. **Re-measure**: the smallest of K noisy figures is biased low, so
//!    the pick is played again on fresh seeds, batch after batch, until
//!    its robust interval's half-width is at most
//!    [`RaceConfig::precision`] (or [`RaceConfig::max_recheck`] games).
//!    The rulebook's beginner board is measured beside it on the same
//!    fresh seeds by the same stop rule.
//! 3. **Search bot** (unless [`RaceConfig::search_games`] is 0): the pick
//!    and the beginner board are played by the search bot at every seat.
//!
//! The CLI (`generate catan --fair-by-play K`) builds the candidates from
//! a gallery and prints this report; nothing here does I/O.

use super::CatanBoard;
use super::play::{
    Advantage, Bot, FAST_FAMILIES, FamilyReport, FamilyTallies, PlayConfig, PlayError,
    RobustReport, Rules,
};
use crate::rng::derive_seed;
use serde::Serialize;
use std::time::Instant;

/// What the racing search plays.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceConfig {
    /// The families the robust figure is the worst of (default: the fast
    /// ones, the value bot and the planner).
    pub families: Vec<Bot>,
    /// Games per family a candidate plays each round.
    pub batch: u32,
    /// Most games per family a candidate plays in the race.
    pub max_games: u32,
    /// The re-measure stops once the pick's robust interval is at most
    /// this wide on each side.
    pub precision: f64,
    /// Games per family of each re-measure batch.
    pub recheck_batch: u32,
    /// Most games per family of the pick's re-measure.
    pub max_recheck: u32,
    /// Games of the search bot at every seat on the pick and the beginner
    /// board (0: skip that step).
    pub search_games: u32,
    /// Seats (0: the island's most).
    pub seats: u8,
    /// The seed of every game.
    pub seed: u64,
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// Table rules (player trades).
    pub rules: Rules,
}

impl RaceConfig {
    /// The defaults of `generate catan --fair-by-play` for `seed`.
    pub fn new(seed: u64) -> RaceConfig {
        RaceConfig {
            families: FAST_FAMILIES.to_vec(),
            batch: 200,
            max_games: 800,
            precision: 0.01,
            recheck_batch: 2000,
            max_recheck: 60_000,
            search_games: 2000,
            seats: 0,
            seed,
            threads: 0,
            rules: Rules::default(),
        }
    }

    fn play(&self, seed: u64) -> PlayConfig {
        PlayConfig {
            seats: self.seats,
            seed,
            threads: self.threads,
            rules: self.rules,
            ..PlayConfig::uniform(1, Bot::Value, seed, self.threads)
        }
    }
}

/// One candidate's race.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entrant {
    /// Its families' figures over the games it played.
    pub report: RobustReport,
    /// Games per family it played.
    pub games: u32,
    /// The round after which it was dropped (`None`: it ran to the end).
    pub dropped_after: Option<u32>,
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RaceReport {
    /// Every candidate's race, in the order given.
    pub entrants: Vec<Entrant>,
    /// Rounds raced.
    pub rounds: u32,
    /// Games played in the race, all candidates and families.
    pub race_games: u64,
    /// The index of the pick.
    pub pick: usize,
    /// The seed of the fresh games (`evaluate catan --code <pick's code>
    /// --play <games> --bots families:<families> --seed <this>` plays
    /// them again).
    pub fresh_seed: u64,
    /// The pick re-measured on fresh seeds.
    pub pick_fresh: RobustReport,
    /// The beginner board on the same fresh seeds (`None`: not given).
    pub beginner: Option<RobustReport>,
    /// The search bot at every seat of the pick (`None`: skipped).
    pub search_pick: Option<FamilyReport>,
    /// The search bot at every seat of the beginner board.
    pub search_beginner: Option<FamilyReport>,
    /// Whether the pick's robust advantage is at or below the beginner
    /// board's (`None`: no beginner board).
    pub beats_beginner: Option<bool>,
    /// Whether the intervals are apart: the pick's upper end below the
    /// beginner board's lower end.
    pub clearly_beats_beginner: Option<bool>,
    /// Wall time of the race, the re-measures and the search-bot step.
    pub race_ms: f64,
    /// Wall time of the re-measures (the pick's and the beginner's).
    pub recheck_ms: f64,
    /// Wall time of the search-bot step (0 when skipped).
    pub search_ms: f64,
}

/// Where the search is, for a progress bar: the stage and the games
/// played in it so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceProgress {
    /// `race`, `recheck`, `beginner` or `search`.
    pub stage: &'static str,
    /// Games played in this stage's current batch.
    pub games: u32,
    /// Games in that batch.
    pub of: u32,
}

/// Whether `a`'s interval lies wholly above `b`'s.
fn clearly_above(a: &Advantage, b: &Advantage) -> bool {
    a.low > b.high
}

/// Race `candidates` (boards with their harbours; at least one) and
/// re-measure the pick beside `beginner`, as `cfg` says. `progress`
/// returning `false` cancels ([`PlayError::Cancelled`]). Same seed, same
/// report (but the times).
pub fn race(
    candidates: &[CatanBoard],
    beginner: Option<&CatanBoard>,
    cfg: &RaceConfig,
    progress: &(dyn Fn(RaceProgress) -> bool + Sync),
) -> Result<RaceReport, PlayError> {
    if candidates.is_empty() {
        return Err(PlayError::Board("no candidate board to race".into()));
    }
    if cfg.batch == 0 || cfg.max_games < cfg.batch {
        return Err(PlayError::Games(cfg.batch as u64));
    }
    if cfg.recheck_batch == 0 || cfg.max_recheck < cfg.recheck_batch {
        return Err(PlayError::Games(cfg.recheck_batch as u64));
    }
    let pool = super::play::thread_pool(cfg.threads)?;
    pool.install(|| race_in_pool(candidates, beginner, cfg, progress))
}

fn race_in_pool(
    candidates: &[CatanBoard],
    beginner: Option<&CatanBoard>,
    cfg: &RaceConfig,
    progress: &(dyn Fn(RaceProgress) -> bool + Sync),
) -> Result<RaceReport, PlayError> {
    let start = Instant::now();
    let stage = |stage: &'static str, of: u32| {
        move |games: u32| progress(RaceProgress { stage, games, of })
    };
    let nf = cfg.families.len() as u32;
    let play = cfg.play(cfg.seed);
    let mut runs: Vec<FamilyTallies> = candidates
        .iter()
        .map(|b| FamilyTallies::new(b, &cfg.families, &play))
        .collect::<Result<_, _>>()?;
    let mut dropped: Vec<Option<u32>> = vec![None; runs.len()];
    let mut rounds = 0;
    let mut race_games = 0u64;
    loop {
        rounds += 1;
        for (run, _) in runs.iter_mut().zip(&dropped).filter(|(_, d)| d.is_none()) {
            run.play(cfg.batch, &stage("race", cfg.batch * nf))?;
            race_games += cfg.batch as u64 * cfg.families.len() as u64;
        }
        let robust: Vec<Advantage> = runs
            .iter()
            .map(|r| r.report().robust_seat_advantage)
            .collect();
        let alive = |d: &Option<u32>| d.is_none();
        let Some(best) = (0..runs.len())
            .filter(|&i| alive(&dropped[i]))
            .min_by(|&i, &j| robust[i].value.total_cmp(&robust[j].value))
        else {
            break;
        };
        for i in 0..runs.len() {
            if alive(&dropped[i]) && clearly_above(&robust[i], &robust[best]) {
                dropped[i] = Some(rounds);
            }
        }
        let left = dropped.iter().filter(|d| alive(d)).count();
        if left <= 1 || runs[best].games() >= cfg.max_games {
            break;
        }
    }
    let entrants: Vec<Entrant> = runs
        .iter()
        .zip(&dropped)
        .map(|(r, &d)| Entrant {
            report: r.report(),
            games: r.games(),
            dropped_after: d,
        })
        .collect();
    let pick = (0..entrants.len())
        .filter(|&i| entrants[i].dropped_after.is_none())
        .min_by(|&i, &j| {
            let v = |k: usize| entrants[k].report.robust_seat_advantage.value;
            v(i).total_cmp(&v(j))
        })
        .unwrap_or(0);
    let race_ms = start.elapsed().as_secs_f64() * 1000.0;

    // Fresh seeds: the pick until precise enough, the beginner board to a
    // fixed count.
    let recheck_start = Instant::now();
    let fresh_seed = derive_seed(cfg.seed, 0x5eed);
    let fresh = cfg.play(fresh_seed);
    let measure = |board: &CatanBoard, name: &'static str| -> Result<RobustReport, PlayError> {
        let mut run = FamilyTallies::new(board, &cfg.families, &fresh)?;
        loop {
            let more = cfg.recheck_batch.min(cfg.max_recheck - run.games());
            run.play(more, &stage(name, more * nf))?;
            let hw = run.report().robust_seat_advantage.half_width();
            if hw <= cfg.precision || run.games() >= cfg.max_recheck {
                return Ok(run.report());
            }
        }
    };
    let pick_fresh = measure(&candidates[pick], "recheck")?;
    let beginner_report = beginner.map(|b| measure(b, "beginner")).transpose()?;
    let recheck_ms = recheck_start.elapsed().as_secs_f64() * 1000.0;

    let search_start = Instant::now();
    let search = |board: &CatanBoard| -> Result<FamilyReport, PlayError> {
        let mut run = FamilyTallies::new(board, &[Bot::Search], &fresh)?;
        while run.games() < cfg.search_games {
            let more = 100.min(cfg.search_games - run.games());
            run.play(more, &stage("search", more))?;
        }
        Ok(run.report().families.remove(0))
    };
    let (search_pick, search_beginner) = if cfg.search_games > 0 {
        (
            Some(search(&candidates[pick])?),
            beginner.map(search).transpose()?,
        )
    } else {
        (None, None)
    };
    let search_ms = if cfg.search_games > 0 {
        search_start.elapsed().as_secs_f64() * 1000.0
    } else {
        0.0
    };
    let p = pick_fresh.robust_seat_advantage;
    let b = beginner_report.as_ref().map(|r| r.robust_seat_advantage);
    Ok(RaceReport {
        entrants,
        rounds,
        race_games,
        pick,
        fresh_seed,
        beats_beginner: b.map(|b| p.value <= b.value),
        clearly_beats_beginner: b.map(|b| clearly_above(&b, &p)),
        pick_fresh,
        beginner: beginner_report,
        search_pick,
        search_beginner,
        race_ms,
        recheck_ms,
        search_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adv(value: f64, low: f64, high: f64) -> Advantage {
        Advantage { value, low, high }
    }

    #[test]
    fn a_candidate_is_dropped_only_when_its_interval_is_wholly_above_the_best() {
        let best = adv(0.02, 0.0, 0.05);
        assert!(clearly_above(&adv(0.09, 0.06, 0.12), &best));
        assert!(!clearly_above(&adv(0.07, 0.05, 0.10), &best), "touching");
        assert!(!clearly_above(&adv(0.08, 0.04, 0.12), &best), "overlapping");
    }

    fn quick(seed: u64) -> RaceConfig {
        RaceConfig {
            families: vec![Bot::Random],
            batch: 20,
            max_games: 60,
            recheck_batch: 30,
            max_recheck: 90,
            search_games: 0,
            threads: 1,
            ..RaceConfig::new(seed)
        }
    }

    #[test]
    fn the_race_stops_at_its_budget_and_the_recheck_at_its_precision() {
        let board = crate::boards::analysis::catan_table::official_beginner();
        let boards = [board.clone(), board.clone()];
        // Two equal boards: neither is dropped, both play to the budget.
        let r = race(&boards, Some(board), &quick(3), &|_| true).unwrap();
        assert_eq!(r.rounds, 3);
        assert!(
            r.entrants
                .iter()
                .all(|e| e.games == 60 && e.dropped_after.is_none())
        );
        assert_eq!(r.race_games, 2 * 60);
        // Precision 0 cannot be met: the recheck plays to its cap; any
        // interval meets precision 1 after one batch.
        assert_eq!(r.pick_fresh.families[0].play.games, 90);
        let loose = RaceConfig {
            precision: 1.0,
            ..quick(3)
        };
        let r2 = race(&boards, None, &loose, &|_| true).unwrap();
        assert_eq!(r2.pick_fresh.families[0].play.games, 30);
        assert_eq!((r2.beginner.is_none(), r2.beats_beginner), (true, None));
        // Same seed, same report (but the times).
        let again = race(&boards, Some(board), &quick(3), &|_| true).unwrap();
        let figures = |r: &RaceReport| -> Vec<Advantage> {
            r.entrants
                .iter()
                .map(|e| e.report.robust_seat_advantage)
                .chain([r.pick_fresh.robust_seat_advantage])
                .collect()
        };
        assert_eq!(figures(&again), figures(&r));
    }
}
