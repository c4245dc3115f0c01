//! Catan games per second: one complete game of each bot on one thread,
//! and a play-test of 256 games on two threads (the search bot: one
//! searcher and three planners, 16 games) (the `games_per_sec` of
//! `evaluate catan --play`), on the base island with the tiles in their
//! standard order (same terrains side by side: long random-bot games) and
//! on the rulebook's beginner island (`_official`, harbours placed as
//! `evaluate` places them, seed 1).
//!
//! `cargo bench --no-default-features --bench catan_play`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use evoboard_core::boards::analysis::catan_table::official_beginner;
use evoboard_core::boards::catan::play::{
    Bot, PlayConfig, Topology, placed_harbours, play_game, play_test,
};
use evoboard_core::boards::catan::{CatanBoard, CatanLayout, assign_harbours, standard_codes};
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
    for bot in [Bot::Value, Bot::Random, Bot::Planner] {
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
    for bot in [Bot::Value, Bot::Random, Bot::Planner] {
        g.bench_function(format!("two_threads_{}", bot.name()), |x| {
            x.iter(|| black_box(play_test(&b, &PlayConfig::uniform(N, bot, 1, 2), &|_| true)))
        });
    }
    let (official, _) = placed_harbours(official_beginner(), 1);
    for bot in [Bot::Value, Bot::Random, Bot::Planner] {
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
    search(c, &b, &t, &official);
}

/// The search bot: one searcher against three planners (rotated), one
/// game on one thread and a play-test of 16 games on two threads.
fn search(c: &mut Criterion, b: &CatanBoard, t: &Topology, official: &CatanBoard) {
    let lineup = [Bot::Search, Bot::Planner, Bot::Planner, Bot::Planner];
    let mut g = c.benchmark_group("catan_search");
    g.sample_size(10);
    g.throughput(Throughput::Elements(1));
    let mut buf = Vec::with_capacity(128);
    let mut seed = 0;
    g.bench_function("one_thread_search", |x| {
        x.iter(|| {
            seed += 1;
            black_box(play_game(t, &lineup, seed, &mut buf, None).0)
        })
    });
    const N: u32 = 16;
    g.throughput(Throughput::Elements(N as u64));
    let mut bots = [Bot::Planner; 6];
    bots[0] = Bot::Search;
    let cfg = PlayConfig {
        seats: 4,
        bots,
        rotate: true,
        ..PlayConfig::uniform(N, Bot::Planner, 1, 2)
    };
    for (name, board) in [
        ("two_threads_search", b),
        ("two_threads_search_official", official),
    ] {
        g.bench_function(name, |x| {
            x.iter(|| black_box(play_test(board, &cfg, &|_| true)))
        });
    }
    g.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
