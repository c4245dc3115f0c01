//! The SVG export: one `<polygon>` per hex (pointy hexes, row 0 at the
//! top) carrying `data-terrain`, `data-row` and `data-col` (Catan also
//! `data-number`) and a `<title>` with the terrain's name; a letter on
//! every hex for colour-blind readers (as the printed maps do); Catan
//! number tokens with their pip dots (6 and 8 in red); and under the
//! board a legend (swatch, letter, name) and the share code.
//!
//! Colours are the app's (Terra Mystica's follow the terraforming wheel).
//! Text uses the font family `DejaVu Sans` in bold, the face the PNG
//! export embeds.

use super::{ExportError, HexBoard};
use crate::boards::catan::{CatanCode, TERRAINS, pips};
use crate::boards::terra_mystica::{ALL, Terrain};
use crate::boards::{BoardGame, grid};
use crate::map::LevelMap;
use std::fmt::Write;

/// Centre-to-corner size of a hex, in SVG units.
const SIZE: f64 = 50.0;
/// Space around the drawing.
const MARGIN: f64 = 30.0;
/// Legend text height at most (narrow boards get smaller legend text,
/// at least [`LEGEND_FONT_MIN`], so the legend stays beside the board).
const LEGEND_FONT: f64 = 22.0;
/// Legend text height at least.
const LEGEND_FONT_MIN: f64 = 14.0;

/// A terrain's look: name, letter, colour word (TM) and fill.
struct Look {
    name: &'static str,
    letter: &'static str,
    note: &'static str,
    rgb: [f64; 3],
}

/// The look of a tile code of `game`.
fn look(game: BoardGame, code: u8) -> Look {
    match game {
        BoardGame::TerraMystica => {
            let t = Terrain::try_from_code(code).unwrap_or(Terrain::River);
            let (letter, rgb) = match t {
                Terrain::Desert => ("D", [0.95, 0.85, 0.30]),
                Terrain::Plains => ("P", [0.58, 0.40, 0.22]),
                Terrain::Swamp => ("S", [0.16, 0.16, 0.17]),
                Terrain::Lake => ("L", [0.20, 0.45, 0.85]),
                Terrain::Forest => ("F", [0.15, 0.52, 0.22]),
                Terrain::Mountain => ("M", [0.58, 0.58, 0.60]),
                Terrain::Wasteland => ("W", [0.82, 0.20, 0.16]),
                Terrain::River => ("~", [0.66, 0.84, 0.96]),
            };
            Look {
                name: t.name(),
                letter,
                note: if t == Terrain::River { "" } else { t.colour() },
                rgb,
            }
        }
        BoardGame::Catan => {
            let t = CatanCode::from_byte(code).terrain();
            let (letter, note, rgb) = match t {
                0 => ("G", "grain", [0.96, 0.80, 0.28]),
                1 => ("L", "lumber", [0.10, 0.42, 0.16]),
                2 => ("W", "wool", [0.55, 0.82, 0.35]),
                3 => ("B", "brick", [0.76, 0.38, 0.20]),
                4 => ("O", "ore", [0.52, 0.52, 0.57]),
                _ => ("D", "robber", [0.90, 0.84, 0.62]),
            };
            Look {
                name: TERRAINS.get(t as usize).map_or("desert", |x| x.name()),
                letter,
                note,
                rgb,
            }
        }
    }
}

impl Look {
    fn fill(&self) -> String {
        let c = |v: f64| (v * 255.0).round().clamp(0.0, 255.0) as u8;
        format!(
            "#{:02x}{:02x}{:02x}",
            c(self.rgb[0]),
            c(self.rgb[1]),
            c(self.rgb[2])
        )
    }

    /// Black on light fills, white on dark ones.
    fn ink(&self) -> &'static str {
        let [r, g, b] = self.rgb;
        if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.4 {
            "#ffffff"
        } else {
            "#111111"
        }
    }
}

