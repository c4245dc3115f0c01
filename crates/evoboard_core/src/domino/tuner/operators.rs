//! The GA's operators: a random genome, roulette selection, the two
//! crossovers and per-gene mutation. Each draws only from the generator it
//! is given, in a fixed order, so a seed fixes the run.

use super::super::agents::Coefficients;
use super::settings::Crossover;
use crate::rng::{Rng, RngExt};

/// A genome with every free gene uniform in [lo, hi) and the others 0.
pub(super) fn random_genome(free: &[bool; 7], (lo, hi): (f64, f64), rng: &mut Rng) -> Coefficients {
    std::array::from_fn(|i| {
        if free[i] {
            rng.random_range(lo..hi)
        } else {
            0.0
        }
    })
}

/// Fitness-proportional choice of an index (uniform when every fitness
/// is 0).
pub(super) fn roulette(fitness: &[f64], total: f64, rng: &mut Rng) -> usize {
    if total <= 0.0 {
        return rng.random_range(0..fitness.len() as u32) as usize;
    }
    let mut x = rng.random::<f64>() * total;
    for (i, f) in fitness.iter().enumerate() {
        x -= f;
        if x < 0.0 {
            return i;
        }
    }
    fitness.len() - 1
}

/// Cross `child` (a copy of the first parent) with `p2`.
pub(super) fn crossover(
    kind: Crossover,
    free: &[bool; 7],
    child: &mut Coefficients,
    p2: &Coefficients,
    rng: &mut Rng,
) {
    match kind {
        Crossover::Scattered => {
            for (i, g) in child.iter_mut().enumerate() {
                if rng.random::<bool>() {
                    *g = p2[i];
                }
            }
        }
        Crossover::TwoPoint => {
            let (from, to) = two_cuts(free.iter().filter(|&&f| f).count(), rng);
            let mut k = 0;
            for (i, g) in child.iter_mut().enumerate() {
                if free[i] {
                    if (from..to).contains(&k) {
                        *g = p2[i];
                    }
                    k += 1;
                }
            }
        }
    }
}

/// Two cut points `from < to` in 0..=n, not both ends (which would copy
/// the second parent whole), uniform among those pairs: the free genes
/// `from..to` come from the second parent. With one free gene there is
/// nothing to cut: (0, 0).
pub(super) fn two_cuts(n: usize, rng: &mut Rng) -> (usize, usize) {
    if n < 2 {
        return (0, 0);
    }
    // Pairs from < to in 0..=n: n (n + 1) / 2 of them, minus (0, n).
    let pairs = n * (n + 1) / 2 - 1;
    let mut r = rng.random_range(0..pairs as u32) as usize;
    for from in 0..n {
        for to in from + 1..=n {
            if (from, to) == (0, n) {
                continue;
            }
            if r == 0 {
                return (from, to);
            }
            r -= 1;
        }
    }
    (0, 1)
}

/// Redraw each free gene uniformly in [lo, hi) with probability `rate`.
pub(super) fn mutate(
    free: &[bool; 7],
    child: &mut Coefficients,
    rate: f64,
    (lo, hi): (f64, f64),
    rng: &mut Rng,
) {
    for (i, g) in child.iter_mut().enumerate() {
        if free[i] && rng.random::<f64>() < rate {
            *g = rng.random_range(lo..hi);
        }
    }
}
