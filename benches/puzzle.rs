//! Puzzle generation speed (targets: 10 × 10 hard under 20 ms median,
//! 20 × 20 under 1 s, release, one core) and the shares the generator
//! actually produces, with and without `prefer_trails` (the share after
//! stripping and the final one); the solution-tree census against the
//! counter.
//!
//! `cargo bench --no-default-features --bench puzzle`

use criterion::{Criterion, criterion_group, criterion_main};
use evoboard_core::puzzle::{
    Board, Difficulty, GenOptions, Square, count_with, generate, generate_level, generate_with,
    most_neighbours, row_major, tree_census,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

const SIZES: [(usize, usize); 2] = [(10, 10), (20, 20)];
const DIFFICULTIES: [Difficulty; 2] = [Difficulty::Easy, Difficulty::Hard];

/// Mean shares, level counts and per-puzzle times (median, max) over `n`
/// seeds, printed once.
fn report_shares(n: u64) {
    for (w, h) in SIZES {
        for d in DIFFICULTIES {
            for prefer_trails in [false, true] {
                let opts = GenOptions {
                    prefer_trails,
                    ..GenOptions::default()
                };
                let (mut empty, mut given, mut blocked, mut stripped) = (0.0, 0.0, 0.0, 0.0);
                let mut levels = [0u32; 5];
                let mut fallbacks = 0;
                let mut ms = Vec::new();
                for seed in 0..n {
                    let t = Instant::now();
                    let g = generate_with(w, h, d, seed, opts).expect("valid size");
                    ms.push(t.elapsed().as_secs_f64() * 1000.0);
                    let p = g.puzzle;
                    stripped += g.stripped_empty_share;
                    fallbacks += usize::from(prefer_trails && g.trail_depth.is_none());
                    empty += p.empty_share;
                    given += p.given_share;
                    blocked += p.blocked_share;
                    levels[p.level.map_or(4, |l| l as usize)] += 1;
                }
                let k = n as f64 * 0.01;
                ms.sort_by(f64::total_cmp);
                println!(
                    "shares {w}x{h} {}{}: empty {:.1} % (after stripping {:.1} %), given {:.1} %, \
                 blocked {:.1} % (mean of {n} seeds); levels 1/2/3/beyond: {}/{}/{}/{}; \
                 time per puzzle median {:.2} ms, max {:.2} ms{}",
                    d.name(),
                    if prefer_trails { " prefer-trails" } else { "" },
                    empty / k,
                    stripped / k,
                    given / k,
                    blocked / k,
                    levels[1],
                    levels[2],
                    levels[3],
                    levels[4],
                    ms[ms.len() / 2],
                    ms[ms.len() - 1],
                    if prefer_trails {
                        format!("; fell back {fallbacks} times")
                    } else {
                        String::new()
                    }
                );
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    report_shares(200);
    let mut g = c.benchmark_group("puzzle");
    g.sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for (w, h) in SIZES {
        for d in DIFFICULTIES {
            let mut seed = 0u64;
            g.bench_function(format!("generate {w}x{h} {}", d.name()), |b| {
                b.iter(|| {
                    seed += 1;
                    black_box(generate(w, h, d, seed).expect("valid size"))
                })
            });
        }
    }
    for level in 1..=3u8 {
        let mut seed = 0u64;
        g.bench_function(format!("generate_level 10x10 hard L{level}"), |b| {
            b.iter(|| {
                seed += 1;
                // A level not reached is an outcome too: its time counts.
                black_box(generate_level(10, 10, Difficulty::Hard, level, seed).ok())
            })
        });
    }
    let p = generate(20, 20, Difficulty::Hard, 7).expect("valid size");
    let board = p.cells_board().expect("valid board");
    g.bench_function("solve 20x20 hard (limit 2) row-major", |b| {
        b.iter(|| black_box(count_with(&board, 2, &row_major)))
    });
    g.bench_function("solve 20x20 hard (limit 2) most-neighbours", |b| {
        b.iter(|| black_box(count_with(&board, 2, &most_neighbours)))
    });
    let l3 = generate_level(20, 20, Difficulty::Hard, 3, 7).expect("level 3 reached");
    let l3 = l3.cells_board().expect("valid board");
    g.bench_function("solve 20x20 hard level 3 (limit 2) counter", |b| {
        b.iter(|| black_box(count_with(&l3, 2, &most_neighbours)))
    });
    g.bench_function("solve 20x20 hard level 3 tree census", |b| {
        b.iter(|| black_box(tree_census(&l3, &most_neighbours, 100_000)))
    });
    let trails = GenOptions {
        prefer_trails: true,
        ..GenOptions::default()
    };
    for d in DIFFICULTIES {
        let mut seed = 0u64;
        g.bench_function(format!("generate 20x20 {} prefer-trails", d.name()), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate_with(20, 20, d, seed, trails).expect("valid size"))
            })
        });
    }
    let empty = Board::new(20, 20, Square::Empty).expect("valid size");
    g.bench_function("count empty 20x20 (8 solutions) row-major", |b| {
        b.iter(|| black_box(count_with(&empty, 100, &row_major)))
    });
    g.bench_function("count empty 20x20 (8 solutions) most-neighbours", |b| {
        b.iter(|| black_box(count_with(&empty, 100, &most_neighbours)))
    });
    g.bench_function("tree census empty 20x20 (8 treasures)", |b| {
        b.iter(|| black_box(tree_census(&empty, &most_neighbours, 100_000)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
