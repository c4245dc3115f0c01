//! The search agent's move values and the hint for a person: `choose`
//! unchanged by the refactor, hints from what the seat sees only.

use super::*;
use crate::rng::Rng;

/// Positions with a choice: seeded rounds played `k` turns by `t1`.
fn positions(n: u64) -> Vec<(Round, u64)> {
    let t1 = EvalAgent::new("t1", preset("t1").unwrap());
    let agents: [&dyn Agent; 4] = [&t1; 4];
    let mut out = Vec::new();
    let mut seed = 0u64;
    while (out.len() as u64) < n {
        seed += 1;
        let mut rng = seeded(seed);
        let hands = deal(&mut rng);
        let (op, opening) = opener(&hands, None);
        let mut r = Round::new(hands, op, opening, [0, 0]);
        for _ in 0..(1 + seed % 17) {
            if r.is_over() {
                break;
            }
            r.step(&agents, &mut rng, &mut |_| {});
        }
        let mut buf = [mv(0, 0, 0); 28];
        if !r.is_over() && r.table.spinner.is_some() && r.legal_moves(&mut buf) > 1 {
            out.push((r, seed));
        }
    }
    out
}

fn moves_of(r: &Round) -> Vec<Move> {
    let mut buf = [mv(0, 0, 0); 28];
    let n = r.legal_moves(&mut buf);
    buf[..n].to_vec()
}

/// Every choice of `mc:D` over many positions and seeds, folded into one
/// number, with the RNG's next draw after each (the random stream used).
fn fingerprint(d: u32) -> (u64, u64) {
    let mc: MonteCarloAgent = format!("mc:{d}")
        .parse::<super::super::spec::SearchSpec>()
        .unwrap()
        .build()
        .unwrap();
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut picks = 0u64;
    for (r, seed) in positions(120) {
        let view = r.view(r.turn);
        let moves = moves_of(&r);
        for k in 0..3u64 {
            let mut rng: Rng = seeded(derive_seed(seed, k));
            let i = mc.choose(&view, &moves, &mut rng) as u64;
            let next: u64 = crate::rng::RngExt::random(&mut rng);
            h = (h ^ i).wrapping_mul(0x0100_0000_01b3);
            h = (h ^ next).wrapping_mul(0x0100_0000_01b3);
            picks += i;
        }
    }
    (h, picks)
}

#[test]
fn choose_is_unchanged_by_the_move_values() {
    // Pinned before `evaluate` was added.
    assert_eq!(fingerprint(16), (8003583560756031018, 428));
    assert_eq!(fingerprint(3), (3996953043553849641, 441));
}
