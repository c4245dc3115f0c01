//! The marks drawn over a dungeon's cells: each room's letter, contents
//! and game-master marks, the entrance arrow and final-room star, the
//! column and row labels, the scale bar and the doors.

use super::*;

/// Room `k`'s disc and letter at `s` units per cell, its marks `m` units
/// across: the entrance's arrow and the final room's star left of the
/// disc, a key right of it, and on the GM's map the enemy and treasure
/// marks below it.
pub(super) fn room_marks(
    out: &mut String,
    d: &Dungeon,
    k: usize,
    (s, m): (f64, f64),
    look: Look,
    key: bool,
) {
    let c = Colours::of(look.style);
    let room = &d.rooms[k];
    let (cx, cy) = letter_point(d, k);
    let (cx, cy) = (cx * s, cy * s);
    let gm = look.view == MapView::Gm;
    let (class, fill) = if !gm {
        ("room-marker", c.disc)
    } else if k == d.entrance {
        ("room-marker entrance", c.entrance)
    } else if k == d.final_room {
        ("room-marker final", c.final_room)
    } else {
        ("room-marker", c.disc)
    };
    let _ = write!(
        out,
        r#"<circle class="{class}" cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="{}" stroke-width="{}"/><text class="room-letter" data-room="{l}" x="{cx}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{l}</text>"#,
        0.45 * m,
        c.ring,
        0.06 * m,
        cy + 0.24 * m,
        0.65 * m,
        c.letter,
        l = room.letter,
    );
    if gm && k == d.entrance {
        entrance_arrow(out, (cx - 0.72 * m, cy), m, c);
    }
    if gm && k == d.final_room {
        let y = if k == d.entrance { cy - 0.8 * m } else { cy };
        final_star(out, (cx - 0.8 * m, y), m, c);
    }
    if key {
        // A key just right of the disc.
        let (kx, ky) = (cx + 0.55 * m, cy - 0.1 * m);
        let _ = write!(
            out,
            r#"<g class="key-room" fill="{}" stroke="{}" stroke-width="{sw}"><circle cx="{kx}" cy="{ky}" r="{}"/><rect x="{}" y="{}" width="{}" height="{}"/></g>"#,
            c.gold,
            c.outline,
            0.12 * m,
            kx + 0.1 * m,
            ky - 0.04 * m,
            0.3 * m,
            0.08 * m,
            sw = 0.03 * m,
        );
    }
    if gm {
        gm_marks(out, d, k, (cx, cy), m, c);
    }
}

/// The entrance's mark: a triangle `m` units tall centred on `(x, y)`,
/// pointing right (into the room's disc).
pub(crate) fn entrance_arrow(out: &mut String, (x, y): (f64, f64), m: f64, c: Colours) {
    let (w, h) = (0.42 * m, 0.3 * m);
    let _ = write!(
        out,
        r#"<path class="entrance-mark" d="M{} {}L{} {}L{} {y}Z" fill="{}" stroke="{}" stroke-width="{}" stroke-linejoin="round"/>"#,
        x - w / 2.0,
        y - h,
        x - w / 2.0,
        y + h,
        x + w / 2.0,
        c.entrance,
        c.ring,
        0.05 * m,
    );
}

/// The final room's mark: a five-pointed star `0.64 m` across centred on
/// `(x, y)`.
pub(crate) fn final_star(out: &mut String, (x, y): (f64, f64), m: f64, c: Colours) {
    let mut d = String::new();
    for i in 0..10 {
        let r = if i % 2 == 0 { 0.34 * m } else { 0.14 * m };
        let a = std::f64::consts::PI * (i as f64 / 5.0 - 0.5);
        let _ = write!(
            d,
            "{}{:.2} {:.2}",
            if i == 0 { 'M' } else { 'L' },
            x + r * a.cos(),
            y + r * a.sin()
        );
    }
    let _ = write!(
        out,
        r#"<path class="final-mark" d="{d}Z" fill="{}" stroke="{}" stroke-width="{}" stroke-linejoin="round"/>"#,
        c.final_room,
        c.ring,
        0.05 * m,
    );
}

