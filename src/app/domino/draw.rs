//! Painting the table: the felt, the tiles with their pips (laid out by
//! [`crate::domino::table_layout`]), the open ends with their numbers, the seats
//! around the table and the floating labels.

use super::{DominoGame, FloatingLabel, LABEL_SECONDS, input};
use crate::domino::team_of;
use crate::domino::{Actor, count_terms};
use crate::domino::{TableLayout, TileSpot, table_layout};
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

/// Team colours: A (you and your partner) blue, B orange.
pub const TEAM_COLORS: [Color32; 2] = [
    Color32::from_rgb(90, 160, 255),
    Color32::from_rgb(255, 150, 60),
];

pub(super) const FELT: Color32 = Color32::from_rgb(24, 90, 58);
pub(super) const IVORY: Color32 = Color32::from_rgb(246, 241, 226);
const PIP: Color32 = Color32::from_rgb(25, 25, 30);
pub(super) const LEGAL: Color32 = Color32::from_rgb(70, 220, 110);
const SELECTED: Color32 = Color32::from_rgb(255, 215, 60);

/// Margins of the table area kept for the seats (px): top, sides, bottom.
const SEAT_TOP: f32 = 52.0;
const SEAT_SIDE: f32 = 118.0;
const SEAT_BOTTOM: f32 = 34.0;

/// Pip positions in a unit square (-1..1) for 0..=6; the 6's two lines of
/// three run along the tile's long side (x for a `wide` tile, else y).
fn pip_offsets(n: u8, wide: bool) -> Vec<(f32, f32)> {
    let c = (0.0, 0.0);
    let (tl, tr, bl, br) = ((-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0));
    let v = match n {
        0 => vec![],
        1 => vec![c],
        2 => vec![tl, br],
        3 => vec![tl, c, br],
        4 => vec![tl, tr, bl, br],
        5 => vec![tl, tr, c, bl, br],
        _ => vec![tl, tr, (-1.0, 0.0), (1.0, 0.0), bl, br],
    };
    if wide {
        v.into_iter().map(|(x, y)| (y, x)).collect()
    } else {
        v
    }
}

/// Paint one tile: `rect` on screen, the two halves' centres and pips.
pub fn paint_tile(
    painter: &egui::Painter,
    rect: Rect,
    halves: [(Pos2, u8); 2],
    outline: Option<(Color32, f32)>,
    dim: bool,
) {
    let short = rect.width().min(rect.height());
    let fill = if dim {
        Color32::from_rgb(170, 168, 160)
    } else {
        IVORY
    };
    painter.rect_filled(rect, short * 0.12, fill);
    painter.rect_stroke(
        rect,
        short * 0.12,
        Stroke::new(1.0, Color32::from_rgb(60, 60, 60)),
        StrokeKind::Inside,
    );
    // The line between the halves.
    let [(a, _), (b, _)] = halves;
    let mid = a + (b - a) * 0.5;
    let across = Vec2::new((b - a).y, (a - b).x).normalized() * short * 0.38;
    painter.line_segment(
        [mid - across, mid + across],
        Stroke::new(1.0, Color32::from_rgb(90, 90, 90)),
    );
    let wide = (b - a).x.abs() > (b - a).y.abs();
    let r = (short * 0.085).max(1.2);
    let spread = short * 0.26;
    for (centre, n) in halves {
        for (x, y) in pip_offsets(n, wide) {
            painter.circle_filled(centre + Vec2::new(x, y) * spread, r, PIP);
        }
    }
    if let Some((c, w)) = outline {
        painter.rect_stroke(
            rect.expand(w * 0.5),
            short * 0.15,
            Stroke::new(w, c),
            StrokeKind::Outside,
        );
    }
}

/// The table area's geometry: world (tile units, y up) to screen.
#[derive(Clone, Copy, Debug)]
pub struct TableView {
    /// The middle of the table on screen.
    pub centre: Pos2,
    /// Pixels per tile unit (a tile is 2 × 1 units).
    pub unit: f32,
}

impl TableView {
    fn pos(&self, p: [f32; 2]) -> Pos2 {
        self.centre + Vec2::new(p[0], -p[1]) * self.unit
    }

    pub(super) fn rect(&self, r: &crate::domino::TableRect) -> Rect {
        Rect::from_center_size(
            self.pos(r.center),
            Vec2::new(r.half[0], r.half[1]) * 2.0 * self.unit,
        )
    }
}

