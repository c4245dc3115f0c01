//! A search agent beyond the published ones: determinized Monte Carlo.
//!
//! For each decision it samples the hidden hands of the three others
//! consistently with everything seen (hand sizes, tiles on the table, and
//! every known void from a pass), then plays the rest of the round out
//! from each candidate move with a fast evaluation-function policy for all
//! four seats, and keeps the move with the best mean point difference
//! (own team minus the other). All candidates share the same samples and
//! playout random streams (common random numbers), which sharpens the
//! comparison. Strength is set by the number of determinizations per move,
//! or by a think time per move.

use super::agents::{Agent, EvalAgent, argmax_random, preset};
use super::round::{Round, SeatView, team_of};
use super::table::Move;
use super::tiles::{Hand, NUMBERS_OF, Tile};
use crate::rng::{Rng, RngExt, seeded};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Determinizations per move of plain `mc`.
pub const DEFAULT_DETERMINIZATIONS: u32 = 256;

/// The playout policy of plain `mc`: our tuned strategy 1.
pub const DEFAULT_POLICY: &str = "t1";

/// Determinized Monte Carlo search.
#[derive(Debug)]
pub struct MonteCarloAgent {
    /// Determinizations (hidden-hand samples) per decision.
    pub determinizations: u32,
    /// If set, sample until this much time has passed instead (at least one
    /// sample; results then depend on the machine's speed).
    pub think_time: Option<Duration>,
    /// The policy every seat follows in playouts.
    pub policy: EvalAgent,
    label: String,
    decisions: AtomicU64,
    think_nanos: AtomicU64,
}

impl MonteCarloAgent {
    /// A search agent with `determinizations` samples per move and `policy`
    /// for the playouts.
    pub fn new(determinizations: u32, policy: EvalAgent) -> MonteCarloAgent {
        MonteCarloAgent {
            label: format!("mc:{determinizations}:{}", policy.label),
            determinizations: determinizations.max(1),
            think_time: None,
            policy,
            decisions: AtomicU64::new(0),
            think_nanos: AtomicU64::new(0),
        }
    }

    /// A search agent with `determinizations` samples per move and
    /// `policy` for the playouts, or the default policy (`t1`) for `None`.
    pub(super) fn with_default_policy(
        determinizations: u32,
        policy: Option<EvalAgent>,
    ) -> MonteCarloAgent {
        MonteCarloAgent::new(determinizations, policy.unwrap_or_else(default_policy))
    }

    /// Rename (the name shown in results).
    pub(super) fn set_label(&mut self, label: String) {
        self.label = label;
    }
}

/// What the search expects of one move: the mean points of the rest of
/// the round after it, over the same hidden-hand samples and playouts for
/// every move (see [`MonteCarloAgent::evaluate`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Mean of own team's points minus the other team's, from this move to
    /// the end of the round (points already scored not included).
    pub mean_diff: f64,
    /// Mean points the mover's team scores from this move on.
    pub mean_own: f64,
    /// Mean points the other team scores from this move on.
    pub mean_other: f64,
    /// Hidden-hand samples (determinizations) behind the means.
    pub samples: u32,
}

/// Sums over the samples, one entry per candidate.
pub(super) struct SearchSums {
    /// Own minus other, summed as `choose` always has.
    pub(super) diff: Vec<f64>,
    /// Own team's points.
    pub(super) own: Vec<f64>,
    /// Other team's points.
    pub(super) other: Vec<f64>,
    /// Samples taken.
    pub(super) samples: u32,
}

impl SearchSums {
    /// The means of candidate `i`.
    pub(super) fn value(&self, i: usize, mv: Move) -> MoveValue {
        let n = f64::from(self.samples.max(1));
        MoveValue {
            mv,
            mean_diff: self.diff[i] / n,
            mean_own: self.own[i] / n,
            mean_other: self.other[i] / n,
            samples: self.samples,
        }
    }
}

impl MonteCarloAgent {
    /// The value of each of `moves` (in their order) for the seat of
    /// `view`: the same samples and playouts [`Agent::choose`] uses, so
    /// `choose` picks a move with the highest `mean_diff` (ties broken at
    /// random) from the same `rng` state. Uses only what `view` shows.
    pub fn evaluate(&self, view: &SeatView<'_>, moves: &[Move], rng: &mut Rng) -> Vec<MoveValue> {
        let sums = self.search(view, moves.len(), |r, i| r.play(moves[i], &mut |_| {}), rng);
        moves
            .iter()
            .enumerate()
            .map(|(i, &m)| sums.value(i, m))
            .collect()
    }

