//! `evoboard export` of dungeon levels: png, svg, Universal VTT and the
//! room key, checked against the level's own grid (door runs and exits
//! are worked out here, independently of the export code).

use super::{evoboard, fails_with, json, temp_dir};
use base64::Engine;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// A generated level's grid and rooms, from `evoboard dungeon --json`.
struct Map {
    path: String,
    rows: Vec<Vec<u8>>,
    /// Letter, x, y, w, h.
    rooms: Vec<(char, usize, usize, usize, usize)>,
}

impl Map {
    /// Generate a small dungeon with a loop and a secret door, saved in `dir`.
    fn new(dir: &Path, seed: u64) -> Map {
        let path = dir.join(format!("d{seed}.level.ron"));
        let path = path.to_str().unwrap().to_string();
        let s = seed.to_string();
        let v = json(&[
            "dungeon",
            "--size",
            "small",
            "--seed",
            &s,
            "--loops",
            "1",
            "--secret-doors",
            "1",
            "--proposals",
            "1",
            "--out",
            &path,
            "--json",
        ]);
        let rows = v["grid"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().as_bytes().to_vec())
            .collect();
        let u = |r: &Value, k: &str| r[k].as_u64().unwrap() as usize;
        let rooms = v["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                let id = r["id"].as_str().unwrap().chars().next().unwrap();
                (id, u(r, "x"), u(r, "y"), u(r, "w"), u(r, "h"))
            })
            .collect();
        Map { path, rows, rooms }
    }

    fn cols(&self) -> usize {
        self.rows[0].len()
    }

    fn at(&self, x: i64, y: i64) -> u8 {
        if x < 0 || y < 0 || y as usize >= self.rows.len() || x as usize >= self.cols() {
            return b' ';
        }
        self.rows[y as usize][x as usize]
    }

    fn walkable(&self, x: i64, y: i64) -> bool {
        matches!(self.at(x, y), b'.' | b'c' | b'/' | b's' | b't')
    }

    fn door(&self, x: i64, y: i64) -> bool {
        matches!(self.at(x, y), b'/' | b's')
    }

    /// The room whose floor holds the cell.
    fn owner(&self, x: i64, y: i64) -> Option<usize> {
        if self.at(x, y) != b'.' {
            return None;
        }
        let (x, y) = (x as usize, y as usize);
        self.rooms
            .iter()
            .position(|&(_, rx, ry, w, h)| (rx..rx + w).contains(&x) && (ry..ry + h).contains(&y))
    }

    /// Runs of 4-adjacent door cells.
    fn door_runs(&self) -> Vec<Vec<(i64, i64)>> {
        let mut seen = BTreeSet::new();
        let mut runs = Vec::new();
        for y in 0..self.rows.len() as i64 {
            for x in 0..self.cols() as i64 {
                if !self.door(x, y) || !seen.insert((x, y)) {
                    continue;
                }
                let mut run = vec![(x, y)];
                let mut i = 0;
                while i < run.len() {
                    let (cx, cy) = run[i];
                    i += 1;
                    for n in [(cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)] {
                        if self.door(n.0, n.1) && seen.insert(n) {
                            run.push(n);
                        }
                    }
                }
                runs.push(run);
            }
        }
        runs
    }

    /// The rooms other than `room` a flood fill from the door run reaches
    /// without crossing any room's floor.
    fn beyond(&self, run: &[(i64, i64)], room: usize) -> BTreeSet<char> {
        let mut seen: BTreeSet<(i64, i64)> = run.iter().copied().collect();
        let mut todo: Vec<(i64, i64)> = run.to_vec();
        let mut found = BTreeSet::new();
        while let Some((x, y)) = todo.pop() {
            for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                if !self.walkable(n.0, n.1) || !seen.insert(n) {
                    continue;
                }
                match self.owner(n.0, n.1) {
                    Some(k) if k != room => {
                        found.insert(self.rooms[k].0);
                    }
                    Some(_) => {}
                    None => todo.push(n),
                }
            }
        }
        found
    }
}

fn export(map: &Map, format: &str, extra: &[&str]) -> Value {
    let mut args = vec!["export", &map.path, "--format", format, "--json"];
    args.extend_from_slice(extra);
    json(&args)
}

fn point(p: &Value) -> (f64, f64) {
    (p["x"].as_f64().unwrap(), p["y"].as_f64().unwrap())
}

fn png_size(bytes: &[u8]) -> (u32, u32) {
    let d = png::Decoder::new(std::io::Cursor::new(bytes));
    let r = d.read_info().unwrap();
    let i = r.info();
    (i.width, i.height)
}