/// Lay the table out in `area` (px), as large as it fits: the layout's
/// bounds are the area in tile units, made smaller until every arm fits.
pub fn fit_layout(g: &DominoGame, area: Rect) -> (TableLayout, TableView) {
    let size = area.size();
    let mut unit = (size.x / 26.0).min(size.y / 17.0).clamp(9.0, 40.0);
    loop {
        let half = [size.x / 2.0 / unit, size.y / 2.0 / unit];
        let l = table_layout(g.game.placements(), half);
        if l.fits || unit <= 9.0 {
            return (
                l,
                TableView {
                    centre: area.center(),
                    unit,
                },
            );
        }
        unit *= 0.9;
    }
}

/// Where a seat sits on screen (labels rise from there).
pub fn seat_anchor(area: Rect, seat: u8) -> Pos2 {
    match seat {
        0 => Pos2::new(area.center().x, area.bottom() - SEAT_BOTTOM * 0.5),
        1 => Pos2::new(area.left() + SEAT_SIDE * 0.5, area.center().y),
        2 => Pos2::new(area.center().x, area.top() + SEAT_TOP * 0.5),
        _ => Pos2::new(area.right() - SEAT_SIDE * 0.5, area.center().y),
    }
}

/// Paint the whole table in `ui`'s remaining space; clicks on open ends
/// place the tile being played.
pub fn table(ui: &mut egui::Ui, g: &mut DominoGame) {
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click());
    let area = response.rect;
    painter.rect_filled(area, 8.0, FELT);
    let inner = Rect::from_min_max(
        area.min + Vec2::new(SEAT_SIDE, SEAT_TOP),
        area.max - Vec2::new(SEAT_SIDE, SEAT_BOTTOM),
    );
    let (lay, view) = fit_layout(g, inner);
    let round = g.game.round();
    let last = g.game.placements().len().checked_sub(1);
    for (i, spot) in lay.tiles.iter().enumerate() {
        let outline = (Some(i) == last).then(|| {
            let seat = g.game.placements()[i].seat;
            (TEAM_COLORS[team_of(seat)], 3.0)
        });
        paint_spot(&painter, &view, spot, outline);
    }
    // Open ends: their number, highlighted where the tile in hand fits.
    let table = round.table;
    let placing = g.choosing_end.or_else(|| {
        g.selected
            .and_then(|i| input::hand_tiles(g).get(i).copied())
            .filter(|t| input::is_playable(g, *t))
    });
    let targets = placing.map(|t| input::ends_for(g, t)).unwrap_or_default();
    let cursor_arm = input::end_choices(g).get(g.end_cursor).map(|m| m.arm);
    let mut clicked_end = None;
    if table.spinner.is_some() {
        for arm in 0..4u8 {
            let end = lay.ends[arm as usize];
            let marker = view.rect(&end.marker());
            let open = table.open_arms() & (1 << arm) != 0;
            let r = marker.width() * 0.48;
            let c = marker.center();
            if !open {
                painter.circle_stroke(c, r * 0.8, Stroke::new(1.0, Color32::from_white_alpha(60)));
                continue;
            }
            let a = table.arms[arm as usize];
            let target = targets.contains(&arm);
            let fill = if target {
                LEGAL
            } else {
                Color32::from_rgba_unmultiplied(255, 255, 255, 40)
            };
            let rr = if target { r * 1.15 } else { r };
            painter.circle_filled(c, rr, fill);
            if Some(arm) == cursor_arm && g.choosing_end.is_some() {
                painter.circle_stroke(c, rr + 2.0, Stroke::new(2.5, SELECTED));
            }
            let text_color = if target {
                Color32::BLACK
            } else {
                Color32::WHITE
            };
            painter.text(
                c,
                Align2::CENTER_CENTER,
                a.end.to_string(),
                FontId::proportional(rr * 1.3),
                text_color,
            );
            if a.double_end {
                painter.text(
                    c + Vec2::new(rr * 0.9, rr * 0.7),
                    Align2::LEFT_CENTER,
                    "×2",
                    FontId::proportional(11.0),
                    Color32::WHITE,
                );
            }
            if target {
                let hit = ui.interact(
                    Rect::from_center_size(c, Vec2::splat(rr * 2.2)),
                    ui.id().with(("domino_end", arm)),
                    Sense::click(),
                );
                if hit.clicked() {
                    clicked_end = Some(arm);
                }
                hit.on_hover_text(format!(
                    "Play {} on the {} end",
                    placing.map(|t| t.to_string()).unwrap_or_default(),
                    crate::domino::ARM_NAMES[arm as usize]
                ));
            }
        }
    }
    // The table count, top left of the table.
    let terms = count_terms(&table);
    let sum: u32 = terms.iter().sum();
    let count_text = if terms.is_empty() {
        "Table count: –".to_string()
    } else if terms.len() == 1 {
        format!("Table count: {sum}")
    } else {
        let list: Vec<String> = terms.iter().map(u32::to_string).collect();
        format!("Table count: {} = {sum}", list.join(" + "))
    };
    let scores = sum > 0 && sum.is_multiple_of(5);
    painter.text(
        area.left_top() + Vec2::new(10.0, 8.0),
        Align2::LEFT_TOP,
        count_text,
        FontId::proportional(16.0),
        if scores { SELECTED } else { Color32::WHITE },
    );
    if !table.cross_open() && table.spinner.is_some() {
        painter.text(
            area.left_top() + Vec2::new(10.0, 28.0),
            Align2::LEFT_TOP,
            "top and bottom open once left and right hold a tile",
            FontId::proportional(12.0),
            Color32::from_white_alpha(150),
        );
    }
    seats(&painter, area, g);
    labels(&painter, area, &g.labels);
    if let Some(arm) = clicked_end {
        input::pick_end(g, arm);
    }
}

