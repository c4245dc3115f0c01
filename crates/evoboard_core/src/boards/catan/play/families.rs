//! A board's fairness for any table, not for one bot: each bot family
//! plays every seat of its own play-test ([`play_families`]), and the
//! board's robust seat advantage is the worst family's
//! ([`RobustReport::robust_seat_advantage`]).

use super::bots::Bot;
use super::report::{PlayConfig, PlayError, PlayReport, Tally, placed_harbours, seats_of};
use super::topology::Topology;
use crate::boards::catan::CatanBoard;
use serde::Serialize;
use std::time::Instant;

/// The families a robust figure plays when none are named: the fast ones
/// (the greedy value bot and the planner).
pub const FAST_FAMILIES: [Bot; 2] = [Bot::Value, Bot::Planner];

/// A seat advantage with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Advantage {
    /// Largest minus smallest seat win share.
    pub value: f64,
    /// Lower end of the 95 % interval.
    pub low: f64,
    /// Upper end of the 95 % interval.
    pub high: f64,
}

impl Advantage {
    /// Half the interval's width.
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    fn of(r: &PlayReport) -> Advantage {
        let [low, high] = r.seat_advantage_interval;
        Advantage {
            value: r.seat_advantage,
            low,
            high,
        }
    }

    /// The worst (largest) of `advantages`; its interval is the largest
    /// lower end and the largest upper end (the largest of quantities
    /// each within its interval lies between those).
    pub fn worst(advantages: impl IntoIterator<Item = Advantage>) -> Advantage {
        advantages.into_iter().fold(
            Advantage {
                value: 0.0,
                low: 0.0,
                high: 0.0,
            },
            |w, a| Advantage {
                value: w.value.max(a.value),
                low: w.low.max(a.low),
                high: w.high.max(a.high),
            },
        )
    }
}

/// One family's play-test of a board: that bot at every seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FamilyReport {
    /// The family (`value`, `planner`, `search`, `random`).
    pub family: &'static str,
    /// Its play-test.
    pub play: PlayReport,
    /// Its seat advantage with the interval.
    pub seat_advantage: Advantage,
}

/// Every family's play-test of a board and the worst family's figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RobustReport {
    /// Per family, in the order asked.
    pub families: Vec<FamilyReport>,
    /// The largest seat advantage of the families, with its interval.
    pub robust_seat_advantage: Advantage,
    /// The family that gave it.
    pub worst_family: &'static str,
}

impl RobustReport {
    /// The worst family's play-test (the first family's when none is
    /// named worst).
    ///
    /// # Panics
    /// When the report has no family.
    pub fn worst(&self) -> &PlayReport {
        self.families
            .iter()
            .find(|f| f.family == self.worst_family)
            .map_or(&self.families[0].play, |f| &f.play)
    }
}

/// Running tallies of one board under each family, to which games are
/// added in batches (the racing search, re-measuring to a precision).
#[derive(Clone, Debug)]
pub struct FamilyTallies {
    topo: Topology,
    placed: bool,
    seats: u8,
    families: Vec<Bot>,
    tallies: Vec<Tally>,
    secs: Vec<f64>,
    cfg: PlayConfig,
}

impl FamilyTallies {
    /// No games yet of `board` (harbours placed as [`super::play_test`]
    /// places them) under each of `families`, played as `cfg` says (its
    /// seats, seed, threads and rules; its bots and rotation are set per
    /// family: the family at every seat, no rotation). Game `g` of every
    /// family is seeded by `derive_seed(cfg.seed, g)`, as
    /// [`super::play_test`] seeds it: a family's figures are those of
    /// `--bots <family>` with the same seed.
    pub fn new(
        board: &CatanBoard,
        families: &[Bot],
        cfg: &PlayConfig,
    ) -> Result<FamilyTallies, PlayError> {
        if families.is_empty() {
            return Err(PlayError::Board("no bot family to play".into()));
        }
        let (board, placed) = placed_harbours(board, cfg.seed);
        let topo = Topology::new(&board)?;
        let seats = seats_of(&topo, cfg)?;
        Ok(FamilyTallies {
            topo,
            placed,
            seats,
            families: families.to_vec(),
            tallies: vec![Tally::default(); families.len()],
            secs: vec![0.0; families.len()],
            cfg: PlayConfig {
                seats,
                rotate: false,
                ..cfg.clone()
            },
        })
    }

