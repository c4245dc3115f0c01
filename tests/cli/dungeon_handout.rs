//! Issue 40 through the binary: the players' views keep the secrets in
//! every format (png, svg, vtt, pdf), `--style-print ink` is grey only,
//! the legend's icons are no letters (the printed page: `dungeon_page.rs`). The rooms behind secret
//! doors are worked out here from the JSON grid, apart from the export.

use super::{json, temp_dir};
use base64::Engine;
use serde_json::Value;
use std::path::Path;

/// A generated level and what its grid says.
pub(crate) struct Level {
    pub(crate) path: String,
    grid: Vec<Vec<u8>>,
    /// Letter, x, y, w, h.
    rooms: Vec<(char, usize, usize, usize, usize)>,
    /// Cells reached from the entrance's floor without a secret door.
    reached: Vec<Vec<bool>>,
}

impl Level {
    /// A medium dungeon with keys, two secret doors and two traps.
    pub(crate) fn new(dir: &Path, seed: u64) -> Level {
        Level::sized(dir, seed, "medium")
    }

    /// A dungeon of `size` with keys, two secret doors and two traps.
    pub(crate) fn sized(dir: &Path, seed: u64, size: &str) -> Level {
        let path = dir.join(format!("h{seed}{size}.level.ron"));
        let path = path.to_str().unwrap().to_string();
        let s = seed.to_string();
        let v = json(&[
            "dungeon",
            "--size",
            size,
            "--keys",
            "2",
            "--secret-doors",
            "2",
            "--traps",
            "2",
            "--proposals",
            "1",
            "--seed",
            &s,
            "--out",
            &path,
            "--force",
            "--json",
        ]);
        let grid: Vec<Vec<u8>> = v["grid"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().as_bytes().to_vec())
            .collect();
        let n = |r: &Value, k: &str| r[k].as_u64().unwrap() as usize;
        let rooms: Vec<(char, usize, usize, usize, usize)> = v["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                let id = r["id"].as_str().unwrap().chars().next().unwrap();
                (id, n(r, "x"), n(r, "y"), n(r, "w"), n(r, "h"))
            })
            .collect();
        let entrance = v["entrance"].as_str().unwrap().chars().next().unwrap();
        let &(_, ex, ey, ew, eh) = rooms.iter().find(|r| r.0 == entrance).unwrap();
        let (h, w) = (grid.len(), grid[0].len());
        let mut reached = vec![vec![false; w]; h];
        let mut todo = Vec::new();
        for y in ey..ey + eh {
            for x in ex..ex + ew {
                if grid[y][x] == b'.' {
                    reached[y][x] = true;
                    todo.push((x, y));
                }
            }
        }
        while let Some((x, y)) = todo.pop() {
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
                let open = matches!(grid[ny][nx], b'.' | b'c' | b'/' | b't');
                if open && !reached[ny][nx] {
                    reached[ny][nx] = true;
                    todo.push((nx, ny));
                }
            }
        }
        Level {
            path,
            grid,
            rooms,
            reached,
        }
    }

    fn size(&self) -> (usize, usize) {
        (self.grid[0].len(), self.grid.len())
    }

    /// A walkable cell the party does not reach without a secret door.
    fn secret(&self, x: usize, y: usize) -> bool {
        matches!(self.grid[y][x], b'.' | b'c' | b'/' | b's' | b't') && !self.reached[y][x]
    }

    /// Whether a reached cell lies within `r` cells (8 ways) of (x, y).
    fn near_reached(&self, x: usize, y: usize, r: usize) -> bool {
        let (w, h) = self.size();
        (y.saturating_sub(r)..=(y + r).min(h - 1))
            .any(|yy| (x.saturating_sub(r)..=(x + r).min(w - 1)).any(|xx| self.reached[yy][xx]))
    }

    /// The rooms whose floor lies wholly behind secret doors.
    fn secret_rooms(&self) -> Vec<(char, usize, usize, usize, usize)> {
        self.rooms
            .iter()
            .copied()
            .filter(|&(_, x, y, w, h)| {
                (y..y + h)
                    .all(|yy| (x..x + w).all(|xx| self.grid[yy][xx] != b'.' || self.secret(xx, yy)))
            })
            .collect()
    }

    /// The bounding box (first and last column and row) of the cells the
    /// players' map draws: reached cells and what is not rock beside them.
    fn drawn_bounds(&self) -> (usize, usize, usize, usize) {
        let (w, h) = self.size();
        let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
        for y in 0..h {
            for x in 0..w {
                if self.reached[y][x] || (self.grid[y][x] != b' ' && self.near_reached(x, y, 1)) {
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
                }
            }
        }
        (x0, y0, x1, y1)
    }
}