pub(super) fn paint_spot(
    painter: &egui::Painter,
    view: &TableView,
    spot: &TileSpot,
    outline: Option<(Color32, f32)>,
) {
    let rect = view.rect(&spot.rect).shrink(0.5);
    let [a, b] = spot.halves();
    let halves = [(view.pos(a), spot.inner), (view.pos(b), spot.outer)];
    paint_tile(painter, rect, halves, outline, false);
}

/// The three other seats around the table and "You" below it: name, AI,
/// tiles left (face down), whose turn it is.
fn seats(painter: &egui::Painter, area: Rect, g: &DominoGame) {
    let round = g.game.round();
    let actor = g.game.next_actor();
    for seat in 0..4u8 {
        let anchor = seat_anchor(area, seat);
        let n = round.hand(seat).len();
        let turn = matches!(actor, Actor::Ai(s) | Actor::Human(s) if s == seat);
        let color = TEAM_COLORS[team_of(seat)];
        let who = match g.seats[seat as usize] {
            super::SeatController::Human if g.is_hotseat() => "person".to_string(),
            super::SeatController::Human => String::new(),
            super::SeatController::Ai(ai) if seat == 0 => format!("autoplay: {}", ai.short_label()),
            super::SeatController::Ai(ai) => ai.short_label(),
        };
        let name = g.seat_name(seat);
        let title_pos = match seat {
            0 => anchor - Vec2::new(0.0, 6.0),
            2 => anchor - Vec2::new(0.0, 14.0),
            _ => anchor - Vec2::new(0.0, 62.0),
        };
        let text_rect = painter.text(
            title_pos,
            Align2::CENTER_CENTER,
            name,
            FontId::proportional(16.0),
            color,
        );
        if !who.is_empty() {
            let who = who.clone();
            let (pos, align) = match seat {
                0 => (
                    text_rect.right_center() + Vec2::new(8.0, 0.0),
                    Align2::LEFT_CENTER,
                ),
                2 => (
                    text_rect.right_center() + Vec2::new(8.0, 0.0),
                    Align2::LEFT_CENTER,
                ),
                _ => (
                    text_rect.center_bottom() + Vec2::new(0.0, 8.0),
                    Align2::CENTER_CENTER,
                ),
            };
            painter.text(
                pos,
                align,
                who,
                FontId::proportional(11.0),
                Color32::from_white_alpha(170),
            );
        }
        if turn {
            painter.rect_stroke(
                text_rect.expand(4.0),
                4.0,
                Stroke::new(2.0, SELECTED),
                StrokeKind::Outside,
            );
        }
        if seat == 0 {
            // The bottom seat's hand is in the hand panel when shown;
            // otherwise its tiles lie face down after its name.
            if g.shown_hand() != Some(0) {
                let x0 = text_rect.right() + if who.is_empty() { 16.0 } else { 90.0 };
                for k in 0..n {
                    let c = Pos2::new(x0 + k as f32 * 13.0, text_rect.center().y);
                    let r = Rect::from_center_size(c, Vec2::new(10.0, 18.0));
                    painter.rect_filled(r, 2.0, Color32::from_rgb(40, 40, 48));
                    painter.rect_stroke(r, 2.0, Stroke::new(1.0, IVORY), StrokeKind::Inside);
                }
            }
            continue;
        }
        // Face-down tiles.
        let (w, h) = if seat == 2 {
            (10.0, 18.0)
        } else {
            (18.0, 10.0)
        };
        for k in 0..n {
            let off = k as f32 - (n as f32 - 1.0) / 2.0;
            let c = if seat == 2 {
                anchor + Vec2::new(off * (w + 3.0), 10.0)
            } else {
                anchor + Vec2::new(0.0, off * (h + 3.0) + 4.0)
            };
            let r = Rect::from_center_size(c, Vec2::new(w, h));
            painter.rect_filled(r, 2.0, Color32::from_rgb(40, 40, 48));
            painter.rect_stroke(r, 2.0, Stroke::new(1.0, IVORY), StrokeKind::Inside);
        }
        let count = format!("{n} tile{}", if n == 1 { "" } else { "s" });
        let count_pos = match seat {
            2 => anchor + Vec2::new(0.0, 10.0) + Vec2::new((n as f32 / 2.0) * 13.0 + 30.0, 0.0),
            _ => anchor + Vec2::new(0.0, 4.0 + (n as f32 / 2.0) * 13.0 + 14.0),
        };
        painter.text(
            count_pos,
            Align2::CENTER_CENTER,
            count,
            FontId::proportional(12.0),
            Color32::WHITE,
        );
        if turn && !g.paused && matches!(actor, Actor::Ai(_)) {
            let pos = match seat {
                2 => anchor + Vec2::new(0.0, 32.0),
                _ => anchor + Vec2::new(0.0, -84.0),
            };
            painter.text(
                pos,
                Align2::CENTER_CENTER,
                "thinking…",
                FontId::proportional(12.0),
                Color32::from_white_alpha(200),
            );
        }
    }
}

