//! Matches per second of the evaluation-function agents (one thread, and
//! the parallel simulator), and the pieces of a match: a deal, a round, one
//! decision of `EvalAgent::choose`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use evoboard_core::domino::{
    Agent, EvalAgent, Move, Preset, Round, Tile, deal, duel, opener, play_match,
};
use evoboard_core::rng::{derive_seed, seeded};
use std::hint::black_box;

fn preset(name: &str) -> EvalAgent {
    EvalAgent::new(
        name,
        Preset::named(name)
            .expect("a shipped preset")
            .coefficients(),
    )
}

/// Rounds of hand vs basic stopped at their first decision with at least
/// two moves, with those moves (for the `choose` bench).
fn decisions(agents: &[&dyn Agent; 4], count: usize) -> Vec<(Round, Vec<Move>)> {
    let mut out = Vec::new();
    let mut seed = 0u64;
    while out.len() < count {
        seed += 1;
        let mut rng = seeded(seed);
        let hands = deal(&mut rng);
        let (s, o) = opener(&hands, None);
        let mut r = Round::new(hands, s, o, [0, 0]);
        // A few turns in, so the table has arms.
        for _ in 0..(seed % 9) + 1 {
            if r.is_over() {
                break;
            }
            r.step(agents, &mut rng, &mut |_| {});
        }
        if r.is_over() || r.table.spinner.is_none() {
            continue;
        }
        let mut buf = [Move {
            tile: Tile(0),
            arm: 0,
        }; 28];
        let n = r.legal_moves(&mut buf);
        if n >= 2 {
            out.push((r, buf[..n].to_vec()));
        }
    }
    out
}

fn matches(c: &mut Criterion) {
    let basic = EvalAgent::basic();
    let hand = preset("hand");
    let mut g = c.benchmark_group("domino");
    g.throughput(Throughput::Elements(1));
    let agents: [&dyn Agent; 4] = [&hand, &basic, &hand, &basic];
    let mut i = 0u64;
    g.bench_function("match hand vs basic (1 thread)", |b| {
        b.iter(|| {
            i += 1;
            black_box(play_match(&agents, &mut seeded(derive_seed(1, i))))
        })
    });
    let t1 = preset("t1");
    let agents_t1: [&dyn Agent; 4] = [&t1, &basic, &t1, &basic];
    g.bench_function("match t1 vs basic (1 thread)", |b| {
        b.iter(|| {
            i += 1;
            black_box(play_match(&agents_t1, &mut seeded(derive_seed(1, i))))
        })
    });
    g.bench_function("deal", |b| {
        let mut rng = seeded(3);
        b.iter(|| black_box(deal(&mut rng)))
    });
    g.bench_function("round hand vs basic", |b| {
        let mut rng = seeded(4);
        b.iter(|| {
            let hands = deal(&mut rng);
            let (s, o) = opener(&hands, None);
            let mut r = Round::new(hands, s, o, [0, 0]);
            r.play_out(&agents, &mut rng, &mut |_| {});
            black_box(r.points)
        })
    });
    let ds = decisions(&agents, 256);
    let mut k = 0usize;
    g.bench_function("EvalAgent::choose hand (one decision)", |b| {
        let mut rng = seeded(5);
        b.iter(|| {
            k = (k + 1) % ds.len();
            let (r, moves) = &ds[k];
            black_box(hand.choose(&r.view(r.turn), moves, &mut rng))
        })
    });
    g.bench_function("EvalAgent::choose basic (one decision)", |b| {
        let mut rng = seeded(5);
        b.iter(|| {
            k = (k + 1) % ds.len();
            let (r, moves) = &ds[k];
            black_box(basic.choose(&r.view(r.turn), moves, &mut rng))
        })
    });
    g.throughput(Throughput::Elements(10_000));
    g.sample_size(10);
    g.bench_function("duel 10k matches hand vs basic (2 threads)", |b| {
        b.iter(|| black_box(duel(&hand, &basic, 10_000, 2, 1, &|_| {}).expect("a valid duel")))
    });
    g.finish();
}

criterion_group!(benches, matches);
criterion_main!(benches);
