//! The map's legend box (issue 29): one line per symbol the map actually
//! draws — door, secret door, locked door, trap, key, entrance, final
//! room, enemies, treasure on the game master's map; doors and room
//! letters on the players' map, which shows nothing else — in the colours
//! of the map's print style. No icon is a letter (the entrance is an
//! arrow, the final room a star, a room a plain disc), so none reads as a
//! room's letter. A printed page sets the same entries in rows under its
//! map ([`legend_rows`]).
//!
//! The box goes where the map has room for it: the bottom-, then
//! top-most, right-, then left-most rectangle of plain rock clear of the
//! coordinate labels and the scale bar. A map with no such rock covers
//! the bottom-right corner with it (still inside the image: the PNG stays
//! exactly `cols × ppc` by `rows × ppc` pixels).

use super::look::{Colours, Look, MapView};
use super::svg::{entrance_arrow, final_star};
use super::{door_runs, key_rooms};
use crate::dungeon::{Dungeon, DungeonTile};
use std::fmt::Write as _;

/// One symbol of the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// An ordinary door.
    Door,
    /// A secret door (GM only).
    SecretDoor,
    /// A locked door (GM only).
    LockedDoor,
    /// A trap (GM only).
    Trap,
    /// The room holding a key (GM only).
    Key,
    /// A room's letter disc.
    Room,
    /// The entrance's disc (GM only).
    Entrance,
    /// The final room's disc (GM only).
    FinalRoom,
    /// Enemies, with their number (GM only).
    Enemies,
    /// Treasure (GM only).
    Treasure,
}

impl Symbol {
    /// The legend's words for the symbol.
    pub fn label(self) -> &'static str {
        match self {
            Symbol::Door => "door",
            Symbol::SecretDoor => "secret door",
            Symbol::LockedDoor => "locked door",
            Symbol::Trap => "trap",
            Symbol::Key => "key lies here",
            Symbol::Room => "room",
            Symbol::Entrance => "entrance",
            Symbol::FinalRoom => "final room",
            Symbol::Enemies => "enemies (number)",
            Symbol::Treasure => "treasure",
        }
    }
}

/// The symbols the map of `d` draws in `look` (`d` as drawn: the players'
/// copy for the players' map), in legend order.
pub fn symbols(d: &Dungeon, look: Look) -> Vec<Symbol> {
    let view = look.view;
    let runs = door_runs(d);
    let mut out = Vec::new();
    if runs.iter().any(|r| !r.secret) {
        out.push(Symbol::Door);
    }
    if view == MapView::Players {
        if !d.rooms.is_empty() {
            out.push(Symbol::Room);
        }
        return out;
    }
    let has = |t: DungeonTile| d.grid.cells().contains(&t);
    if runs.iter().any(|r| r.secret) {
        out.push(Symbol::SecretDoor);
    }
    if !d.locks.is_empty() {
        out.push(Symbol::LockedDoor);
    }
    if has(DungeonTile::Trap) {
        out.push(Symbol::Trap);
    }
    if !key_rooms(d).is_empty() {
        out.push(Symbol::Key);
    }
    // Marked by an arrow and a star in colour and in ink alike.
    if !d.rooms.is_empty() {
        out.extend([Symbol::Entrance, Symbol::FinalRoom]);
    }
    if !d.rooms.is_empty() {
        out.push(Symbol::Room);
    }
    if d.rooms.iter().any(|r| r.enemies) {
        out.push(Symbol::Enemies);
    }
    if d.rooms.iter().any(|r| r.treasure) {
        out.push(Symbol::Treasure);
    }
    out
}

/// Size of the box in cells for `symbols`: (columns, rows).
fn box_cells(symbols: &[Symbol]) -> (usize, usize) {
    let longest = symbols.iter().map(|s| s.label().len()).max().unwrap_or(6);
    let cols = (1.5 + longest.max(6) as f64 * 0.26).ceil() as usize;
    let rows = (0.5 + (symbols.len() + 1) as f64 * 0.75).ceil() as usize;
    (cols, rows)
}

/// Top-left cell of a `bw × bh` rectangle of rock clear of the labels
/// (row 0, column 0) and the scale bar (bottom row), bottom-right first;
/// else the bottom-right corner.
fn place(d: &Dungeon, bw: usize, bh: usize) -> (usize, usize) {
    let (w, h) = (d.width(), d.height());
    let corner = (w.saturating_sub(bw), h.saturating_sub(bh));
    if w < bw + 1 || h < bh + 2 {
        return corner;
    }
    // Prefix sums of non-rock cells.
    let mut sum = vec![0u32; (w + 1) * (h + 1)];
    for y in 0..h {
        for x in 0..w {
            let solid = u32::from(d.grid.get(x, y) != DungeonTile::Rock);
            sum[(y + 1) * (w + 1) + x + 1] =
                solid + sum[y * (w + 1) + x + 1] + sum[(y + 1) * (w + 1) + x]
                    - sum[y * (w + 1) + x];
        }
    }
    let solid = |x: usize, y: usize| {
        let at = |x: usize, y: usize| sum[y * (w + 1) + x];
        at(x + bw, y + bh) + at(x, y) - at(x + bw, y) - at(x, y + bh)
    };
    for y in (1..=h - 1 - bh).rev() {
        for x in (1..=w - bw).rev() {
            if solid(x, y) == 0 {
                return (x, y);
            }
        }
    }
    corner
}