/// The SVG drawing of a level's map (see the module docs), or
/// [`ExportError::Unsupported`] for maps that are not hex boards.
pub fn svg(map: &LevelMap) -> Result<String, ExportError> {
    let board = HexBoard::from_map(map)?;
    let (g, harbours) = match &map {
        LevelMap::TerraMystica(b) => (b.grid()?, Vec::new()),
        LevelMap::Catan(b) => (
            b.layout()
                .map_or_else(|| grid(board.game).clone(), |l| l.grid().clone()),
            b.harbours.clone(),
        ),
        _ => (grid(board.game).clone(), Vec::new()),
    };
    // Harbours sit on the frame, beyond the coast.
    let m = if harbours.is_empty() {
        MARGIN
    } else {
        MARGIN + 1.5 * SIZE
    };
    let w = 3f64.sqrt() * SIZE;
    // Doubled x of pointy hexes: 2q + r.
    let xs: Vec<i32> = g
        .indices()
        .map(|i| {
            let h = g.hex(i);
            2 * h.x + h.y
        })
        .collect();
    let (x_min, x_max) = (
        xs.iter().copied().min().unwrap_or(0),
        xs.iter().copied().max().unwrap_or(0),
    );
    let board_w = f64::from(x_max - x_min) * w / 2.0 + w;
    let board_h = (g.rows().saturating_sub(1)) as f64 * 1.5 * SIZE + 2.0 * SIZE;
    let width = board_w + 2.0 * m;
    let kinds: Vec<u8> = match board.game {
        BoardGame::TerraMystica => ALL.iter().map(|&t| t as u8).collect(),
        BoardGame::Catan => (0..6u8).map(|t| CatanCode::new(t, 0).byte()).collect(),
    };
    let lf = (board_w / 45.0).clamp(LEGEND_FONT_MIN, LEGEND_FONT);
    let longest = kinds
        .iter()
        .map(|&t| {
            let lk = look(board.game, t);
            lk.name.len() + lk.note.len() + 3
        })
        .max()
        .unwrap_or(10);
    let entry_w = (2.2 + 0.65 * longest as f64) * lf;
    let per_row = ((width - 2.0 * m) / entry_w).floor().max(1.0) as usize;
    let legend_rows = kinds.len().div_ceil(per_row);
    let line = 1.6 * lf;
    let legend_top = m + board_h + m;
    let height = legend_top + (legend_rows + 1) as f64 * line + m;

    let mut s = String::with_capacity(64 * 1024);
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}" font-family="DejaVu Sans" font-weight="bold">
<title>{} board</title>
<rect width="100%" height="100%" fill="#ffffff"/>
<g id="board" stroke="#1f1f24" stroke-width="2" stroke-linejoin="round">
"##,
        board.game.name()
    );
    for i in g.indices() {
        let (r, c) = g.row_col(i);
        let cx = m + f64::from(xs[i as usize] - x_min) * w / 2.0 + w / 2.0;
        let cy = m + r as f64 * 1.5 * SIZE + SIZE;
        let tile = board.tiles[i as usize];
        let lk = look(board.game, tile);
        let points: Vec<String> = (0..6)
            .map(|k| {
                let a = (60.0 * k as f64 - 90.0).to_radians();
                format!("{:.1},{:.1}", cx + SIZE * a.cos(), cy + SIZE * a.sin())
            })
            .collect();
        let number = match board.game {
            BoardGame::Catan => {
                let n = CatanCode::from_byte(tile).token();
                if n > 0 {
                    format!(r#" data-number="{n}""#)
                } else {
                    String::new()
                }
            }
            BoardGame::TerraMystica => String::new(),
        };
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{}" data-terrain="{}" data-row="{r}" data-col="{c}"{number}><title>{}</title></polygon>"#,
            points.join(" "),
            lk.fill(),
            lk.name,
            lk.name
        );
        let ink = lk.ink();
        match board.game {
            BoardGame::TerraMystica => {
                let _ = writeln!(
                    s,
                    r#"<text x="{cx:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{ink}" stroke="none">{}</text>"#,
                    cy + 0.16 * SIZE,
                    0.46 * SIZE,
                    lk.letter
                );
            }
            BoardGame::Catan => catan_token(&mut s, cx, cy, tile, &lk),
        }
    }
    for h in &harbours {
        let Some(i) = g.index(h.hex.0, h.hex.1) else {
            continue;
        };
        let (r, _) = g.row_col(i);
        let cx = m + f64::from(xs[i as usize] - x_min) * w / 2.0 + w / 2.0;
        let cy = m + r as f64 * 1.5 * SIZE + SIZE;
        let a = (60.0 * f64::from(h.side)).to_radians();
        let out = 3f64.sqrt() / 2.0 * SIZE * 2.0;
        let (hx, hy) = (cx + out * a.cos(), cy + out * a.sin());
        let (fill, ink, label) = match h.kind.resource() {
            None => ("#f4f4ee".to_string(), "#111111", "3:1".to_string()),
            Some(t) => {
                let lk = look(BoardGame::Catan, CatanCode::new(t, 0).byte());
                (lk.fill(), lk.ink(), format!("2:1 {}", lk.letter))
            }
        };
        // The two dock lines run from the token to the corners of the
        // coast edge the harbour serves (a pointy hex's corners sit at
        // ±30° from its edge's outward direction).
        let mut docks = String::new();
        for turn in [-30.0f64, 30.0] {
            let c = (60.0 * f64::from(h.side) + turn).to_radians();
            let (x, y) = (cx + SIZE * c.cos(), cy + SIZE * c.sin());
            let _ = write!(
                docks,
                r##"<line class="dock" x1="{hx:.1}" y1="{hy:.1}" x2="{x:.1}" y2="{y:.1}" stroke="#6b4f2a" stroke-width="{:.1}" stroke-linecap="round"/>"##,
                0.08 * SIZE
            );
        }
        let _ = writeln!(
            s,
            r##"<g class="harbour" data-kind="{}">{docks}<circle cx="{hx:.1}" cy="{hy:.1}" r="{:.1}" fill="{fill}"/><text x="{hx:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{ink}" stroke="none">{label}</text></g>"##,
            h.kind.name(),
            0.45 * SIZE,
            hy + 0.09 * SIZE,
            0.24 * SIZE,
        );
    }
    s.push_str("</g>\n<g id=\"legend\" stroke=\"none\">\n");
    for (k, &t) in kinds.iter().enumerate() {
        let lk = look(board.game, t);
        let x = m + (k % per_row) as f64 * entry_w;
        let y = legend_top + (k / per_row) as f64 * line;
        let note = if lk.note.is_empty() {
            String::new()
        } else {
            format!(" ({})", lk.note)
        };
        let _ = writeln!(
            s,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{sw:.1}" height="{sw:.1}" fill="{}" stroke="#1f1f24" stroke-width="1.5"/><text x="{:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{}">{}</text><text x="{:.1}" y="{:.1}" font-size="{lf:.1}" fill="#111111">{}{note}</text>"##,
            lk.fill(),
            x + 0.6 * lf,
            y + 0.85 * lf,
            0.8 * lf,
            lk.ink(),
            lk.letter,
            x + 1.6 * lf,
            y + 0.9 * lf,
            lk.name,
            sw = 1.2 * lf,
        );
    }
    // Boards no code variant fits (a hand-made outline) go without.
    if let Ok(share) = super::share_code(map) {
        let _ = writeln!(
            s,
            r##"<text x="{m:.1}" y="{:.1}" font-size="{:.1}" fill="#444444">code {share}</text>"##,
            legend_top + legend_rows as f64 * line + 0.9 * lf,
            0.8 * lf,
        );
    }
    s.push_str("</g>\n</svg>\n");
    Ok(s)
}

