//! Selection shared by the two genetic algorithms: the fittest individual
//! (elitism) and roulette-wheel picks.

use crate::rng::{Rng, RngExt};

/// Index of the fittest individual (first on ties) and the mean fitness,
/// over a non-empty population's fitness values in order.
pub(crate) fn fittest(fitness: impl Iterator<Item = f64>) -> (usize, f64) {
    let (mut best_index, mut best, mut sum, mut n) = (0, f64::NEG_INFINITY, 0.0, 0usize);
    for (i, f) in fitness.enumerate() {
        sum += f;
        if i == 0 || f > best {
            (best_index, best) = (i, f);
        }
        n += 1;
    }
    (best_index, sum / n.max(1) as f64)
}

/// A roulette-wheel pick: index `i` with probability `fitness[i] / total`
/// (`total` is the sum of `fitness`); a uniform pick when `total <= 0`.
pub(crate) fn roulette(
    rng: &mut Rng,
    fitness: impl ExactSizeIterator<Item = f64>,
    total: f64,
) -> usize {
    let n = fitness.len();
    if total <= 0.0 {
        return rng.random_range(0..n);
    }
    let mut r = rng.random::<f64>() * total;
    for (i, f) in fitness.enumerate() {
        r -= f;
        if r < 0.0 {
            return i;
        }
    }
    n - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fittest_is_first_on_ties() {
        assert_eq!(fittest([1.0, 3.0, 3.0, 2.0].into_iter()), (1, 2.25));
        assert_eq!(fittest([5.0].into_iter()), (0, 5.0));
    }

    #[test]
    fn roulette_never_picks_zero_fitness() {
        let mut rng = crate::rng::seeded(3);
        for _ in 0..200 {
            let i = roulette(&mut rng, [0.0, 2.0, 0.0, 1.0].into_iter(), 3.0);
            assert!(i == 1 || i == 3, "{i}");
        }
        assert!(roulette(&mut rng, [0.0, 0.0].into_iter(), 0.0) < 2);
    }
}
