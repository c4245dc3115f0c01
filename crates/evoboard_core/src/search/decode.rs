//! Game-independent pieces of the published permutation searches: the
//! random-key decoder (BRKGA), the cyclic index repair (particle swarm) and
//! roulette-wheel selection (ant colony). None of them allocates.

use crate::rng::{Rng, RngExt};

/// Random-key decoding: sort the positions by their keys and give the
/// position with the `k`-th smallest key the tile `pool[k]`. `pool` is the
/// fixed tile multiset (any order); `order` is scratch of the same length.
/// Ties are broken by position, so decoding is deterministic.
pub fn decode_keys(keys: &[f32], order: &mut [u16], pool: &[u8], out: &mut [u8]) {
    debug_assert_eq!(keys.len(), pool.len());
    for (i, o) in order.iter_mut().enumerate() {
        *o = i as u16;
    }
    order.sort_unstable_by(|&a, &b| {
        keys[a as usize]
            .total_cmp(&keys[b as usize])
            .then(a.cmp(&b))
    });
    for (k, &pos) in order.iter().enumerate() {
        out[pos as usize] = pool[k];
    }
}

/// The particle-swarm repair: position `i` takes index `⌊x[i]⌋` (clamped
/// to the list) into the tile list `pool`; when that index is already
/// taken, it walks forward cyclically to the next free one. `taken` is
/// scratch of the same length. The result is a permutation of `pool`.
pub fn repair_indices(x: &[f64], taken: &mut [bool], pool: &[u8], out: &mut [u8]) {
    let n = pool.len();
    taken.fill(false);
    for (i, &xi) in x.iter().enumerate() {
        let mut k = if xi.is_finite() && xi > 0.0 {
            (xi as usize).min(n - 1)
        } else {
            0
        };
        while taken[k] {
            k = if k + 1 == n { 0 } else { k + 1 };
        }
        taken[k] = true;
        out[i] = pool[k];
    }
}

/// Roulette-wheel selection: an index with probability proportional to
/// `weights[i]` (non-negative). `None` when all weights are zero.
pub fn roulette(weights: &[f64], rng: &mut Rng) -> Option<usize> {
    let total: f64 = weights.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        return None;
    }
    let mut r = rng.random::<f64>() * total;
    let mut last = None;
    for (i, &w) in weights.iter().enumerate() {
        if w > 0.0 {
            if r < w {
                return Some(i);
            }
            r -= w;
            last = Some(i);
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn keys_decode_to_the_multiset() {
        let pool = [0, 0, 1, 2, 2, 2];
        let keys = [0.9, 0.1, 0.5, 0.3, 0.7, 0.2];
        let mut order = [0u16; 6];
        let mut out = [9u8; 6];
        decode_keys(&keys, &mut order, &pool, &mut out);
        // Sorted positions: 1 (0.1), 5, 3, 2, 4, 0.
        assert_eq!(out, [2, 0, 2, 1, 2, 0]);
    }

    #[test]
    fn repair_walks_forward_cyclically() {
        let pool = [10, 11, 12, 13];
        let mut taken = [false; 4];
        let mut out = [0u8; 4];
        repair_indices(&[3.7, 3.2, -1.0, 99.0], &mut taken, &pool, &mut out);
        // 3 → 13; 3 taken → wraps to 0 → 10; 0 taken → 1 → 11; 99 → 3 → 0,1 → 2.
        assert_eq!(out, [13, 10, 11, 12]);
    }

    #[test]
    fn roulette_respects_zero_weights() {
        let mut rng = seeded(1);
        for _ in 0..100 {
            let i = roulette(&[0.0, 1.0, 0.0, 3.0], &mut rng).unwrap();
            assert!(i == 1 || i == 3);
        }
        assert_eq!(roulette(&[0.0, 0.0], &mut rng), None);
    }
}
