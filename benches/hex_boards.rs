//! Hex-board scoring throughput and time to a perfect board.
//!
//! `cargo bench --no-default-features --bench hex_boards`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use evoboard_core::boards::catan::{self, BalancedCatan, CatanOptions};
use evoboard_core::boards::terra_mystica::{
    self, BalancedTm, Rules, TmState, Weights, standard_grid, standard_tiles,
};
use evoboard_core::boards::{BoardSetup, BoardVariant, HexIndex, Params, shuffle};
use evoboard_core::rng::{RngExt, seeded};
use evoboard_core::search::Search;
use std::hint::black_box;

fn scoring(c: &mut Criterion) {
    let grid = standard_grid();
    let mut rng = seeded(1);
    let mut tiles = standard_tiles();
    shuffle(&mut tiles, &mut rng);
    let mut g = c.benchmark_group("tm_scoring");
    g.throughput(Throughput::Elements(1));
    for rules in [Rules::Strict, Rules::Published] {
        g.bench_function(format!("full_{}", rules.name()), |b| {
            b.iter(|| terra_mystica::evaluate(grid, black_box(&tiles), rules))
        });
        let mut state = TmState::new(grid, tiles.clone(), rules, Weights::default());
        let pairs: Vec<(u16, u16)> = (0..4096)
            .map(|_| (rng.random_range(0..113), rng.random_range(0..113)))
            .filter(|&(a, b)| tiles[a as usize] != 7 && tiles[b as usize] != 7)
            .collect();
        let mut k = 0;
        g.bench_function(format!("swap_land_{}", rules.name()), |b| {
            b.iter(|| {
                let (x, y) = pairs[k % pairs.len()];
                k += 1;
                black_box(state.swap(x, y))
            })
        });
        let any: Vec<(u16, u16)> = (0..4096)
            .map(|_| (rng.random_range(0..113), rng.random_range(0..113)))
            .collect();
        g.bench_function(format!("swap_any_{}", rules.name()), |b| {
            b.iter(|| {
                let (x, y) = any[k % any.len()];
                k += 1;
                black_box(state.swap(x, y))
            })
        });
    }
    let codes = catan::standard_codes();
    g.bench_function("catan_full", |b| {
        b.iter(|| catan::evaluate(black_box(&codes), &CatanOptions::default()))
    });
    g.finish();
}

fn solving(c: &mut Criterion) {
    let mut g = c.benchmark_group("time_to_zero");
    g.sample_size(30);
    let tm = Params::defaults(BalancedTm::PARAMS);
    for rules in [Rules::Strict, Rules::Published, Rules::Table] {
        let mut seed = 0;
        g.bench_function(format!("tm_best_{}", rules.name()), |b| {
            b.iter(|| {
                seed += 1;
                let mut s = BalancedTm::new(seed, rules, Weights::default(), &tm);
                while !s.is_solved() {
                    s.step();
                }
            })
        });
    }
    let cp = Params::defaults(BalancedCatan::PARAMS);
    let mut seed = 0;
    g.bench_function("catan_best", |b| {
        b.iter(|| {
            seed += 1;
            let mut s = BalancedCatan::new(seed, CatanOptions::default(), &cp);
            while !s.is_solved() {
                s.step();
            }
        })
    });
    for (name, variant) in [
        ("catan_best_table", BoardVariant::Standard),
        ("catan_best_table_five_six", BoardVariant::FiveSixPlayers),
    ] {
        let setup = BoardSetup {
            variant,
            ..BoardSetup::default()
        };
        let mut seed = 0;
        g.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let mut s = BalancedCatan::with_setup(seed, CatanOptions::table(), &cp, &setup)
                    .expect("the island setup is valid");
                while !s.is_solved() {
                    s.step();
                }
            })
        });
    }
    g.finish();
}

/// A perfect strict board (seeded `best` run), 30 hexes pinned (seeded),
/// the other tiles shuffled (seeded).
fn pinned_setup(seed: u64) -> BoardSetup {
    let tm = Params::defaults(BalancedTm::PARAMS);
    let mut s = BalancedTm::new(seed, Rules::Strict, Weights::default(), &tm);
    while !s.is_solved() {
        s.step();
    }
    let board = s.best().0.clone();
    let mut rng = seeded(seed ^ 0x5eed);
    let mut hexes: Vec<HexIndex> = (0..board.len() as HexIndex).collect();
    shuffle(&mut hexes, &mut rng);
    let (pinned, free) = hexes.split_at(30);
    let mut tiles: Vec<u8> = free.iter().map(|&i| board[i as usize]).collect();
    shuffle(&mut tiles, &mut rng);
    let mut start = board.clone();
    for (&i, t) in free.iter().zip(tiles) {
        start[i as usize] = t;
    }
    BoardSetup::from_board(BoardVariant::Standard, start, pinned.to_vec())
}

fn pinned(c: &mut Criterion) {
    let mut g = c.benchmark_group("tm_pinned");
    g.sample_size(40);
    let tm = Params::defaults(BalancedTm::PARAMS);
    let setups: Vec<BoardSetup> = (1..=20).map(pinned_setup).collect();
    let mut k = 0u64;
    g.bench_function("strict_30_pins_best_to_zero", |b| {
        b.iter(|| {
            k += 1;
            let setup = &setups[k as usize % setups.len()];
            let mut s = BalancedTm::with_setup(k, Rules::Strict, Weights::default(), &tm, setup)
                .expect("pins from a perfect board are valid");
            while !s.is_solved() {
                s.step();
            }
        })
    });
    g.finish();
}

criterion_group!(benches, scoring, solving, pinned);
criterion_main!(benches);