/// The legend box of the map of `d` (as drawn) in `look`, as SVG elements
/// in pixels at `s` pixels per cell; empty when the map draws no symbol.
pub fn legend(d: &Dungeon, s: f64, look: Look) -> String {
    let symbols = symbols(d, look);
    if symbols.is_empty() {
        return String::new();
    }
    let c = Colours::of(look.style);
    let (bw, bh) = box_cells(&symbols);
    let (cx, cy) = place(d, bw, bh);
    let (x0, y0) = (cx as f64 * s, cy as f64 * s);
    let (paper, text) = c.legend;
    let font = 0.42 * s;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<g class="legend"><rect x="{}" y="{}" width="{}" height="{}" fill="{paper}" stroke="{text}" stroke-width="{}"/><text x="{}" y="{}" font-size="{}" fill="{text}">Legend</text>"#,
        x0 + 0.1 * s,
        y0 + 0.1 * s,
        bw as f64 * s - 0.2 * s,
        bh as f64 * s - 0.2 * s,
        0.05 * s,
        x0 + 0.3 * s,
        y0 + 0.75 * s,
        font * 1.1,
    );
    for (i, &sym) in symbols.iter().enumerate() {
        let row = y0 + (0.5 + (i + 1) as f64 * 0.75) * s;
        let (ix, iy) = (x0 + 0.75 * s, row + 0.1 * s);
        icon(&mut out, sym, (ix, iy), s * 0.6, c);
        let _ = write!(
            out,
            r#"<text class="legend-entry" x="{}" y="{}" font-size="{font}" fill="{text}">{}</text>"#,
            x0 + 1.3 * s,
            row + 0.25 * s,
            sym.label()
        );
    }
    out.push_str("</g>");
    out
}