    /// Sample hidden hands, apply candidate `i` of `n` with `apply` to each
    /// sample and play the round out with the policy; the sums of the
    /// round points that follow. Every candidate sees the same samples and
    /// playout streams.
    pub(super) fn search(
        &self,
        view: &SeatView<'_>,
        n: usize,
        apply: impl Fn(&mut Round, usize),
        rng: &mut Rng,
    ) -> SearchSums {
        let team = team_of(view.seat());
        let diff = |p: [u32; 2]| p[team] as f64 - p[1 - team] as f64;
        let before = view.round_points();
        let base = diff(before);
        let agents: [&dyn Agent; 4] = [&self.policy; 4];
        let mut sums = SearchSums {
            diff: vec![0.0; n],
            own: vec![0.0; n],
            other: vec![0.0; n],
            samples: 0,
        };
        let start = Instant::now();
        loop {
            match self.think_time {
                Some(t) if sums.samples > 0 && start.elapsed() >= t => break,
                None if sums.samples >= self.determinizations => break,
                _ => {}
            }
            let hands = sample_hidden(view, rng);
            let r0 = view.determinize(hands);
            let playout_seed: u64 = rng.random();
            for i in 0..n {
                let mut r = r0.clone();
                let mut prng = seeded(playout_seed);
                apply(&mut r, i);
                r.play_out(&agents, &mut prng, &mut |_| {});
                sums.diff[i] += diff(r.points) - base;
                sums.own[i] += f64::from(r.points[team] - before[team]);
                sums.other[i] += f64::from(r.points[1 - team] - before[1 - team]);
            }
            sums.samples += 1;
        }
        sums
    }
}

fn default_policy() -> EvalAgent {
    let c = preset(DEFAULT_POLICY)
        .or_else(|| preset("hand"))
        .expect("hand preset");
    EvalAgent::new(DEFAULT_POLICY, c)
}

/// Sample the hands of the three other seats consistently with `view`:
/// right sizes, unseen tiles only, no tile showing a number the holder is
/// known to lack. `result[view.seat()]` is the own hand.
pub fn sample_hidden(view: &SeatView<'_>, rng: &mut Rng) -> [Hand; 4] {
    let me = view.seat();
    let mut tiles: Vec<Tile> = view.unseen().iter().collect();
    let voids: [u8; 4] = std::array::from_fn(|s| view.voids(s as u8));
    let need: [u32; 4] = std::array::from_fn(|s| {
        if s as u8 == me {
            0
        } else {
            view.hand_len(s as u8)
        }
    });
    let eligible = |t: Tile, s: usize| s as u8 != me && NUMBERS_OF[t.0 as usize] & voids[s] == 0;
    for attempt in 0..200 {
        for i in (1..tiles.len()).rev() {
            let j = rng.random_range(0..=i as u32) as usize;
            tiles.swap(i, j);
        }
        // Most constrained tiles first.
        tiles.sort_by_key(|&t| (0..4).filter(|&s| eligible(t, s)).count());
        let mut cap = need;
        let mut hands = [Hand::EMPTY; 4];
        hands[me as usize] = view.hand();
        let relax = attempt == 199;
        let mut ok = true;
        for &t in &tiles {
            let total: u32 = (0..4)
                .filter(|&s| cap[s] > 0 && (relax || eligible(t, s)))
                .map(|s| cap[s])
                .sum();
            if total == 0 {
                ok = false;
                break;
            }
            let mut pick = rng.random_range(0..total);
            for s in 0..4 {
                if cap[s] > 0 && (relax || eligible(t, s)) {
                    if pick < cap[s] {
                        hands[s].insert(t);
                        cap[s] -= 1;
                        break;
                    }
                    pick -= cap[s];
                }
            }
        }
        if ok {
            return hands;
        }
    }
    unreachable!("the relaxed last attempt always succeeds")
}

impl Agent for MonteCarloAgent {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&self, view: &SeatView<'_>, moves: &[Move], rng: &mut Rng) -> usize {
        let start = Instant::now();
        let sums = self.search(view, moves.len(), |r, i| r.play(moves[i], &mut |_| {}), rng);
        self.decisions.fetch_add(1, Ordering::Relaxed);
        self.think_nanos
            .fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
        argmax_random(sums.diff.into_iter(), rng)
    }

    fn choose_opening(&self, view: &SeatView<'_>, doubles: Hand, rng: &mut Rng) -> Tile {
        self.policy.choose_opening(view, doubles, rng)
    }

    fn think_stats(&self) -> Option<(u64, Duration)> {
        Some((
            self.decisions.load(Ordering::Relaxed),
            Duration::from_nanos(self.think_nanos.load(Ordering::Relaxed)),
        ))
    }
}
