//! Fairness by play: N seeded games on one board across threads, tallied
//! per seat ([`play_test`] → [`PlayReport`]). This is what `evaluate
//! catan --play N` prints and what the app's Play-test runs.

use super::bots::Bot;
use super::game::{GameResult, Rules, play_game_with};
use super::state::{Action, MAX_SEATS};
use super::topology::Topology;
use crate::boards::BoardError;
use crate::boards::catan::{CatanBoard, CatanOptions};
use crate::rng::derive_seed;
use crate::stats::{wilson_interval, wilson_interval_z};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

/// Most games one play-test runs.
pub const MAX_GAMES: u32 = 1_000_000;

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayConfig {
    /// Games to play (1 to [`MAX_GAMES`]).
    pub games: u32,
    /// Seats at the table (0: the island's most, 4 or 6).
    pub seats: u8,
    /// The bot of each lineup position (the first `seats` are used).
    pub bots: [Bot; MAX_SEATS],
    /// Rotate the lineup one seat per game (game `g` puts `bots[k]` at
    /// seat `(k + g) % seats`), so a stronger bot is measured from every
    /// seat; the report then also tallies wins per lineup position.
    pub rotate: bool,
    /// The seed: game `g` is seeded by `derive_seed(seed, g)`.
    pub seed: u64,
    /// Worker threads (0: rayon's default, all cores).
    pub threads: usize,
    /// The table's rules beyond the base game (player trades).
    pub rules: Rules,
}

impl PlayConfig {
    /// `games` games with `bot` at every seat.
    pub fn uniform(games: u32, bot: Bot, seed: u64, threads: usize) -> PlayConfig {
        PlayConfig {
            games,
            seats: 0,
            bots: [bot; MAX_SEATS],
            rotate: false,
            seed,
            threads,
            rules: Rules::default(),
        }
    }
}

/// A win share and its 95 % Wilson interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Share {
    /// Wins.
    pub wins: u32,
    /// Wins over decided games (draws left out).
    pub share: f64,
    /// Lower end of the 95 % interval.
    pub low: f64,
    /// Upper end of the 95 % interval.
    pub high: f64,
}

impl Share {
    pub(super) fn new(wins: u32, decided: u32) -> Share {
        let [low, high] = wilson_interval(wins, decided);
        Share {
            wins,
            share: if decided == 0 {
                0.0
            } else {
                wins as f64 / decided as f64
            },
            low,
            high,
        }
    }
}

/// The outcome of a play-test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayReport {
    /// Games played.
    pub games: u32,
    /// Games that hit the turn cap ([`super::TURN_CAP`]) without a winner.
    pub draws: u32,
    /// Seats at the table.
    pub seats: u8,
    /// The bots, by lineup position.
    pub bots: Vec<&'static str>,
    /// Each seat's share of the decided games, with its 95 % interval.
    pub seat_win_share: Vec<Share>,
    /// Largest minus smallest seat win share.
    pub seat_advantage: f64,
    /// The 95 % interval of [`PlayReport::seat_advantage`], for the seats
    /// at once: every seat's Wilson interval at the level 1 − 0.05 /
    /// seats, the largest share between the largest ends, the smallest
    /// between the smallest, the advantage between their differences
    /// (clamped at 0). It allows for the two seats being picked as the
    /// extremes, so it is wider than one difference's interval.
    pub seat_advantage_interval: [f64; 2],
    /// Mean pips of each seat's two setup settlements.
    pub opening_pips: Vec<f64>,
    /// Mean turns per game (one per seat's turn).
    pub mean_turns: f64,
    /// Games per second of wall time.
    pub games_per_sec: f64,
    /// Each lineup position's share of the decided games (differs from
    /// the seats' only with rotation).
    pub lineup_win_share: Vec<Share>,
    /// Whether harbours were placed for the play (the board had none).
    pub harbours_placed: bool,
}