    /// Games played so far by each family (the same for all).
    pub fn games(&self) -> u32 {
        self.tallies.first().map_or(0, |t| t.games)
    }

    /// Play `more` games of each family (the next game numbers), in the
    /// current rayon pool. `progress` is called per game with the count
    /// done in this call; `false` cancels.
    pub fn play(
        &mut self,
        more: u32,
        progress: &(dyn Fn(u32) -> bool + Sync),
    ) -> Result<(), PlayError> {
        let from = self.games();
        let to = from
            .checked_add(more)
            .filter(|&n| n <= super::MAX_GAMES)
            .ok_or(PlayError::Games(from as u64 + more as u64))?;
        for (k, &family) in self.families.iter().enumerate() {
            let cfg = self.family_cfg(family);
            let start = Instant::now();
            let done = k as u32 * more;
            let t =
                super::report::play_games(&self.topo, &cfg, self.seats as usize, from..to, &|d| {
                    progress(done + d)
                })?;
            self.tallies[k] = self.tallies[k].merge(t);
            self.secs[k] += start.elapsed().as_secs_f64();
        }
        Ok(())
    }

    fn family_cfg(&self, family: Bot) -> PlayConfig {
        PlayConfig {
            bots: [family; super::MAX_SEATS],
            ..self.cfg.clone()
        }
    }

    /// The report of the games so far.
    pub fn report(&self) -> RobustReport {
        let families: Vec<FamilyReport> = self
            .families
            .iter()
            .zip(&self.tallies)
            .zip(&self.secs)
            .map(|((&family, tally), &secs)| {
                let play = tally.report(
                    &self.family_cfg(family),
                    self.seats as usize,
                    secs,
                    self.placed,
                );
                FamilyReport {
                    family: family.name(),
                    seat_advantage: Advantage::of(&play),
                    play,
                }
            })
            .collect();
        let robust = Advantage::worst(families.iter().map(|f| f.seat_advantage));
        let worst = families
            .iter()
            .max_by(|a, b| a.seat_advantage.value.total_cmp(&b.seat_advantage.value))
            .map_or("", |f| f.family);
        RobustReport {
            families,
            robust_seat_advantage: robust,
            worst_family: worst,
        }
    }
}

/// Play `cfg.games` games of `board` with each of `families` at every
/// seat and report each family's seat shares and advantage, and the
/// worst family's as the robust seat advantage. Same seed, same figures
/// (whatever the thread count).
///
/// ```
/// use evoboard_core::boards::catan::{CatanBoard, standard_codes};
/// use evoboard_core::boards::catan::play::{Bot, PlayConfig, play_families};
/// let board = CatanBoard::decode(&standard_codes());
/// let cfg = PlayConfig::uniform(20, Bot::Value, 1, 1);
/// let r = play_families(&board, &[Bot::Value, Bot::Random], &cfg, &|_| true).unwrap();
/// assert_eq!(r.families.len(), 2);
/// let worst = r.families.iter().map(|f| f.seat_advantage.value).fold(0.0, f64::max);
/// assert_eq!(r.robust_seat_advantage.value, worst);
/// ```
pub fn play_families(
    board: &CatanBoard,
    families: &[Bot],
    cfg: &PlayConfig,
    progress: &(dyn Fn(u32) -> bool + Sync),
) -> Result<RobustReport, PlayError> {
    if cfg.games == 0 || cfg.games > super::MAX_GAMES {
        return Err(PlayError::Games(cfg.games as u64));
    }
    let mut tallies = FamilyTallies::new(board, families, cfg)?;
    let pool = super::report::thread_pool(cfg.threads)?;
    pool.install(|| tallies.play(cfg.games, progress))?;
    Ok(tallies.report())
}
