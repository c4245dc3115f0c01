//! An independent validity checker, written apart from the generator's own
//! checks: it reads only the text rows of the grid and the room list, and
//! checks every generated dungeon on 1,000 seeds per size.

#![allow(clippy::needless_range_loop)] // grid checks read best as x/y loops

use super::{Dungeon, DungeonParams, Size, generate_proposal};
use std::collections::VecDeque;

fn walkable(c: char) -> bool {
    matches!(c, '.' | 'c' | '/' | 's' | 't')
}

/// Steps between every pair of rooms, by BFS over the text grid.
fn distances(g: &[Vec<char>], d: &Dungeon) -> Vec<Vec<usize>> {
    let (h, w) = (g.len(), g[0].len());
    let mut owners = vec![vec![None; w]; h];
    for (k, r) in d.rooms.iter().enumerate() {
        for y in r.y as usize..(r.y + r.h) as usize {
            for x in r.x as usize..(r.x + r.w) as usize {
                owners[y][x] = Some(k);
            }
        }
    }
    let owner = |x: usize, y: usize| owners[y][x];
    let mut out = vec![vec![usize::MAX; d.rooms.len()]; d.rooms.len()];
    for (k, r) in d.rooms.iter().enumerate() {
        let mut dist = vec![vec![usize::MAX; w]; h];
        let mut q = VecDeque::new();
        for y in r.y as usize..(r.y + r.h) as usize {
            for x in r.x as usize..(r.x + r.w) as usize {
                dist[y][x] = 0;
                q.push_back((x, y));
            }
        }
        while let Some((x, y)) = q.pop_front() {
            if let Some(o) = owner(x, y) {
                out[k][o] = out[k][o].min(dist[y][x]);
            }
            let nb = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (nx, ny) in nb {
                if nx < w && ny < h && walkable(g[ny][nx]) && dist[ny][nx] == usize::MAX {
                    dist[ny][nx] = dist[y][x] + 1;
                    q.push_back((nx, ny));
                }
            }
        }
    }
    out
}

/// Check one dungeon against what was asked for.
pub fn check(d: &Dungeon, p: &DungeonParams) -> Result<(), String> {
    check_as(d, p, false)
}

/// Check a dungeon a game master edited: the same, except that letters
/// only need to rise (deleted rooms leave gaps) and the entrance and final
/// room only need to be two different rooms (the GM's, not the farthest
/// pair).
pub fn check_edited(d: &Dungeon, p: &DungeonParams) -> Result<(), String> {
    check_as(d, p, true)
}