/// Why a play-test did not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The board is not a legal Catan island.
    Board(String),
    /// `games` out of range.
    Games(u64),
    /// A seat count the island does not take.
    Seats {
        /// Seats asked for.
        seats: u8,
        /// The island's range.
        allowed: (u8, u8),
    },
    /// The thread pool could not be built.
    Threads(String),
    /// The progress hook asked to stop.
    Cancelled,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Board(e) => write!(f, "not a legal Catan board to play on: {e}"),
            PlayError::Games(n) => {
                write!(f, "--play {n} is out of range; allowed: 1..={MAX_GAMES}")
            }
            PlayError::Seats { seats, allowed } => write!(
                f,
                "{seats} seats do not fit this island; allowed: {}..={}",
                allowed.0, allowed.1
            ),
            PlayError::Threads(e) => write!(f, "cannot start the threads: {e}"),
            PlayError::Cancelled => write!(f, "the play-test was cancelled"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<BoardError> for PlayError {
    fn from(e: BoardError) -> Self {
        PlayError::Board(e.to_string())
    }
}

/// The board with harbours to play on: its own, or (when it has none, as
/// a share code) harbours placed by [`CatanBoard::with_placed_harbours`]
/// with `seed`. The flag says whether they were placed.
pub fn placed_harbours(board: &CatanBoard, seed: u64) -> (CatanBoard, bool) {
    if !board.harbours.is_empty() || board.layout().is_none() {
        return (board.clone(), false);
    }
    let b = CatanBoard::with_placed_harbours(&board.encode(), &CatanOptions::default(), seed);
    (b, true)
}

/// Wins and draws of some games of a play-test, per seat.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tally {
    /// Games tallied.
    pub(super) games: u32,
    seat_wins: [u32; MAX_SEATS],
    lineup_wins: [u32; MAX_SEATS],
    draws: u32,
    turns: u64,
    pips: [u64; MAX_SEATS],
}

impl Tally {
    fn add(mut self, r: &GameResult, shift: usize, seats: usize) -> Tally {
        self.games += 1;
        match r.winner {
            Some(w) => {
                self.seat_wins[w as usize] += 1;
                self.lineup_wins[(w as usize + seats - shift) % seats] += 1;
            }
            None => self.draws += 1,
        }
        self.turns += r.turns as u64;
        for (p, &o) in self.pips.iter_mut().zip(&r.opening_pips) {
            *p += o as u64;
        }
        self
    }

    /// Both tallies' games together.
    pub(super) fn merge(mut self, o: Tally) -> Tally {
        self.games += o.games;
        for k in 0..MAX_SEATS {
            self.seat_wins[k] += o.seat_wins[k];
            self.lineup_wins[k] += o.lineup_wins[k];
            self.pips[k] += o.pips[k];
        }
        self.draws += o.draws;
        self.turns += o.turns;
        self
    }
}

/// Play `cfg.games` games on `board` and tally them. `progress` is called
/// after each game with the number done so far (from any worker thread);
/// returning `false` cancels the run ([`PlayError::Cancelled`]). The
/// result depends on the seed only, not on the thread count.
///
/// ```
/// use evoboard_core::boards::catan::{CatanBoard, standard_codes};
/// use evoboard_core::boards::catan::play::{Bot, PlayConfig, play_test};
/// let board = CatanBoard::decode(&standard_codes());
/// let report = play_test(&board, &PlayConfig::uniform(20, Bot::Random, 1, 1), &|_| true).unwrap();
/// assert_eq!(report.games, 20);
/// assert_eq!(report.seat_win_share.len(), 4);
/// ```
pub fn play_test(
    board: &CatanBoard,
    cfg: &PlayConfig,
    progress: &(dyn Fn(u32) -> bool + Sync),
) -> Result<PlayReport, PlayError> {
    if cfg.games == 0 || cfg.games > MAX_GAMES {
        return Err(PlayError::Games(cfg.games as u64));
    }
    let (board, placed) = placed_harbours(board, cfg.seed);
    let topo = Topology::new(&board)?;
    let seats = seats_of(&topo, cfg)?;
    let n = seats as usize;
    let pool = thread_pool(cfg.threads)?;
    let start = Instant::now();
    let tally = pool.install(|| play_games(&topo, cfg, n, 0..cfg.games, progress))?;
    Ok(tally.report(cfg, n, start.elapsed().as_secs_f64(), placed))
}

/// A pool of `threads` workers (0: all cores).
pub(crate) fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, PlayError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PlayError::Threads(e.to_string()))
}

/// The seats `cfg` plays on `topo`, checked against the island.
pub(super) fn seats_of(topo: &Topology, cfg: &PlayConfig) -> Result<u8, PlayError> {
    let seats = if cfg.seats == 0 {
        topo.seats.1
    } else {
        cfg.seats
    };
    if seats < topo.seats.0 || seats > topo.seats.1 {
        return Err(PlayError::Seats {
            seats,
            allowed: topo.seats,
        });
    }
    Ok(seats)
}

