//! Dungeon generation with the published GA settings (10 generations of
//! 10, mutation 40 %), one proposal on one core: layout GA, extras,
//! contents GA and quality figures; large caves and a large labyrinth
//! (corridor width 1); and "evolve the rest" around three pinned rooms
//! of a large dungeon.
//!
//! `cargo bench --no-default-features --bench dungeon`

use criterion::{Criterion, criterion_group, criterion_main};
use evoboard_core::dungeon::{
    DungeonEdit, DungeonParams, DungeonStyle, Size, evolve_rest, generate_proposal,
};
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
    // "Evolve the rest" on a large dungeon with three pinned rooms (layout
    // GA around them, corridors, extras, contents GA, figures).
    let params = DungeonParams::for_size(Size::Large);
    let mut pinned = generate_proposal(&params, 1, 0).expect("published settings are valid");
    for room in ['A', 'C', 'E'] {
        pinned
            .apply(&DungeonEdit::Pin { room, pinned: true }, &params)
            .expect("a large dungeon has rooms A, C and E");
    }
    let mut seed = 0u64;
    group.bench_function("evolve_rest large", |b| {
        b.iter(|| {
            seed += 1;
            black_box(evolve_rest(&pinned, &params, seed).expect("pinned rooms fit"))
        })
    });
    // One GM edit on it: an unpinned room moved one cell right and back
    // (corridors, extras, contents GA and figures rebuilt each time).
    let (room, x, y) = pinned
        .rooms
        .iter()
        .filter(|r| !r.pinned)
        .map(|r| (r.letter, r.x, r.y))
        .find(|&(room, x, y)| {
            let edit = DungeonEdit::Move { room, x: x + 1, y };
            pinned.clone().apply(&edit, &params).is_ok()
        })
        .expect("some room can move one cell right");
    let mut right = true;
    group.bench_function("apply move large", |b| {
        b.iter(|| {
            let to = if right { x + 1 } else { x };
            right = !right;
            let edit = DungeonEdit::Move { room, x: to, y };
            pinned
                .apply(&edit, &params)
                .expect("the room moves one cell");
            black_box(&pinned);
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
