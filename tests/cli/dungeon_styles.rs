//! `evoboard dungeon --style rooms|caves|labyrinth --corridor-width 1|2|3`:
//! every combination is one connected dungeon, read back from the JSON
//! grid with a check of its own.

use super::{fails_with, json};
use serde_json::Value;

/// The grid as rows of characters.
fn grid(v: &Value) -> Vec<Vec<char>> {
    v["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().chars().collect())
        .collect()
}

/// The floor cells of each room (inside its rectangle).
fn room_floors(v: &Value, g: &[Vec<char>]) -> Vec<Vec<(usize, usize)>> {
    v["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let n = |k: &str| r[k].as_u64().unwrap() as usize;
            let (x, y, w, h) = (n("x"), n("y"), n("w"), n("h"));
            (y..y + h)
                .flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)))
                .filter(|&(xx, yy)| g[yy][xx] == '.')
                .collect()
        })
        .collect()
}

/// Every floor cell of every room reachable on foot from room A.
fn assert_connected(v: &Value, what: &str) {
    let g = grid(v);
    let floors = room_floors(v, &g);
    let walkable = |c: char| matches!(c, '.' | 'c' | '/' | 's' | 't');
    let (h, w) = (g.len(), g[0].len());
    let mut seen = vec![vec![false; w]; h];
    let start = floors[0][0];
    let mut stack = vec![start];
    seen[start.1][start.0] = true;
    while let Some((x, y)) = stack.pop() {
        for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
            if nx < w && ny < h && walkable(g[ny][nx]) && !seen[ny][nx] {
                seen[ny][nx] = true;
                stack.push((nx, ny));
            }
        }
    }
    for (k, cells) in floors.iter().enumerate() {
        assert!(!cells.is_empty(), "{what}: room {k} has no floor");
        for &(x, y) in cells {
            assert!(seen[y][x], "{what}: room {k} floor ({x},{y}) unreachable");
        }
    }
}

fn dungeon(style: &str, width: u8, seed: u64, extra: &[&str]) -> Value {
    let (w, s) = (width.to_string(), seed.to_string());
    let mut args = vec![
        "dungeon",
        "--size",
        "small",
        "--proposals",
        "1",
        "--seed",
        &s,
        "--style",
        style,
        "--corridor-width",
        &w,
        "--json",
    ];
    args.extend_from_slice(extra);
    json(&args)
}

#[test]
fn every_style_and_width_is_one_connected_dungeon() {
    for style in ["rooms", "caves", "labyrinth"] {
        for width in 1..=3u8 {
            let v = dungeon(style, width, 3, &[]);
            assert_eq!(v["style"], style);
            assert_eq!(v["corridor_width"], width);
            assert_connected(&v, &format!("{style} width {width}"));
        }
    }
}

#[test]
fn width_two_corridors_are_two_wide() {
    let v = dungeon("rooms", 2, 5, &["--loops", "1", "--dead-ends", "1"]);
    let g = grid(&v);
    let corr = |x: usize, y: usize| matches!(g[y][x], 'c' | 't');
    let mut cells = 0;
    for y in 1..g.len() - 1 {
        for x in 1..g[0].len() - 1 {
            if !corr(x, y) {
                continue;
            }
            cells += 1;
            let in_block = [(0, 0), (1, 0), (0, 1), (1, 1)].iter().any(|&(dx, dy)| {
                let (bx, by) = (x - dx, y - dy);
                corr(bx, by) && corr(bx + 1, by) && corr(bx, by + 1) && corr(bx + 1, by + 1)
            });
            assert!(in_block, "corridor cell ({x},{y}) is not in a 2x2 block");
        }
    }
    assert!(cells > 10, "{cells} corridor cells");
    // Doors at corridors come in pairs of cells.
    let door = |x: usize, y: usize| g[y][x] == '/';
    let pairs = (1..g.len() - 1)
        .flat_map(|y| (1..g[0].len() - 1).map(move |x| (x, y)))
        .filter(|&(x, y)| door(x, y) && (door(x + 1, y) || door(x, y + 1)))
        .count();
    assert!(pairs >= 2, "{pairs} two-cell doors");
    assert_eq!(
        v["metrics"]["dead_ends"], 1,
        "one wide dead end counts once"
    );
}

#[test]
fn caves_are_irregular() {
    let v = dungeon("caves", 1, 7, &[]);
    let g = grid(&v);
    for r in v["rooms"].as_array().unwrap() {
        let n = |k: &str| r[k].as_u64().unwrap() as usize;
        let (x, y, w, h) = (n("x"), n("y"), n("w"), n("h"));
        let floor = (y..y + h)
            .flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)))
            .filter(|&(xx, yy)| g[yy][xx] == '.')
            .count();
        assert!(floor < w * h, "room {} is a full rectangle", r["id"]);
        assert!(
            floor * 10 >= w * h * 4,
            "room {} floor {floor} of {}",
            r["id"],
            w * h
        );
        // The rectangle is the bounding box: floor on every side.
        assert!((x..x + w).any(|xx| g[y][xx] == '.'));
        assert!((x..x + w).any(|xx| g[y + h - 1][xx] == '.'));
        assert!((y..y + h).any(|yy| g[yy][x] == '.'));
        assert!((y..y + h).any(|yy| g[yy][x + w - 1] == '.'));
    }
}

#[test]
fn labyrinths_wind_without_stubs_unless_asked() {
    // Issue 29 replaced "many corridors and dead ends" (over a quarter of
    // the map, 20 dead ends or more): the maze's dead-end branches are
    // filled, so passages end at doors unless --dead-ends asks.
    let v = dungeon("labyrinth", 1, 2, &[]);
    let cells = v["metrics"]["corridor_cells"].as_u64().unwrap();
    assert!(cells > 100, "{cells} corridor cells");
    assert_eq!(v["metrics"]["dead_ends"], 0);
    assert_eq!(v["metrics"]["loops"], 0, "a pruned perfect maze");
    let stubs = dungeon("labyrinth", 1, 2, &["--dead-ends", "3"]);
    assert_eq!(stubs["metrics"]["dead_ends"], 3);
    assert_connected(&stubs, "with dead ends");
    let braided = dungeon("labyrinth", 1, 2, &["--loops", "4"]);
    assert_eq!(braided["metrics"]["loops"], 4);
    assert_connected(&braided, "braided");
}

#[test]
fn bad_styles_and_widths_are_refused() {
    for bad in ["0", "4", "wide"] {
        fails_with(&["dungeon", "--corridor-width", bad], "allowed: 1 to 3");
    }
    fails_with(
        &["dungeon", "--style", "dungeon"],
        "allowed: rooms, caves, labyrinth",
    );
}