/// A level with at least one room behind secret doors (the seed of the
/// issue's report first).
fn level_with_secret_room(dir: &Path) -> Level {
    for seed in [11u64, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13] {
        let l = Level::new(dir, seed);
        if !l.secret_rooms().is_empty() {
            return l;
        }
    }
    panic!("no seed gave a room behind secret doors");
}

fn export(level: &Level, out: &Path, args: &[&str]) -> Value {
    let mut all = vec![
        "export",
        &level.path,
        "--out",
        out.to_str().unwrap(),
        "--force",
        "--json",
    ];
    all.extend_from_slice(args);
    json(&all)
}

/// Attribute `name` of an SVG element's text.
fn attr<'a>(el: &'a str, name: &str) -> Option<&'a str> {
    let at = el.find(&format!(" {name}=\""))? + name.len() + 3;
    el[at..].split('"').next()
}

fn num(el: &str, name: &str) -> f64 {
    attr(el, name).map_or(0.0, |v| v.parse().unwrap())
}

/// Width, height, pixels as RGB (alpha dropped, grey spread to three).
fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
    let mut d = png::Decoder::new(std::io::Cursor::new(bytes));
    d.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut r = d.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    let n = info.color_type.samples();
    let px = buf
        .chunks(n)
        .map(|p| {
            if n >= 3 {
                [p[0], p[1], p[2]]
            } else {
                [p[0]; 3]
            }
        })
        .collect();
    (info.width, info.height, px)
}