/// Games `games` of the play-test `cfg` on `topo` with `n` seats, in the
/// current rayon pool (game `g` seeded by `derive_seed(cfg.seed, g)`,
/// whatever the range), tallied. `progress` as for [`play_test`].
pub(super) fn play_games(
    topo: &Topology,
    cfg: &PlayConfig,
    n: usize,
    games: std::ops::Range<u32>,
    progress: &(dyn Fn(u32) -> bool + Sync),
) -> Result<Tally, PlayError> {
    let done = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let tally = games
        .into_par_iter()
        .fold(
            || (Tally::default(), Vec::<Action>::with_capacity(128)),
            |(tally, mut buf), g| {
                if stop.load(Ordering::Relaxed) {
                    return (tally, buf);
                }
                let shift = if cfg.rotate { g as usize % n } else { 0 };
                let mut bots = [Bot::Value; MAX_SEATS];
                for (k, &b) in cfg.bots[..n].iter().enumerate() {
                    bots[(k + shift) % n] = b;
                }
                let seed = derive_seed(cfg.seed, g as u64);
                let (r, _) = play_game_with(topo, &bots[..n], cfg.rules, seed, &mut buf, None);
                let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                if !progress(k) {
                    stop.store(true, Ordering::Relaxed);
                }
                (tally.add(&r, shift, n), buf)
            },
        )
        .map(|(t, _)| t)
        .reduce(Tally::default, Tally::merge);
    if stop.load(Ordering::Relaxed) {
        return Err(PlayError::Cancelled);
    }
    Ok(tally)
}

/// The normal quantile for 95 % intervals that hold for `seats` seats at
/// once (Bonferroni: each at 1 − 0.05 / seats, two-sided).
fn simultaneous_z(seats: usize) -> f64 {
    match seats {
        0..=2 => 2.241,
        3 => 2.394,
        4 => 2.498,
        5 => 2.576,
        _ => 2.638,
    }
}

/// The 95 % interval of a seat advantage (largest minus smallest share)
/// from the seats' `wins` of `decided` games: each seat's Wilson interval
/// at the simultaneous level ([`simultaneous_z`]), then the largest share
/// lies between the largest lower and the largest upper end, the smallest
/// between the smallest ends, and the advantage between their
/// differences (see [`PlayReport::seat_advantage_interval`]).
pub(super) fn advantage_interval(wins: &[u32], decided: u32) -> [f64; 2] {
    let z = simultaneous_z(wins.len());
    let ends: Vec<[f64; 2]> = wins
        .iter()
        .map(|&w| wilson_interval_z(w, decided, z))
        .collect();
    let max = |k: usize| ends.iter().map(|e| e[k]).fold(0.0, f64::max);
    let min = |k: usize| ends.iter().map(|e| e[k]).fold(1.0, f64::min);
    [(max(0) - min(1)).max(0.0), max(1) - min(0)]
}

impl Tally {
    /// The report of this tally of `cfg` with `n` seats, played in `secs`.
    pub(super) fn report(&self, cfg: &PlayConfig, n: usize, secs: f64, placed: bool) -> PlayReport {
        let games = self.games;
        let decided = games - self.draws;
        let shares: Vec<Share> = (0..n)
            .map(|k| Share::new(self.seat_wins[k], decided))
            .collect();
        let (lo, hi) = (0..n).fold((0, 0), |(lo, hi), k| {
            let s = |i: usize| shares[i].share;
            (
                if s(k) < s(lo) { k } else { lo },
                if s(k) > s(hi) { k } else { hi },
            )
        });
        PlayReport {
            games,
            draws: self.draws,
            seats: n as u8,
            bots: cfg.bots[..n].iter().map(|b| b.name()).collect(),
            seat_advantage: shares[hi].share - shares[lo].share,
            seat_advantage_interval: advantage_interval(&self.seat_wins[..n], decided),
            seat_win_share: shares,
            opening_pips: (0..n)
                .map(|k| self.pips[k] as f64 / games.max(1) as f64)
                .collect(),
            mean_turns: self.turns as f64 / games.max(1) as f64,
            games_per_sec: games as f64 / secs.max(1e-9),
            lineup_win_share: (0..n)
                .map(|k| Share::new(self.lineup_wins[k], decided))
                .collect(),
            harbours_placed: placed,
        }
    }
}