/// A Catan hex's letter, number token and pip dots.
fn catan_token(s: &mut String, cx: f64, cy: f64, tile: u8, lk: &Look) {
    let n = CatanCode::from_byte(tile).token();
    let ink = lk.ink();
    if n == 0 {
        let _ = writeln!(
            s,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{ink}" stroke="none">{}</text>"#,
            cy + 0.16 * SIZE,
            0.46 * SIZE,
            lk.letter
        );
        return;
    }
    let _ = writeln!(
        s,
        r#"<text x="{cx:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{ink}" stroke="none">{}</text>"#,
        cy - 0.52 * SIZE,
        0.28 * SIZE,
        lk.letter
    );
    let red = n == 6 || n == 8;
    let colour = if red { "#c0392b" } else { "#111111" };
    let _ = writeln!(
        s,
        r##"<circle cx="{cx:.1}" cy="{:.1}" r="{:.1}" fill="#f6ecd2" stroke="#1f1f24" stroke-width="1.5"/><text x="{cx:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{colour}" stroke="none">{n}</text>"##,
        cy + 0.08 * SIZE,
        0.4 * SIZE,
        cy + 0.16 * SIZE,
        0.34 * SIZE,
    );
    let dots = pips(n) as usize;
    let step = 0.1 * SIZE;
    let x0 = cx - step * (dots as f64 - 1.0) / 2.0;
    for d in 0..dots {
        let _ = write!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{colour}" stroke="none"/>"#,
            x0 + d as f64 * step,
            cy + 0.3 * SIZE,
            0.04 * SIZE
        );
    }
    s.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::{CatanBoard, standard_codes};
    use crate::boards::terra_mystica::TerraMysticaBoard;

    #[test]
    fn one_polygon_per_hex_with_its_terrain() {
        let b = TerraMysticaBoard::base_map();
        let s = svg(&LevelMap::TerraMystica(b.clone())).unwrap();
        assert_eq!(s.matches("<polygon").count(), 113);
        assert_eq!(s.matches("data-terrain=").count(), 113);
        assert_eq!(s.matches(r#"data-terrain="river""#).count(), 36);
        assert_eq!(s.matches("<title>lake</title>").count(), 11);
        assert!(s.contains(r#"data-row="0" data-col="0"><title>plains</title>"#));
        assert!(s.contains("code T"));
        let c = svg(&LevelMap::Catan(CatanBoard::decode(&standard_codes()))).unwrap();
        assert_eq!(c.matches("<polygon").count(), 19);
        assert_eq!(c.matches("data-number=").count(), 18);
        // 58 pips on the tokens, one dot each.
        assert_eq!(c.matches(r#"r="2.0""#).count(), 58);
        assert!(c.contains("wool") && c.contains(r#"data-terrain="desert""#));
    }
}