#[test]
fn the_players_svg_and_png_draw_nothing_behind_a_secret_door() {
    let dir = temp_dir("hsecret");
    let l = level_with_secret_room(&dir);
    let hidden = l.secret_rooms();
    let ppc = 10.0;
    let svg_out = dir.join("p.svg");
    export(
        &l,
        &svg_out,
        &[
            "--format",
            "svg",
            "--view",
            "players",
            "--pixels-per-cell",
            "10",
        ],
    );
    let svg = std::fs::read_to_string(&svg_out).unwrap();
    for &(letter, ..) in &hidden {
        assert!(
            !svg.contains(&format!(r#"data-room="{letter}""#)),
            "room {letter} drawn"
        );
    }
    // Every floor, corridor and wall rectangle: no cell behind a secret
    // door under floor or corridor; wall only where it borders a reached
    // cell (the secret door itself is plain wall).
    let mut walls_on_secret = 0;
    for el in svg.split("<rect").skip(1) {
        let el = el.split('>').next().unwrap();
        let fill = attr(el, "fill").unwrap_or("");
        let wall = fill == "#6b5b4b";
        if !(wall || fill == "url(#floor)" || fill == "url(#corridor)") {
            continue;
        }
        let (x, y) = ((num(el, "x") / ppc) as usize, (num(el, "y") / ppc) as usize);
        let cells = (num(el, "width") / ppc).round() as usize;
        for xx in x..x + cells {
            if l.secret(xx, y) {
                assert!(
                    wall && l.near_reached(xx, y, 1),
                    "({xx}, {y}) drawn as {fill}"
                );
                walls_on_secret += 1;
            }
        }
    }
    assert!(walls_on_secret > 0, "the secret doors are drawn as wall");
    for el in svg.split(r#"<rect class="door""#).skip(1) {
        let (x, y) = (num(el, "x") / ppc, num(el, "y") / ppc);
        let (w, h) = (num(el, "width") / ppc, num(el, "height") / ppc);
        let (cx, cy) = ((x + w / 2.0) as usize, (y + h / 2.0) as usize);
        assert!(!l.secret(cx, cy), "a door at ({cx}, {cy})");
    }
    // The png: the middle of every room behind secret doors is rock
    // (unless the legend box sits there).
    let legend = svg.split(r#"<g class="legend"><rect"#).nth(1).unwrap();
    let (lx, ly) = (num(legend, "x"), num(legend, "y"));
    let (lw, lh) = (num(legend, "width"), num(legend, "height"));
    let png_out = dir.join("p.png");
    export(
        &l,
        &png_out,
        &[
            "--format",
            "png",
            "--view",
            "players",
            "--pixels-per-cell",
            "10",
        ],
    );
    let (w, _, px) = decode_png(&std::fs::read(&png_out).unwrap());
    let mut checked = 0;
    for &(letter, rx, ry, rw, rh) in &hidden {
        for y in ry..ry + rh {
            for x in rx..rx + rw {
                let (px_x, px_y) = (x as f64 * ppc + 5.0, y as f64 * ppc + 5.0);
                let in_legend = (lx..lx + lw).contains(&px_x) && (ly..ly + lh).contains(&px_y);
                if in_legend || l.near_reached(x, y, 2) {
                    continue;
                }
                let i = px_y as usize * w as usize + px_x as usize;
                assert_eq!(px[i], [0x2f, 0x2a, 0x26], "room {letter} at ({x}, {y})");
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
    // The GM's map still draws them.
    let gm_out = dir.join("gm.svg");
    export(&l, &gm_out, &["--format", "svg", "--pixels-per-cell", "10"]);
    let gm = std::fs::read_to_string(&gm_out).unwrap();
    for &(letter, ..) in &hidden {
        assert!(gm.contains(&format!(r#"data-room="{letter}""#)));
    }
}

#[test]
fn the_players_vtt_is_cropped_bare_and_keeps_the_secrets() {
    let dir = temp_dir("hvtt");
    let l = level_with_secret_room(&dir);
    let out = dir.join("p.dd2vtt");
    let ppc = 12u32;
    let p = ppc.to_string();
    let v = export(&l, &out, &["--format", "vtt", "--pixels-per-cell", &p]);
    assert_eq!(v["view"], "players");
    let u: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    // Cropped to the drawn cells plus two cells of rock.
    let (x0, y0, x1, y1) = l.drawn_bounds();
    let (w, h) = l.size();
    let (ox, oy) = (x0.saturating_sub(2), y0.saturating_sub(2));
    let (cols, rows) = ((x1 + 2).min(w - 1) + 1 - ox, (y1 + 2).min(h - 1) + 1 - oy);
    assert!(
        cols < w && rows < h,
        "cropped: {cols} × {rows} of {w} × {h}"
    );
    let size = &u["resolution"]["map_size"];
    assert_eq!(
        (size["x"].as_f64(), size["y"].as_f64()),
        (Some(cols as f64), Some(rows as f64))
    );
    assert_eq!(
        u["resolution"]["map_origin"],
        serde_json::json!({"x": 0.0, "y": 0.0})
    );
    let image = base64::engine::general_purpose::STANDARD
        .decode(u["image"].as_str().unwrap())
        .unwrap();
    let (iw, ih, _) = decode_png(&image);
    assert_eq!((iw, ih), (cols as u32 * ppc, rows as u32 * ppc));
    // Walls: exactly the outline of the reached cells, moved by the crop.
    let reached = |x: i64, y: i64| {
        let (x, y) = (x + ox as i64, y + oy as i64);
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < h
            && l.reached[y as usize][x as usize]
    };
    let mut length = 0.0;
    for line in u["line_of_sight"].as_array().unwrap() {
        let pts: Vec<(f64, f64)> = line
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["x"].as_f64().unwrap(), p["y"].as_f64().unwrap()))
            .collect();
        for s in pts.windows(2) {
            let ((ax, ay), (bx, by)) = (s[0], s[1]);
            length += (bx - ax).abs() + (by - ay).abs();
            if ay == by {
                for x in ax.min(bx) as i64..ax.max(bx) as i64 {
                    let y = ay as i64;
                    assert_ne!(reached(x, y - 1), reached(x, y), "wall at ({x}, {y})");
                }
            } else {
                for y in ay.min(by) as i64..ay.max(by) as i64 {
                    let x = ax as i64;
                    assert_ne!(reached(x - 1, y), reached(x, y), "wall at ({x}, {y})");
                }
            }
        }
    }
    let mut boundary = 0;
    for y in -1..=rows as i64 {
        for x in -1..=cols as i64 {
            boundary += usize::from(reached(x, y) != reached(x, y - 1));
            boundary += usize::from(reached(x, y) != reached(x - 1, y));
        }
    }
    assert_eq!(
        length, boundary as f64,
        "the walls go round the reached cells only"
    );
    // Portals and lights only where the party goes.
    for p in u["portals"].as_array().unwrap() {
        let (x, y) = (
            p["position"]["x"].as_f64().unwrap(),
            p["position"]["y"].as_f64().unwrap(),
        );
        assert!(reached(x.floor() as i64, y.floor() as i64), "{p}");
    }
    for light in u["lights"].as_array().unwrap() {
        let (x, y) = (
            light["position"]["x"].as_f64().unwrap(),
            light["position"]["y"].as_f64().unwrap(),
        );
        assert!(reached(x as i64, y as i64), "a light at ({x}, {y})");
    }
}

/// Every `#rrggbb` in `text` is a grey.
fn assert_grey(text: &str, what: &str) {
    let mut n = 0;
    for part in text.split('#').skip(1) {
        let hex: String = part.chars().take_while(char::is_ascii_hexdigit).collect();
        if hex.len() == 6 {
            assert!(
                hex[0..2] == hex[2..4] && hex[2..4] == hex[4..6],
                "{what}: #{hex} is not grey"
            );
            n += 1;
        }
    }
    assert!(n > 5, "{what}: {n} colours");
    for named in ["rgb(", "red", "green", "gold"] {
        assert!(!text.contains(&format!("=\"{named}")), "{what}: {named}");
    }
}

#[test]
fn ink_is_grey_only_and_keeps_the_entrance_and_final_marks() {
    let dir = temp_dir("hink");
    let l = Level::new(&dir, 11);
    for view in ["gm", "players"] {
        let out = dir.join(format!("{view}.svg"));
        export(
            &l,
            &out,
            &[
                "--format",
                "svg",
                "--style-print",
                "ink",
                "--view",
                view,
                "--pixels-per-cell",
                "12",
            ],
        );
        let svg = std::fs::read_to_string(&out).unwrap();
        assert_grey(&svg, view);
        if view == "gm" {
            for mark in [
                "entrance-mark",
                "final-mark",
                r#"class="trap""#,
                r#"class="lock""#,
            ] {
                assert!(svg.contains(mark), "{mark}");
            }
        }
        let out = dir.join(format!("{view}.png"));
        export(
            &l,
            &out,
            &[
                "--format",
                "png",
                "--style-print",
                "ink",
                "--view",
                view,
                "--pixels-per-cell",
                "12",
            ],
        );
        let (_, _, px) = decode_png(&std::fs::read(&out).unwrap());
        let coloured = px.iter().filter(|p| p[0] != p[1] || p[1] != p[2]).count();
        assert_eq!(coloured, 0, "{view}: {coloured} coloured pixels");
    }
    // The pdf: every colour set in its pages' content is a grey.
    let out = dir.join("ink.pdf");
    export(
        &l,
        &out,
        &["--format", "pdf", "--style-print", "ink", "--pages", "2"],
    );
    let ops = pdf_content(&std::fs::read(&out).unwrap());
    let mut set = 0;
    for line in ops.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(&("rg" | "RG")) = words.last() {
            let n = words.len();
            assert!(
                words[n - 4] == words[n - 3] && words[n - 3] == words[n - 2],
                "{line}"
            );
            set += 1;
        }
    }
    assert!(set > 3, "{set} colours set");
}

/// The inflated content streams of a pdf, one after another.
fn pdf_content(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut at = 0;
    while let Some(i) = find(&bytes[at..], b"stream\n") {
        let start = at + i + 7;
        let end = start + find(&bytes[start..], b"\nendstream").unwrap();
        if let Ok(data) = miniz_oxide::inflate::decompress_to_vec_zlib(&bytes[start..end]) {
            out.push_str(&String::from_utf8_lossy(&data));
            out.push('\n');
        }
        at = end + b"\nendstream".len();
    }
    out
}

pub(crate) fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[test]
fn the_legend_marks_entrance_and_final_room_with_no_letter() {
    let dir = temp_dir("hlegend");
    let l = Level::new(&dir, 11);
    for style in ["colour", "ink"] {
        let out = dir.join(format!("{style}.svg"));
        export(
            &l,
            &out,
            &[
                "--format",
                "svg",
                "--style-print",
                style,
                "--pixels-per-cell",
                "20",
            ],
        );
        let svg = std::fs::read_to_string(&out).unwrap();
        let legend = svg.split(r#"<g class="legend">"#).nth(1).unwrap();
        let legend = legend.split("</g></svg>").next().unwrap();
        assert!(legend.contains(">entrance<") && legend.contains(">final room<"));
        for text in legend.split("<text").skip(1) {
            let shown = text.split('>').nth(1).unwrap().split('<').next().unwrap();
            let letter = shown.len() == 1 && shown.chars().all(|c| c.is_ascii_uppercase());
            assert!(!letter, "{style}: the legend shows the letter {shown}");
        }
    }
}