/// The legend's entries for `symbols` set in rows from `(x, y)` (the
/// top-left) across `width` units, icons `size` units across and words
/// `size` high in `text`, `measure(words, size)` their width; returns
/// the SVG elements and the height used.
pub fn legend_rows(
    symbols: &[Symbol],
    (x, y): (f64, f64),
    (width, size): (f64, f64),
    look: Look,
    text: &str,
    measure: &dyn Fn(&str, f64) -> f64,
) -> (String, f64) {
    let c = Colours::of(look.style);
    let mut out = String::from(r#"<g class="legend">"#);
    let line = size * 1.6;
    let (mut cx, mut row) = (x, 0usize);
    for &sym in symbols {
        // Width of an entry: icon, gap, words, gap.
        let w = size * 1.5 + measure(sym.label(), size) + size * 1.4;
        if cx > x && cx + w > x + width {
            cx = x;
            row += 1;
        }
        let cy = y + line * (row as f64 + 0.5);
        icon(&mut out, sym, (cx + size * 0.6, cy), size * 1.1, c);
        let _ = write!(
            out,
            r#"<text class="legend-entry" x="{:.2}" y="{:.2}" font-size="{size:.2}" fill="{text}">{}</text>"#,
            cx + size * 1.5,
            cy + size * 0.36,
            sym.label()
        );
        cx += w;
    }
    out.push_str("</g>");
    let rows = if symbols.is_empty() { 0 } else { row + 1 };
    (out, line * rows as f64)
}

/// A small copy of the map's mark for `sym`, centred on `(x, y)`, `s`
/// units across.
fn icon(out: &mut String, sym: Symbol, (x, y): (f64, f64), s: f64, c: Colours) {
    let sw = 0.08 * s;
    let o = c.outline;
    let _ = match sym {
        Symbol::Door | Symbol::SecretDoor | Symbol::LockedDoor => {
            let secret = sym == Symbol::SecretDoor;
            let fill = if secret { "none" } else { c.door };
            let dash = if secret {
                format!(r#" stroke-dasharray="{} {}""#, 0.2 * s, 0.12 * s)
            } else {
                String::new()
            };
            let r = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{o}" stroke-width="{sw}"{dash}/>"#,
                x - 0.45 * s,
                y - 0.15 * s,
                0.9 * s,
                0.3 * s
            );
            if sym == Symbol::LockedDoor {
                write!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="{o}" stroke-width="{sw}"/>"#,
                    x - 0.18 * s,
                    y - 0.2 * s,
                    0.36 * s,
                    0.4 * s,
                    c.gold
                )
            } else {
                r
            }
        }
        Symbol::Trap => {
            let (a, b) = (0.3 * s, 0.3 * s);
            write!(
                out,
                r#"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="{}" stroke-width="{}" stroke-linecap="round"/>"#,
                x - a,
                y - a,
                x + b,
                y + b,
                x + b,
                y - a,
                x - a,
                y + b,
                c.trap,
                0.15 * s
            )
        }
        Symbol::Key => write!(
            out,
            r#"<g fill="{}" stroke="{o}" stroke-width="{sw}"><circle cx="{}" cy="{y}" r="{}"/><rect x="{}" y="{}" width="{}" height="{}"/></g>"#,
            c.gold,
            x - 0.2 * s,
            0.18 * s,
            x - 0.05 * s,
            y - 0.06 * s,
            0.45 * s,
            0.12 * s
        ),
        Symbol::Room => write!(
            out,
            r#"<circle cx="{x}" cy="{y}" r="{}" fill="{}" stroke="{}" stroke-width="{sw}"/>"#,
            0.42 * s,
            c.disc,
            c.outline
        ),
        Symbol::Entrance => {
            entrance_arrow(out, (x, y), 1.6 * s, c);
            Ok(())
        }
        Symbol::FinalRoom => {
            final_star(out, (x, y), 1.5 * s, c);
            Ok(())
        }
        Symbol::Enemies => write!(
            out,
            r#"<circle cx="{x}" cy="{y}" r="{}" fill="{}" stroke="{}" stroke-width="{sw}"/><text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="{}">3</text>"#,
            0.35 * s,
            c.enemy.0,
            c.mark_outline,
            y + 0.17 * s,
            0.45 * s,
            c.enemy.1
        ),
        Symbol::Treasure => {
            let h = 0.35 * s;
            write!(
                out,
                r#"<path d="M{x} {}L{} {y}L{x} {}L{} {y}Z" fill="{}" stroke="{}" stroke-width="{sw}"/>"#,
                y - h,
                x + h,
                y + h,
                x - h,
                c.treasure,
                c.mark_outline
            )
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DungeonParams, Size, generate_proposal};
    use crate::export::dungeon::{PrintStyle, players_copy, svg_look};

    fn stocked() -> Dungeon {
        let mut p = DungeonParams::for_size(Size::Small);
        (p.keys, p.secret_doors, p.traps) = (1, 1, 2);
        generate_proposal(&p, 3, 0).unwrap()
    }

    #[test]
    fn the_gm_legend_names_every_symbol_the_map_draws() {
        let d = stocked();
        let gm = symbols(&d, Look::GM);
        for want in [
            Symbol::Door,
            Symbol::SecretDoor,
            Symbol::LockedDoor,
            Symbol::Trap,
            Symbol::Key,
            Symbol::Entrance,
            Symbol::FinalRoom,
            Symbol::Enemies,
            Symbol::Treasure,
        ] {
            assert!(gm.contains(&want), "{want:?} missing from {gm:?}");
        }
        let picture = svg_look(&d, 20, Look::GM).unwrap();
        assert_eq!(picture.matches(r#"class="legend""#).count(), 1);
        for s in &gm {
            assert!(picture.contains(&format!(">{}</text>", s.label())), "{s:?}");
        }
        // Ink: the entrance's arrow and the final room's star stay.
        let ink = Look {
            style: PrintStyle::Ink,
            ..Look::GM
        };
        let mono = symbols(&d, ink);
        assert!(mono.contains(&Symbol::Entrance) && mono.contains(&Symbol::FinalRoom));
        let picture = svg_look(&d, 20, ink).unwrap();
        assert!(picture.contains(r#"class="legend""#));
        for mark in ["entrance-mark", "final-mark"] {
            assert_eq!(picture.matches(mark).count(), 2, "{mark}: map and legend");
        }
        // No icon is a letter: the legend's only words are its title and
        // its entries' labels (and the enemies' sample number).
        let legend = &picture[picture.find(r#"<g class="legend">"#).unwrap()..];
        for text in legend.split("<text").skip(1) {
            let shown = text.split('>').nth(1).unwrap().split('<').next().unwrap();
            assert!(
                shown == "Legend" || shown == "3" || gm.iter().any(|s| s.label() == shown),
                "legend text {shown:?}"
            );
        }
    }

    #[test]
    fn the_players_legend_shows_only_what_the_players_see() {
        let d = stocked();
        let view = Look {
            view: MapView::Players,
            ..Look::GM
        };
        assert_eq!(
            symbols(&players_copy(&d), view),
            vec![Symbol::Door, Symbol::Room]
        );
        let picture = svg_look(&d, 20, view).unwrap();
        for hidden in ["secret door", "trap", "locked door", "treasure", "enemies"] {
            assert!(!picture.contains(&format!(">{hidden}")), "{hidden}");
        }
        assert!(picture.contains(">door</text>") && picture.contains("5 ft a cell"));
    }

    #[test]
    fn the_box_sits_on_plain_rock_when_there_is_room() {
        let d = stocked();
        let (bw, bh) = box_cells(&symbols(&d, Look::GM));
        let (x, y) = place(&d, bw, bh);
        assert!(x >= 1 && y >= 1 && x + bw <= d.width() && y + bh < d.height());
        for yy in y..y + bh {
            for xx in x..x + bw {
                assert_eq!(d.grid.get(xx, yy), DungeonTile::Rock, "({xx}, {yy})");
            }
        }
    }
}
