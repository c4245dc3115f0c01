//! An independent check that a party can finish a dungeon by the visible
//! way: it reads only the text rows of the grid, the rooms, the ends and
//! the locks, walks the grid with secret doors (`s`) as walls and every
//! locked door run as a wall until its key room has been reached, and
//! says whether the final room is reached. Written apart from the
//! generator's own searches (`stock::keys`, `Route`).

#![allow(clippy::needless_range_loop)] // grid walks read best as x/y loops

use super::{Dungeon, DungeonParams, DungeonStyle, Size, best_proposal, generate};
use std::collections::VecDeque;

/// Cells a party walks on without finding anything: floor, corridor,
/// ordinary door, trap (a trap hurts but does not stop).
fn visible_walkable(c: char) -> bool {
    matches!(c, '.' | 'c' | '/' | 't')
}

/// The door cells (`/`) 4-connected to (`x`, `y`): the whole door a lock
/// closes.
fn door_run(g: &[Vec<char>], x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut run = vec![(x, y)];
    let mut i = 0;
    while i < run.len() {
        let (cx, cy) = run[i];
        i += 1;
        for (nx, ny) in [(cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)] {
            if g[ny][nx] == '/' && !run.contains(&(nx, ny)) {
                run.push((nx, ny));
            }
        }
    }
    run
}

/// What a walk by the visible way finds.
#[derive(Debug)]
pub struct Walk {
    /// Whether the final room is reached (every needed key fetched).
    pub finishable: bool,
    /// Rooms reached.
    pub reached: Vec<bool>,
}

/// Walk `d` from the entrance with secret doors as walls and locked door
/// runs as walls until their key room is reached.
pub fn walk_visible(d: &Dungeon) -> Walk {
    let g: Vec<Vec<char>> = d.grid.rows().iter().map(|r| r.chars().collect()).collect();
    let (h, w) = (g.len(), g[0].len());
    let mut owner = vec![vec![usize::MAX; w]; h];
    for (k, r) in d.rooms.iter().enumerate() {
        for y in r.y as usize..(r.y + r.h) as usize {
            for x in r.x as usize..(r.x + r.w) as usize {
                owner[y][x] = k;
            }
        }
    }
    let runs: Vec<Vec<(usize, usize)>> = d
        .locks
        .iter()
        .map(|l| door_run(&g, l.door.0 as usize, l.door.1 as usize))
        .collect();
    let mut open = vec![false; d.locks.len()];
    loop {
        let mut blocked = vec![vec![false; w]; h];
        for (run, _) in runs.iter().zip(&open).filter(|(_, o)| !**o) {
            for &(x, y) in run {
                blocked[y][x] = true;
            }
        }
        let mut seen = vec![vec![false; w]; h];
        let mut q = VecDeque::new();
        let e = &d.rooms[d.entrance];
        for y in e.y as usize..(e.y + e.h) as usize {
            for x in e.x as usize..(e.x + e.w) as usize {
                if g[y][x] == '.' {
                    seen[y][x] = true;
                    q.push_back((x, y));
                }
            }
        }
        let mut reached = vec![false; d.rooms.len()];
        while let Some((x, y)) = q.pop_front() {
            if owner[y][x] != usize::MAX {
                reached[owner[y][x]] = true;
            }
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
                if nx < w
                    && ny < h
                    && !seen[ny][nx]
                    && !blocked[ny][nx]
                    && visible_walkable(g[ny][nx])
                {
                    seen[ny][nx] = true;
                    q.push_back((nx, ny));
                }
            }
        }
        let mut new = false;
        for (l, o) in d.locks.iter().zip(open.iter_mut()) {
            if !*o && reached.get(l.key_room) == Some(&true) {
                *o = true;
                new = true;
            }
        }
        if !new {
            return Walk {
                finishable: reached[d.final_room],
                reached,
            };
        }
    }
}

/// The best proposal of `params` for `seed`, as `evoboard dungeon` picks.
fn best(params: &DungeonParams, seed: u64) -> Dungeon {
    let mut all = generate(params, seed).unwrap();
    let b = best_proposal(&all);
    all.swap_remove(b)
}

/// How many of `seeds` give a dungeon finishable by the visible way.
fn finishable_count(params: &DungeonParams, seeds: std::ops::Range<u64>) -> usize {
    seeds
        .filter(|&s| walk_visible(&best(params, s)).finishable)
        .count()
}

#[test]
fn medium_with_keys_and_secrets_is_always_finishable() {
    // The issue's run: `dungeon --size medium --keys 2 --secret-doors 2
    // --seed S`, S = 8501..8530 (30 of 30 were not finishable before).
    let mut p = DungeonParams::for_size(Size::Medium);
    (p.keys, p.secret_doors) = (2, 2);
    assert_eq!(finishable_count(&p, 8501..8531), 30);
    p.secret_doors = 0;
    assert_eq!(finishable_count(&p, 8501..8531), 30);
}

#[test]
fn the_issue_small_case_is_finishable() {
    // `dungeon --size small --seed 3 --keys 1 --secret-doors 1 --traps 2`:
    // the key lay behind the secret door C→E.
    let mut p = DungeonParams::for_size(Size::Small);
    (p.keys, p.secret_doors, p.traps) = (1, 1, 2);
    let d = best(&p, 3);
    assert!(walk_visible(&d).finishable, "{}", d.text_map());
}

