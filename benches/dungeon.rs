//! Dungeon generation with the published GA settings (10 generations of
//! 10, mutation 40 %), one proposal on one core: layout GA, extras,
//! contents GA and quality figures. Plus large caves and a large
//! labyrinth (corridor width 1).
//!
//! `cargo bench --no-default-features --bench dungeon`

use criterion::{Criterion, criterion_group, criterion_main};
use evoboard::dungeon::{DungeonParams, DungeonStyle, Size, generate_proposal};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("dungeon");
    group.sample_size(20);
    for size in Size::ALL {
        let params = DungeonParams::for_size(size);
        let mut seed = 0u64;
        group.bench_function(size.name(), |b| {
            b.iter(|| {
                seed += 1;
                black_box(
                    generate_proposal(&params, seed, 0).expect("published settings are valid"),
                )
            })
        });
    }
    for style in [DungeonStyle::Caves, DungeonStyle::Labyrinth] {
        let mut params = DungeonParams::for_size(Size::Large);
        params.style = style;
        let mut seed = 0u64;
        group.bench_function(format!("large-{}", style.name()), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate_proposal(&params, seed, 0).expect("valid settings"))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
