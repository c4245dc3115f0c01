//! Catan games per second: one complete game of each bot on one thread,
//! and a play-test of 256 games on two threads (the `games_per_sec` of
//! `evaluate catan --play`), on the base island with the tiles in their
//! standard order (same terrains side by side: long random-bot games) and
//! on the rulebook's beginner island (`_official`, harbours placed as
//! `evaluate` places them, seed 1).
//!
//! `cargo bench --no-default-features --bench catan_play`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use evoboard::boards::analysis::catan_table::official_beginner;
use evoboard::boards::catan::play::{
    Bot, PlayConfig, Topology, placed_harbours, play_game, play_test,
};
use evoboard::boards::catan::{CatanBoard, CatanLayout, assign_harbours, standard_codes};
use std::hint::black_box;

fn board() -> CatanBoard {
    let codes = standard_codes();
    CatanBoard::decode(&codes).with_harbours(assign_harbours(
        CatanLayout::base(),
        &codes,
        &Default::default(),
        1,
    ))
}

fn games(c: &mut Criterion) {
    let b = board();
    let t = Topology::new(&b).expect("a legal board");
    let mut g = c.benchmark_group("catan_game");
    g.throughput(Throughput::Elements(1));
    for bot in [Bot::Value, Bot::Random] {
        let mut buf = Vec::with_capacity(128);
        let mut seed = 0;
        g.bench_function(format!("one_thread_{}", bot.name()), |x| {
            x.iter(|| {
                seed += 1;
                black_box(play_game(&t, &[bot; 4], seed, &mut buf, None).0)
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("catan_play_test");
    g.sample_size(10);
    const N: u32 = 256;
    g.throughput(Throughput::Elements(N as u64));
    for bot in [Bot::Value, Bot::Random] {
        g.bench_function(format!("two_threads_{}", bot.name()), |x| {
            x.iter(|| black_box(play_test(&b, &PlayConfig::uniform(N, bot, 1, 2), &|_| true)))
        });
    }
    let (official, _) = placed_harbours(official_beginner(), 1);
    for bot in [Bot::Value, Bot::Random] {
        g.bench_function(format!("two_threads_{}_official", bot.name()), |x| {
            x.iter(|| {
                black_box(play_test(
                    &official,
                    &PlayConfig::uniform(N, bot, 1, 2),
                    &|_| true,
                ))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