#[test]
fn every_style_and_width_is_finishable_with_secrets() {
    // Many secrets asked for: the ones placed never block the way, and
    // the JSON's count is the grid's.
    for seed in 0..90u64 {
        let size = Size::ALL[seed as usize % 3];
        let mut p = DungeonParams::for_size(size);
        p.proposals = 1;
        p.style = DungeonStyle::ALL[(seed / 3) as usize % 3];
        p.corridor_width = 1 + (seed / 9 % 3) as u8;
        (p.keys, p.secret_doors, p.traps) = ((seed % 6) as usize, 6, 3);
        p.loops = (seed % 4) as usize;
        let d = super::generate_proposal(&p, seed, 0).unwrap();
        let walk = walk_visible(&d);
        assert!(
            walk.finishable,
            "{} {} width {} seed {seed}\n{}",
            size.name(),
            p.style.name(),
            p.corridor_width,
            d.text_map()
        );
        assert!(d.locks.iter().all(|l| walk.reached[l.key_room]));
        assert!(d.metrics.secret_doors <= 6);
    }
}

/// Figures for the closing note (`cargo test … report_figures --
/// --ignored --nocapture`): finishable counts, main-path lengths, enemy
/// variety and the side-room rule over seeds 1-30, best proposals.
#[test]
#[ignore]
fn report_figures() {
    let mut p = DungeonParams::for_size(Size::Medium);
    (p.keys, p.secret_doors) = (2, 2);
    println!(
        "medium --keys 2 --secret-doors 2, seeds 8501-8530: finishable {}",
        finishable_count(&p, 8501..8531)
    );
    p.secret_doors = 0;
    println!(
        "medium --keys 2, seeds 8501-8530: finishable {}",
        finishable_count(&p, 8501..8531)
    );
    for (what, size, style, loops, keys) in [
        (
            "small labyrinth",
            Size::Small,
            DungeonStyle::Labyrinth,
            0,
            0,
        ),
        (
            "medium labyrinth",
            Size::Medium,
            DungeonStyle::Labyrinth,
            0,
            0,
        ),
        (
            "small rooms --loops 4",
            Size::Small,
            DungeonStyle::Rooms,
            4,
            0,
        ),
        (
            "medium rooms --keys 2",
            Size::Medium,
            DungeonStyle::Rooms,
            0,
            2,
        ),
        ("medium rooms", Size::Medium, DungeonStyle::Rooms, 0, 0),
        ("large rooms", Size::Large, DungeonStyle::Rooms, 0, 0),
    ] {
        let mut p = DungeonParams::for_size(size);
        (p.style, p.loops, p.keys) = (style, loops, keys);
        let mut lens = Vec::new();
        let mut kinds = std::collections::BTreeMap::<String, usize>::new();
        let (mut side_rich, mut unguarded_rich, mut not_rising) = (0, 0, 0);
        for seed in 1..=30 {
            let d = best(&p, seed);
            lens.push(d.pacing.main_path.len());
            for r in &d.rooms {
                if let Some(k) = r.enemy_kinds.first() {
                    *kinds.entry(k.clone()).or_default() += 1;
                }
            }
            // Unguarded: strict (issue 29), an empty side room without
            // enemies counts when the final room holds no treasure.
            let fin = d.rooms[d.final_room].reward;
            if d.pacing
                .side_rooms
                .iter()
                .any(|s| s.reward >= fin && s.reward > 0)
            {
                side_rich += 1;
            }
            if d.pacing
                .side_rooms
                .iter()
                .any(|s| s.reward >= fin && s.challenge == 0)
            {
                unguarded_rich += 1;
            }
            let path = &d.pacing.main_path;
            let peak = path.last().map_or(0, |s| s.challenge);
            if path.windows(2).any(|w| w[1].challenge < w[0].challenge)
                || path.iter().any(|s| s.challenge > peak)
            {
                not_rising += 1;
            }
        }
        lens.sort_unstable();
        let mut top: Vec<(usize, String)> = kinds.into_iter().map(|(k, n)| (n, k)).collect();
        top.sort_unstable_by(|a, b| b.cmp(a));
        println!(
            "{what}: main path rooms median {} (min {}, max {}); side room reward >= final {side_rich}/30, unguarded {unguarded_rich}/30; challenge not rising {not_rising}/30; enemy kinds (first of each room) {:?}",
            lens[15],
            lens[0],
            lens[29],
            &top[..top.len().min(6)]
        );
    }
}

#[test]
fn pacing_checks_hold_over_sizes_and_styles() {
    // Issue 29 item 4, the rules enforced so far: challenge rises to the
    // final room, no unguarded side room out-rewards it. (Enemy variety,
    // at most a quarter of the enemy rooms per kind, is preferred by the
    // stocking but not yet guaranteed: long main paths run out of
    // stronger kinds; `pacing.checks` reports it.)
    for seed in 0..30u64 {
        let mut p = DungeonParams::for_size(Size::ALL[seed as usize % 3]);
        p.proposals = 1;
        p.style = DungeonStyle::ALL[(seed / 3) as usize % 3];
        p.loops = (seed % 5) as usize;
        let d = super::generate_proposal(&p, seed, 0).unwrap();
        let c = d.pacing_checks();
        assert!(c.rising && c.final_is_peak, "seed {seed}: {c:?}");
        assert!(c.unguarded_side_below_final, "seed {seed}: {:?}", d.pacing);
    }
}