#[test]
fn vtt_has_closed_walls_one_portal_per_door_and_the_picture() {
    let dir = temp_dir("dvtt");
    for (seed, ppc) in [(1u64, 70u32), (2, 20), (4, 12)] {
        let map = Map::new(&dir, seed);
        let out = dir.join(format!("d{seed}.vtt"));
        let p = ppc.to_string();
        let o = out.to_str().unwrap();
        // The GM's file: its walls and portals follow the level's grid as
        // it is (secret doors walkable, one portal each); the players'
        // default is checked in `dungeon_gm`.
        let v = export(
            &map,
            "vtt",
            &["--pixels-per-cell", &p, "--out", o, "--view", "gm"],
        );
        assert_eq!(v["format"], "vtt");
        let u: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
        let (cols, rows) = (map.cols() as f64, map.rows.len() as f64);
        assert_eq!(u["format"].as_f64(), Some(0.3));
        assert_eq!(point(&u["resolution"]["map_origin"]), (0.0, 0.0));
        assert_eq!(point(&u["resolution"]["map_size"]), (cols, rows));
        assert_eq!(
            u["resolution"]["pixels_per_grid"].as_u64(),
            Some(ppc.into())
        );

        // Walls: closed, inside the map, merged, and exactly the boundary
        // between walkable and other cells.
        let mut length = 0.0;
        let mut segments: Vec<((f64, f64), (f64, f64))> = Vec::new();
        for l in u["line_of_sight"].as_array().unwrap() {
            let pts: Vec<(f64, f64)> = l.as_array().unwrap().iter().map(point).collect();
            assert!(pts.len() >= 5, "{pts:?}");
            assert_eq!(pts.first(), pts.last(), "closed: {pts:?}");
            for &(x, y) in &pts {
                assert!((0.0..=cols).contains(&x) && (0.0..=rows).contains(&y));
            }
            for w in pts.windows(3) {
                let d1 = (w[1].0 - w[0].0, w[1].1 - w[0].1);
                let d2 = (w[2].0 - w[1].0, w[2].1 - w[1].1);
                assert!(d1.0 * d2.1 - d1.1 * d2.0 != 0.0, "straight runs merged");
            }
            for s in pts.windows(2) {
                let ((ax, ay), (bx, by)) = (s[0], s[1]);
                assert!(ax == bx || ay == by, "axis-aligned");
                length += (bx - ax).abs() + (by - ay).abs();
                segments.push(((ax, ay), (bx, by)));
                if ay == by {
                    for x in ax.min(bx) as i64..ax.max(bx) as i64 {
                        let y = ay as i64;
                        assert_ne!(map.walkable(x, y - 1), map.walkable(x, y), "({x},{y})");
                    }
                } else {
                    for y in ay.min(by) as i64..ay.max(by) as i64 {
                        let x = ax as i64;
                        assert_ne!(map.walkable(x - 1, y), map.walkable(x, y), "({x},{y})");
                    }
                }
            }
        }
        let mut boundary = 0;
        for y in 0..=map.rows.len() as i64 {
            for x in 0..=map.cols() as i64 {
                boundary += usize::from(map.walkable(x, y) != map.walkable(x, y - 1));
                boundary += usize::from(map.walkable(x, y) != map.walkable(x - 1, y));
            }
        }
        assert_eq!(length, boundary as f64, "every boundary edge once");

        // One closed portal per door run, on the run's cells.
        let runs = map.door_runs();
        let portals = u["portals"].as_array().unwrap();
        assert!(!runs.is_empty());
        assert_eq!(portals.len(), runs.len(), "seed {seed}");
        let mut used = BTreeSet::new();
        for p in portals {
            assert_eq!(p["closed"], true);
            assert_eq!(p["freestanding"], false);
            let (px, py) = point(&p["position"]);
            let b: Vec<(f64, f64)> = p["bounds"].as_array().unwrap().iter().map(point).collect();
            assert_eq!(b.len(), 2);
            let inside = |run: &Vec<(i64, i64)>, (x, y): (f64, f64)| {
                let x0 = run.iter().map(|c| c.0).min().unwrap() as f64;
                let x1 = run.iter().map(|c| c.0).max().unwrap() as f64 + 1.0;
                let y0 = run.iter().map(|c| c.1).min().unwrap() as f64;
                let y1 = run.iter().map(|c| c.1).max().unwrap() as f64 + 1.0;
                (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
            };
            let k = runs
                .iter()
                .position(|r| inside(r, (px, py)) && inside(r, b[0]) && inside(r, b[1]))
                .unwrap_or_else(|| panic!("portal {p} is on no door"));
            assert!(used.insert(k), "two portals on one door");
            // Its ends touch walls, no wall crosses its middle, and it
            // turns with the opening.
            let on_wall = |(x, y): (f64, f64)| {
                segments.iter().any(|&((ax, ay), (bx, by))| {
                    (ax == bx && ax == x && ay.min(by) <= y && y <= ay.max(by))
                        || (ay == by && ay == y && ax.min(bx) <= x && x <= ax.max(bx))
                })
            };
            assert!(on_wall(b[0]) && on_wall(b[1]), "{p}");
            assert!(!on_wall(((b[0].0 + b[1].0) / 2.0, (b[0].1 + b[1].1) / 2.0)));
            let rotation = p["rotation"].as_f64().unwrap();
            let expected = if b[0].1 == b[1].1 {
                0.0
            } else {
                std::f64::consts::FRAC_PI_2
            };
            assert_eq!(rotation, expected, "{p}");
            // The portal spans the opening: one cell per door cell.
            let span = (b[1].0 - b[0].0).abs() + (b[1].1 - b[0].1).abs();
            assert_eq!(span, runs[k].len() as f64);
        }

        for l in u["lights"].as_array().unwrap() {
            let (x, y) = point(&l["position"]);
            assert!(x > 0.0 && x < cols && y > 0.0 && y < rows);
            assert!(l["range"].as_f64().unwrap() > 0.0);
        }

        let image = base64::engine::general_purpose::STANDARD
            .decode(u["image"].as_str().unwrap())
            .unwrap();
        assert_eq!(
            png_size(&image),
            (map.cols() as u32 * ppc, map.rows.len() as u32 * ppc)
        );
    }
}

#[test]
fn png_and_svg_of_a_dungeon() {
    let dir = temp_dir("dpng");
    let map = Map::new(&dir, 5);
    let v = export(&map, "png", &["--pixels-per-cell", "16"]);
    let out = dir.join("d5.png");
    assert_eq!(v["out"].as_str(), out.to_str());
    let (w, h) = png_size(&std::fs::read(&out).unwrap());
    assert_eq!((w, h), (map.cols() as u32 * 16, map.rows.len() as u32 * 16));
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(w.into()), Some(h.into()))
    );
    // The default is 70 pixels per cell.
    let o = dir.join("big.png");
    let v = export(&map, "png", &["--out", o.to_str().unwrap()]);
    assert_eq!(v["width"].as_u64(), Some(map.cols() as u64 * 70));
    assert_eq!(v["pixels_per_cell"], 70);

    export(&map, "svg", &[]);
    let svg = std::fs::read_to_string(dir.join("d5.svg")).unwrap();
    assert!(svg.contains(&format!(r#"width="{}""#, map.cols() * 70)));
    assert_eq!(
        svg.matches(r#"class="room-letter""#).count(),
        map.rooms.len()
    );
    for &(l, ..) in &map.rooms {
        assert_eq!(
            svg.matches(&format!(r#"data-room="{l}""#)).count(),
            1,
            "{l}"
        );
    }
    assert_eq!(svg.matches("room-marker entrance").count(), 1);
    assert_eq!(svg.matches("room-marker final").count(), 1);
    let doors = svg.matches(r#"class="door""#).count() + svg.matches("secret-door").count();
    assert_eq!(doors, map.door_runs().len());
}

#[test]
fn room_key_has_one_section_per_room_and_exits_match_the_grid() {
    let dir = temp_dir("dkey");
    for seed in [1u64, 6, 9] {
        let map = Map::new(&dir, seed);
        export(&map, "key", &[]);
        let key = std::fs::read_to_string(dir.join(format!("d{seed}.key.md"))).unwrap();
        let heads: Vec<&str> = key.lines().filter(|l| l.starts_with("# ")).collect();
        assert_eq!(heads.len(), map.rooms.len(), "{key}");
        let mut letters: Vec<char> = map.rooms.iter().map(|r| r.0).collect();
        letters.sort_unstable();
        for (h, l) in heads.iter().zip(&letters) {
            assert!(h.starts_with(&format!("# ROOM {l} — ")), "{h}");
        }
        let runs = map.door_runs();
        for (k, &(letter, ..)) in map.rooms.iter().enumerate() {
            let section = key
                .split(&format!("# ROOM {letter} — "))
                .nth(1)
                .unwrap()
                .split("\n# ")
                .next()
                .unwrap();
            let exits: Vec<&str> = section
                .lines()
                .skip_while(|l| !l.contains("**Exits:**"))
                .skip(1)
                .filter(|l| l.starts_with("  - "))
                .collect();
            // The doors of the room: runs next to its floor.
            let mine: Vec<&Vec<(i64, i64)>> = runs
                .iter()
                .filter(|r| {
                    r.iter().any(|&(x, y)| {
                        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
                            .iter()
                            .any(|n| map.owner(n.0, n.1) == Some(k))
                    })
                })
                .collect();
            assert_eq!(exits.len(), mine.len(), "room {letter}: {section}");
            for line in exits {
                // "  - north, to room A, room C: door at M24" (the cell
                // as the GM's map labels it: column letters, row from 1).
                let side = match line[4..].split(',').next().unwrap() {
                    "north" => 'N',
                    "south" => 'S',
                    "east" => 'E',
                    "west" => 'W',
                    other => panic!("{line}: side {other}"),
                };
                let at = line.rsplit(" at ").next().unwrap();
                let first = at.split('–').next().unwrap();
                let col: String = first.chars().take_while(char::is_ascii_uppercase).collect();
                let row: i64 = first[col.len()..].parse().unwrap();
                let x = col
                    .bytes()
                    .fold(0i64, |a, b| a * 26 + i64::from(b - b'A' + 1))
                    - 1;
                let (x, y) = (x, row - 1);
                let run = mine
                    .iter()
                    .find(|r| r.contains(&(x, y)))
                    .unwrap_or_else(|| panic!("{line}: not a door of room {letter}"));
                let floor = match side {
                    'N' => (x, y + 1),
                    'S' => (x, y - 1),
                    'E' => (x - 1, y),
                    'W' => (x + 1, y),
                    _ => panic!("{line}"),
                };
                assert!(
                    run.iter().any(|&(cx, cy)| {
                        map.owner(floor.0 - x + cx, floor.1 - y + cy) == Some(k)
                    }),
                    "{line}: side"
                );
                let listed: BTreeSet<char> = line
                    .split(", to ")
                    .nth(1)
                    .unwrap()
                    .split(':')
                    .next()
                    .unwrap()
                    .split(", ")
                    .filter_map(|s| s.strip_prefix("room "))
                    .map(|s| s.chars().next().unwrap())
                    .collect();
                assert_eq!(listed, map.beyond(run, k), "{line}");
            }
        }
    }
}

#[test]
fn formats_must_fit_the_map() {
    let dir = temp_dir("dfit");
    let map = Map::new(&dir, 3);
    for f in ["text", "code"] {
        fails_with(
            &["export", &map.path, "--format", f],
            "does not fit a dungeon map",
        );
    }
    fails_with(
        &[
            "export",
            &map.path,
            "--format",
            "png",
            "--pixels-per-cell",
            "5",
        ],
        "allowed: 8 to 200",
    );
    let tm = dir.join("tm.level.ron");
    let levels = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    std::fs::copy(levels.join("demo-terra-mystica.level.ron"), &tm).unwrap();
    let tm = tm.to_str().unwrap();
    for f in ["vtt", "key"] {
        fails_with(
            &["export", tm, "--format", f],
            "dungeons as png, svg, vtt, key or pdf",
        );
    }
    fails_with(
        &["export", tm, "--format", "svg", "--pixels-per-cell", "20"],
        "dungeon maps only",
    );
    assert!(!dir.join("tm.dd2vtt").exists() && !dir.join("d3.txt").exists());
}

#[test]
fn existing_files_are_kept_without_force() {
    let dir = temp_dir("dforce");
    let map = Map::new(&dir, 7);
    let key = dir.join("d7.key.md");
    std::fs::write(&key, "mine").unwrap();
    fails_with(&["export", &map.path, "--format", "key"], "--force");
    assert_eq!(std::fs::read_to_string(&key).unwrap(), "mine");
    let out = evoboard(&["export", &map.path, "--format", "key", "--force"]);
    assert!(out.status.success());
    assert!(std::fs::read_to_string(&key).unwrap().contains("# ROOM A"));
    let vtt = dir.join("d7.dd2vtt");
    export(&map, "vtt", &["--pixels-per-cell", "10"]);
    let first = std::fs::read(&vtt).unwrap();
    fails_with(&["export", &map.path, "--format", "vtt"], "already exists");
    assert_eq!(std::fs::read(&vtt).unwrap(), first);
}
