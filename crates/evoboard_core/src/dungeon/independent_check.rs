//! An independent validity checker, written apart from the generator's own
//! checks: it reads only the text rows of the grid and the room list, and
//! checks every generated dungeon on 1,000 seeds per size, and 200 seeds
//! per style and corridor width.

#![allow(clippy::needless_range_loop)] // grid checks read best as x/y loops

use super::{Dungeon, DungeonParams, DungeonStyle, Size, generate_proposal};
use crate::invalid::{Invalid, Part};
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
                if g[y][x] == '.' {
                    dist[y][x] = 0;
                    q.push_back((x, y));
                }
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

/// Check one dungeon against what was asked for; the error is a
/// [`Part::Dungeon`] naming the first rule it breaks.
pub fn check(d: &Dungeon, p: &DungeonParams) -> Result<(), Invalid> {
    check_as(d, p, false).map_err(|m| Invalid::new(Part::Dungeon, m))
}

/// Check a dungeon a game master edited: the same, except that letters
/// only need to rise (deleted rooms leave gaps) and the entrance and final
/// room only need to be two different rooms (the GM's, not the farthest
/// pair).
pub fn check_edited(d: &Dungeon, p: &DungeonParams) -> Result<(), Invalid> {
    check_as(d, p, true).map_err(|m| Invalid::new(Part::Dungeon, m))
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
    if (d.style, d.corridor_width) != (p.style, p.corridor_width) {
        return Err(format!(
            "style {:?} width {}, asked {:?} {}",
            d.style, d.corridor_width, p.style, p.corridor_width
        ));
    }
    let k = p.corridor_width as usize;
    let caves = p.style == DungeonStyle::Caves;
    let is_door = |c: char| matches!(c, '/' | 's');
    let is_corr = |c: char| matches!(c, 'c' | 't');
    // Rooms: inside, floors '.', rings of walls/doors, no overlap. A cave
    // keeps its rectangle as bounding box: floor, wall and rock inside,
    // and its ring may be rock where no floor is near.
    let mut floor_owner = vec![vec![usize::MAX; w]; h];
    let mut in_room = vec![vec![false; w]; h];
    let mut in_rect = vec![vec![false; w]; h];
    for (k_room, r) in d.rooms.iter().enumerate() {
        let rising = k_room == 0 || d.rooms[k_room - 1].letter < r.letter;
        let ok = if edited {
            r.letter.is_ascii_uppercase() && rising
        } else {
            r.letter == (b'A' + k_room as u8) as char
        };
        if !ok {
            return Err(format!("room {k_room} has letter {}", r.letter));
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
        let mut floor = 0;
        let mut first = None;
        for y in y0 - 1..=y1 {
            for x in x0 - 1..=x1 {
                in_room[y][x] = true;
                let inside = x >= x0 && x < x1 && y >= y0 && y < y1;
                in_rect[y][x] |= inside;
                let c = g[y][x];
                if inside {
                    let ok = c == '.' || (caves && matches!(c, 'w' | ' '));
                    if !ok {
                        return Err(format!("room {} floor ({x},{y}) is '{c}'", r.letter));
                    }
                    if c == '.' {
                        if floor_owner[y][x] != usize::MAX {
                            return Err(format!("rooms overlap at ({x},{y})"));
                        }
                        floor_owner[y][x] = k_room;
                        floor += 1;
                        first.get_or_insert((x, y));
                    }
                } else if !(matches!(c, 'w' | '/' | 's') || (caves && matches!(c, ' ' | 'c' | 't')))
                {
                    return Err(format!("room {} wall ({x},{y}) is '{c}'", r.letter));
                }
            }
        }
        let area = r.w as usize * r.h as usize;
        if caves && (floor * 10 < area * 3 || floor == area) {
            return Err(format!(
                "cave {} has {floor} floor cells of {area}",
                r.letter
            ));
        }
        // The floor is one piece.
        let Some(start) = first else {
            return Err(format!("room {} has no floor", r.letter));
        };
        let mut seen = vec![start];
        let mut stack = vec![start];
        while let Some((x, y)) = stack.pop() {
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
                if g[ny][nx] == '.' && floor_owner[ny][nx] == k_room && !seen.contains(&(nx, ny)) {
                    seen.push((nx, ny));
                    stack.push((nx, ny));
                }
            }
        }
        if seen.len() != floor {
            return Err(format!("room {} floor is in pieces", r.letter));
        }
    }
    for y in 0..h {
        for x in 0..w {
            let c = g[y][x];
            if c == '.' && floor_owner[y][x] == usize::MAX {
                return Err(format!("stray floor at ({x},{y})"));
            }
            if c == '.' {
                // Walls around the floor, diagonals included (a cave's
                // passages come in through mouths in its wall ring).
                for ny in y - 1..=y + 1 {
                    for nx in x - 1..=x + 1 {
                        let n = g[ny][nx];
                        let same = n == '.' && floor_owner[ny][nx] == floor_owner[y][x];
                        let mouth = caves && is_corr(n) && !in_rect[ny][nx];
                        if !(same || n == 'w' || is_door(n) || mouth) {
                            return Err(format!("floor ({x},{y}) touches '{n}' at ({nx},{ny})"));
                        }
                    }
                }
            }
            if is_corr(c) && in_room[y][x] {
                // A cave's mouth: in the wall ring, between the cave's
                // floor and the passage outside, walls on either side.
                let pass =
                    |a: char, b: char| (a == '.' && walkable(b)) || (walkable(a) && b == '.');
                let wall = |a: char| matches!(a, 'w' | ' ' | '/' | 's');
                let horiz = pass(g[y][x - 1], g[y][x + 1])
                    && (wall(g[y - 1][x]) || is_corr(g[y - 1][x]))
                    && (wall(g[y + 1][x]) || is_corr(g[y + 1][x]));
                let vert = pass(g[y - 1][x], g[y + 1][x])
                    && (wall(g[y][x - 1]) || is_corr(g[y][x - 1]))
                    && (wall(g[y][x + 1]) || is_corr(g[y][x + 1]));
                if !(caves && !in_rect[y][x] && (horiz || vert)) {
                    return Err(format!("corridor ({x},{y}) inside a room or its walls"));
                }
            }
            if is_door(c) {
                // Between a room's floor and a walkable cell outside.
                let pass =
                    |a: char, b: char| (a == '.' && walkable(b)) || (walkable(a) && b == '.');
                let horiz = x > 0 && x + 1 < w && pass(g[y][x - 1], g[y][x + 1]);
                let vert = y > 0 && y + 1 < h && pass(g[y - 1][x], g[y + 1][x]);
                if !(horiz || vert) {
                    return Err(format!("door at ({x},{y}) is not between a room and a way"));
                }
            }
            if caves {
                // Natural passages: irregular, as wide as they come.
            } else if k == 1 {
                // One cell wide: no 2×2 block of corridor.
                if x + 1 < w
                    && y + 1 < h
                    && is_corr(g[y][x])
                    && is_corr(g[y][x + 1])
                    && is_corr(g[y + 1][x])
                    && is_corr(g[y + 1][x + 1])
                {
                    return Err(format!("corridor two cells wide at ({x},{y})"));
                }
            } else if is_corr(c) {
                // At least k wide: inside some k × k block of corridor.
                let block = |bx: usize, by: usize| {
                    bx + k <= w
                        && by + k <= h
                        && (by..by + k).all(|yy| (bx..bx + k).all(|xx| is_corr(g[yy][xx])))
                };
                let inside =
                    (0..k).any(|dy| (0..k).any(|dx| x >= dx && y >= dy && block(x - dx, y - dy)));
                if !inside {
                    return Err(format!("corridor narrower than {k} at ({x},{y})"));
                }
            }
        }
    }
    // Door runs: 4-connected door cells; a run at a corridor is k wide.
    let mut run_of = vec![vec![false; w]; h];
    let (mut doors, mut secret) = (0, 0);
    for y in 0..h {
        for x in 0..w {
            if !is_door(g[y][x]) || run_of[y][x] {
                continue;
            }
            let mut cells = vec![(x, y)];
            run_of[y][x] = true;
            let mut i = 0;
            while i < cells.len() {
                let (cx, cy) = cells[i];
                i += 1;
                for (nx, ny) in [(cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)] {
                    if is_door(g[ny][nx]) && !run_of[ny][nx] {
                        run_of[ny][nx] = true;
                        cells.push((nx, ny));
                    }
                }
            }
            let at_corridor = cells.iter().any(|&(cx, cy)| {
                [(cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)]
                    .iter()
                    .any(|&(nx, ny)| is_corr(g[ny][nx]))
            });
            if at_corridor && cells.len() < k {
                return Err(format!("door run at ({x},{y}) narrower than the corridor"));
            }
            doors += cells.len().div_ceil(k);
            let s_cells = cells.iter().filter(|&&(cx, cy)| g[cy][cx] == 's').count();
            if s_cells > 0 && s_cells != cells.len() {
                return Err(format!("door run at ({x},{y}) partly secret"));
            }
            secret += s_cells.div_ceil(k);
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
    if d.door_runs().len() != doors {
        return Err(format!(
            "{} door runs, counted {doors}",
            d.door_runs().len()
        ));
    }
    if m.secret_doors != secret || m.doors != doors {
        return Err(format!(
            "door counts disagree: {} / {} secret, counted {doors} / {secret}",
            m.doors, m.secret_doors
        ));
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
        // Without extras: no loops either (medium and large have one by
        // default since issue 40; the tree property is checked below).
        p.loops = 0;
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

/// 200 seeds of one style at every corridor width (sizes in turn; a
/// third with extras). Rooms at width 1 are the size sweeps above.
fn style_sweep(style: DungeonStyle) {
    for width in 1..=3u8 {
        if style == DungeonStyle::Rooms && width == 1 {
            continue;
        }
        let mut unasked = 0;
        for seed in 0..200u64 {
            let size = Size::ALL[seed as usize % 3];
            let mut p = DungeonParams::for_size(size);
            (p.proposals, p.style, p.corridor_width) = (1, style, width);
            (p.enemies_pct, p.treasure_pct) = MIXES[seed as usize % MIXES.len()];
            p.loops = 0;
            if seed % 3 == 1 {
                (p.loops, p.dead_ends, p.secret_doors, p.traps) = (2, 2, 1, 2);
            }
            let what = format!("{} width {width} {} seed {seed}", style.name(), size.name());
            let d = generate_proposal(&p, seed, 0).unwrap_or_else(|e| panic!("{what}: {e}"));
            if let Err(e) = check(&d, &p) {
                panic!("{what}: {e}\n{}", d.text_map());
            }
            if p.loops == 0 && d.metrics.loops > 0 {
                unasked += 1;
            }
            // Passages end at doors unless dead ends are asked for.
            if p.dead_ends == 0 {
                assert_eq!(d.metrics.dead_ends, 0, "{what}: stubs\n{}", d.text_map());
            }
        }
        // A labyrinth without loops is a perfect maze: a tree. Corridors
        // form a tree up to a few incidental loops.
        let allowed = if style == DungeonStyle::Labyrinth {
            0
        } else {
            4
        };
        assert!(
            unasked <= allowed,
            "{} width {width}: {unasked} maps with unasked loops",
            style.name()
        );
    }
}

#[test]
fn wide_rooms_are_all_valid() {
    style_sweep(DungeonStyle::Rooms);
}

#[test]
fn caves_are_all_valid() {
    style_sweep(DungeonStyle::Caves);
}

#[test]
fn labyrinths_are_all_valid() {
    style_sweep(DungeonStyle::Labyrinth);
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