/// Floating labels: rise from their seat and fade.
fn labels(painter: &egui::Painter, area: Rect, labels: &[FloatingLabel]) {
    // Labels of the same seat are stacked so they do not cover each other.
    let mut stack = [0usize; 5];
    for l in labels.iter().rev() {
        let slot = l.seat.map_or(4, |s| s as usize);
        // Labels rise in the seat's own margin, clear of the tiles: above
        // the side seats' names, right of the partner, above "You".
        let base = match l.seat {
            Some(0) => seat_anchor(area, 0) + Vec2::new(0.0, -34.0),
            Some(2) => seat_anchor(area, 2) + Vec2::new(200.0, 2.0),
            Some(s) => seat_anchor(area, s) + Vec2::new(0.0, -110.0),
            None => area.center(),
        };
        let t = (l.age / LABEL_SECONDS).clamp(0.0, 1.0);
        // The partner's labels stack sideways (its margin is low).
        let rise = match l.seat {
            Some(2) => Vec2::new(115.0 * stack[slot] as f32, -8.0 * t),
            _ => Vec2::new(0.0, -24.0 * t - 28.0 * stack[slot] as f32),
        };
        stack[slot] += 1;
        let alpha = ((1.0 - t) * 255.0 * 1.6).min(255.0) as u8;
        let base_color = l.team.map_or(Color32::WHITE, |k| TEAM_COLORS[k]);
        let color =
            Color32::from_rgba_unmultiplied(base_color.r(), base_color.g(), base_color.b(), alpha);
        let pos = base + rise;
        let font = FontId::proportional(20.0);
        let galley = painter.layout_no_wrap(l.text.clone(), font, color);
        let rect = Align2::CENTER_CENTER.anchor_size(pos, galley.size());
        painter.rect_filled(
            rect.expand(4.0),
            4.0,
            Color32::from_rgba_unmultiplied(0, 0, 0, alpha / 2),
        );
        painter.galley(rect.min, galley, color);
    }
}