/// The GM's marks beside a room's disc: a red disc with the enemy count
/// below-left, a gold diamond below-right when treasure lies there.
fn gm_marks(out: &mut String, d: &Dungeon, k: usize, (cx, cy): (f64, f64), s: f64, c: Colours) {
    let r = &d.rooms[k];
    let (y, sw) = (cy + 0.7 * s, 0.03 * s);
    if r.enemies {
        let n: u32 = r.enemy_counts.iter().sum();
        let x = cx - 0.35 * s;
        let _ = write!(
            out,
            r#"<g class="enemy-mark"><circle cx="{x}" cy="{y}" r="{}" fill="{}" stroke="{}" stroke-width="{sw}"/><text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{}</text></g>"#,
            0.22 * s,
            c.enemy.0,
            c.mark_outline,
            y + 0.1 * s,
            0.28 * s,
            c.enemy.1,
            if n > 0 { n.to_string() } else { "!".into() },
        );
    }
    if r.treasure {
        let (x, h) = (cx + 0.35 * s, 0.22 * s);
        let _ = write!(
            out,
            r#"<path class="treasure-mark" d="M{x} {}L{} {y}L{x} {}L{} {y}Z" fill="{}" stroke="{}" stroke-width="{sw}"/>"#,
            y - h,
            x + h,
            y + h,
            x - h,
            c.treasure,
            c.mark_outline,
        );
    }
}

/// Column letters along the top edge and row numbers along the left edge
/// (every cell when a cell is 20 px or more, else every fifth), in the
/// rock ring the generator keeps free.
pub(super) fn labels(out: &mut String, d: &Dungeon, s: f64, c: Colours) {
    let every = if s >= 20.0 { 1 } else { 5 };
    let fill = c.label;
    let size = (0.42 * s).min(14.0 * s / 20.0);
    let _ = write!(
        out,
        r#"<g class="coordinates" font-size="{size}" fill="{fill}" text-anchor="middle">"#
    );
    for x in (1..d.width()).filter(|x| x % every == 0) {
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            (x as f64 + 0.5) * s,
            0.7 * s,
            column_label(x)
        );
    }
    for y in (1..d.height()).filter(|y| y % every == 0) {
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            0.5 * s,
            (y as f64 + 0.65) * s,
            y + 1
        );
    }
    out.push_str("</g>");
}

/// A scale bar of two cells (10 ft, 5 ft a cell) in the bottom rock ring,
/// from the second column: one segment per cell, dark and light in turn,
/// ticks at 0, 5 and 10 ft.
pub(super) fn scale_bar(out: &mut String, d: &Dungeon, s: f64, c: Colours) {
    let y = (d.height() as f64 - 0.5) * s;
    let (dark, light) = c.scale;
    let _ = write!(out, r#"<g class="scale-bar" fill="{dark}">"#);
    for (i, fill) in [dark, light].into_iter().enumerate() {
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{s}" height="{}" fill="{fill}" stroke="{dark}" stroke-width="{}"/>"#,
            (1 + i) as f64 * s,
            y - 0.08 * s,
            0.16 * s,
            0.03 * s,
        );
    }
    for i in 0..3 {
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
            (1 + i) as f64 * s - 0.02 * s,
            y - 0.2 * s,
            0.04 * s,
            0.28 * s,
        );
    }
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-size="{}">10 ft (5 ft a cell)</text></g>"#,
        3.2 * s,
        y + 0.15 * s,
        0.42 * s,
    );
}

/// One door leaf across a run: a brown bar through the middle of the
/// wall; dashed and hollow for a secret door.
pub(super) fn door(out: &mut String, run: &DoorRun, s: f64, c: Colours) {
    let (x0, y0, x1, y1) = run.bbox();
    let (x0, y0, x1, y1) = (
        x0 as f64 * s,
        y0 as f64 * s,
        (x1 + 1) as f64 * s,
        (y1 + 1) as f64 * s,
    );
    let t = 0.3 * s;
    let (x, y, w, h) = if run.along_x() {
        (x0 + 0.08 * s, (y0 + y1 - t) / 2.0, x1 - x0 - 0.16 * s, t)
    } else {
        ((x0 + x1 - t) / 2.0, y0 + 0.08 * s, t, y1 - y0 - 0.16 * s)
    };
    let (class, fill, dash) = if run.secret {
        (
            "secret-door",
            "none",
            format!(r#" stroke-dasharray="{} {}""#, 0.12 * s, 0.08 * s),
        )
    } else {
        ("door", c.door, String::new())
    };
    let _ = write!(
        out,
        r#"<rect class="{class}" x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="{}" stroke-width="{}"{dash}/>"#,
        c.outline,
        0.05 * s
    );
}