fn check_as(d: &Dungeon, p: &DungeonParams, edited: bool) -> Result<(), String> {
    let g: Vec<Vec<char>> = d.grid.rows().iter().map(|r| r.chars().collect()).collect();
    let (h, w) = (g.len(), g[0].len());
    if (w, h) != (p.width, p.height) {
        return Err(format!("grid {w}x{h}, asked {}x{}", p.width, p.height));
    }
    let n = d.rooms.len();
    if n < p.min_rooms || n > p.max_rooms {
        return Err(format!("{n} rooms, asked {}-{}", p.min_rooms, p.max_rooms));
    }
    // Rooms: inside, floors '.', rings of walls/doors, no overlap.
    let mut floor_owner = vec![vec![usize::MAX; w]; h];
    for (k, r) in d.rooms.iter().enumerate() {
        let rising = k == 0 || d.rooms[k - 1].letter < r.letter;
        let ok = if edited {
            r.letter.is_ascii_uppercase() && rising
        } else {
            r.letter == (b'A' + k as u8) as char
        };
        if !ok {
            return Err(format!("room {k} has letter {}", r.letter));
        }
        let (x0, y0, x1, y1) = (
            r.x as usize,
            r.y as usize,
            (r.x + r.w) as usize,
            (r.y + r.h) as usize,
        );
        if x0 < 1 || y0 < 1 || x1 >= w || y1 >= h || r.w == 0 || r.h == 0 {
            return Err(format!("room {} sticks out of the grid", r.letter));
        }
        for y in y0 - 1..=y1 {
            for x in x0 - 1..=x1 {
                let inside = x >= x0 && x < x1 && y >= y0 && y < y1;
                let c = g[y][x];
                if inside {
                    if c != '.' {
                        return Err(format!("room {} floor ({x},{y}) is '{c}'", r.letter));
                    }
                    if floor_owner[y][x] != usize::MAX {
                        return Err(format!("rooms overlap at ({x},{y})"));
                    }
                    floor_owner[y][x] = k;
                } else if !matches!(c, 'w' | '/' | 's') {
                    return Err(format!("room {} wall ({x},{y}) is '{c}'", r.letter));
                }
            }
        }
    }
    for y in 0..h {
        for x in 0..w {
            let c = g[y][x];
            if c == '.' && floor_owner[y][x] == usize::MAX {
                return Err(format!("stray floor at ({x},{y})"));
            }
            if matches!(c, '/' | 's') {
                let horiz = x > 0 && x + 1 < w && walkable(g[y][x - 1]) && walkable(g[y][x + 1]);
                let vert = y > 0 && y + 1 < h && walkable(g[y - 1][x]) && walkable(g[y + 1][x]);
                if !(horiz || vert) {
                    return Err(format!("door at ({x},{y}) leads nowhere"));
                }
            }
            // One cell wide: no 2×2 block of corridor.
            let corr = |x: usize, y: usize| matches!(g[y][x], 'c' | 't');
            if x + 1 < w
                && y + 1 < h
                && corr(x, y)
                && corr(x + 1, y)
                && corr(x, y + 1)
                && corr(x + 1, y + 1)
            {
                return Err(format!("corridor two cells wide at ({x},{y})"));
            }
        }
    }
    // Walls keep rooms apart: no floor next to another room's floor.
    for y in 0..h {
        for x in 0..w - 1 {
            let (a, b) = (floor_owner[y][x], floor_owner[y][x + 1]);
            if a != b && a != usize::MAX && b != usize::MAX {
                return Err(format!("rooms touch without a wall at ({x},{y})"));
            }
        }
    }
    // One connected dungeon: everything walkable reachable from room A.
    let mut seen = vec![vec![false; w]; h];
    let (sx, sy) = (d.rooms[0].x as usize, d.rooms[0].y as usize);
    let mut stack = vec![(sx, sy)];
    seen[sy][sx] = true;
    while let Some((x, y)) = stack.pop() {
        for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
            if walkable(g[ny][nx]) && !seen[ny][nx] {
                seen[ny][nx] = true;
                stack.push((nx, ny));
            }
        }
    }
    for y in 0..h {
        for x in 0..w {
            if walkable(g[y][x]) && !seen[y][x] {
                return Err(format!("({x},{y}) '{}' cannot be reached", g[y][x]));
            }
        }
    }
    // Contents: exact rounded counts, at most 20 % empty when possible.
    let want = |pct: u8| (n as f64 * pct as f64 / 100.0).round() as usize;
    let (ne, nt) = (want(p.enemies_pct), want(p.treasure_pct));
    let enemies = d.rooms.iter().filter(|r| r.enemies).count();
    let treasure = d.rooms.iter().filter(|r| r.treasure).count();
    if (enemies, treasure) != (ne, nt) {
        return Err(format!(
            "{enemies} enemy / {treasure} treasure rooms, asked {ne} / {nt}"
        ));
    }
    let empty = d.rooms.iter().filter(|r| !r.enemies && !r.treasure).count();
    let allowed = (n as f64 * 0.2).floor() as usize;
    if n.saturating_sub(ne + nt) <= allowed && empty > allowed {
        return Err(format!(
            "{empty} empty rooms of {n}, at most {allowed} wanted"
        ));
    }
    // Entrance and final room: a pair farthest apart on foot.
    let dist = distances(&g, d);
    let far = dist.iter().flatten().copied().max().unwrap_or(0);
    if d.entrance == d.final_room
        || d.entrance.max(d.final_room) >= n
        || (!edited && dist[d.entrance][d.final_room] != far)
    {
        return Err(format!(
            "entrance {} / final {} are {} apart, the farthest pair {far}",
            d.entrance,
            d.final_room,
            dist.get(d.entrance)
                .and_then(|r| r.get(d.final_room))
                .copied()
                .unwrap_or(usize::MAX)
        ));
    }
    let m = &d.metrics;
    if m.rooms != n || m.longest_path != far || m.empty_rooms != empty {
        return Err(format!("metrics disagree: {m:?}"));
    }
    let count = |ch: char| g.iter().flatten().filter(|&&c| c == ch).count();
    if m.corridor_cells != count('c') + count('t') || m.traps != count('t') {
        return Err("corridor/trap counts disagree".into());
    }
    if m.secret_doors != count('s') || m.doors != count('/') + count('s') {
        return Err("door counts disagree".into());
    }
    Ok(())
}

const MIXES: [(u8, u8); 6] = [(25, 25), (50, 50), (75, 25), (0, 100), (10, 10), (33, 67)];

fn sweep(size: Size) {
    let seeds = 1000u64;
    let mut unasked = 0;
    for seed in 0..seeds {
        let mut p = DungeonParams::for_size(size);
        p.proposals = 1;
        (p.enemies_pct, p.treasure_pct) = MIXES[seed as usize % MIXES.len()];
        if seed % 3 == 0 {
            p.loops = 2;
            p.dead_ends = 2;
            p.secret_doors = 1;
            p.traps = 2;
        }
        let d = generate_proposal(&p, seed, 0)
            .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", size.name()));
        if let Err(e) = check(&d, &p) {
            panic!("{} seed {seed}: {e}\n{}", size.name(), d.text_map());
        }
        if p.loops == 0 && (d.metrics.loops > 0 || d.metrics.dead_ends > 0) {
            unasked += 1;
        }
    }
    // Without extras the corridors form a tree (tolerance: 1 % of maps
    // with an incidental loop or dead end).
    assert!(unasked <= 6, "{unasked} maps with unasked loops/dead ends");
}

#[test]
fn small_dungeons_are_all_valid() {
    sweep(Size::Small);
}

#[test]
fn medium_dungeons_are_all_valid() {
    sweep(Size::Medium);
}

#[test]
fn large_dungeons_are_all_valid() {
    sweep(Size::Large);
}

#[test]
fn extras_are_honoured_when_there_is_room() {
    let mut p = DungeonParams::for_size(Size::Large);
    p.proposals = 1;
    (p.loops, p.dead_ends, p.secret_doors, p.traps) = (3, 4, 2, 5);
    let mut loops_met = 0;
    for seed in 0..20 {
        let d = generate_proposal(&p, seed, 0).unwrap();
        check(&d, &p).unwrap();
        let m = &d.metrics;
        assert!(m.dead_ends >= 4, "seed {seed}: {m:?}");
        assert_eq!((m.secret_doors, m.traps), (2, 5));
        if m.loops >= 3 {
            loops_met += 1;
        }
    }
    assert!(loops_met >= 18, "loops met on {loops_met}/20 seeds");
}
