//! Matches per second of the evaluation-function agents (one thread, and
//! the parallel simulator).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use evoboard::domino::{Agent, EvalAgent, Preset, duel, play_match};
use evoboard::rng::{derive_seed, seeded};
use std::hint::black_box;

fn matches(c: &mut Criterion) {
    let basic = EvalAgent::basic();
    let hand = EvalAgent::new(
        "hand",
        Preset::named("hand")
            .expect("a shipped preset")
            .coefficients(),
    );
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
    g.throughput(Throughput::Elements(10_000));
    g.sample_size(10);
    g.bench_function("duel 10k matches hand vs basic (2 threads)", |b| {
        b.iter(|| black_box(duel(&hand, &basic, 10_000, 2, 1, &|_| {}).expect("a valid duel")))
    });
    g.finish();
}

criterion_group!(benches, matches);
criterion_main!(benches);
