//! The board, painted with egui: blocked cells dark, givens on grey in
//! black, the player's marks on paper in colour; rule breaks red with a
//! line through the triple, wrong marks (after Check) outlined red, the
//! hint's cell green with its symbol ghosted and its reasons outlined
//! amber, the cursor blue. Row and column numbers match the hint texts.

use crate::puzzle::{Action, Board, CellView, CheckResult, Play, Square, break_mask, rule_breaks};
use bevy_egui::egui::{self, Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

const PAPER: Color32 = Color32::from_rgb(0xf4, 0xf1, 0xea);
const GIVEN_BG: Color32 = Color32::from_rgb(0xc4, 0xc8, 0xd0);
const BLOCKED: Color32 = Color32::from_rgb(0x1c, 0x1c, 0x22);
const GRID: Color32 = Color32::from_rgb(0x80, 0x80, 0x88);
const GIVEN_INK: Color32 = Color32::from_rgb(0x18, 0x18, 0x18);
const X_INK: Color32 = Color32::from_rgb(0x1f, 0x5f, 0xc8);
const O_INK: Color32 = Color32::from_rgb(0xc0, 0x5a, 0x10);
const BREAK_BG: Color32 = Color32::from_rgb(0xf4, 0xa8, 0xa8);
const BREAK_LINE: Color32 = Color32::from_rgba_premultiplied(0xc8, 0x10, 0x10, 0xc0);
const WRONG: Color32 = Color32::from_rgb(0xd0, 0x10, 0x10);
const HINT_BG: Color32 = Color32::from_rgb(0xb8, 0xe6, 0xb0);
const HINT_INK: Color32 = Color32::from_rgba_premultiplied(0x10, 0x70, 0x20, 0xa0);
const SUPPORT: Color32 = Color32::from_rgb(0xe8, 0xa0, 0x00);
const CURSOR: Color32 = Color32::from_rgb(0x30, 0x80, 0xff);
const SOLVED: Color32 = Color32::from_rgb(0x30, 0xb0, 0x40);

/// The colour of a player's symbol (givens are always black).
pub fn ink(c: Square) -> Color32 {
    if c == Square::X { X_INK } else { O_INK }
}

fn symbol(p: &egui::Painter, rect: Rect, c: Square, color: Color32, width: f32) {
    let r = rect.shrink(rect.width() * 0.24);
    let stroke = Stroke::new(width, color);
    match c {
        Square::X => {
            p.line_segment([r.left_top(), r.right_bottom()], stroke);
            p.line_segment([r.right_top(), r.left_bottom()], stroke);
        }
        Square::O => {
            p.circle_stroke(r.center(), r.width() * 0.52, stroke);
        }
        _ => {}
    }
}

/// Where a `w × h` board sits in the rest of a `Ui`: centred, with room
/// for the row and column numbers, cells 12 to 64 points wide.
struct Frame {
    origin: Pos2,
    cell: f32,
    rect: Rect,
}

impl Frame {
    /// Lay the board out, take its clicks and a painter that also covers
    /// the numbers around it.
    fn place(ui: &mut egui::Ui, w: usize, h: usize) -> (Frame, egui::Response, egui::Painter) {
        let avail = ui.available_rect_before_wrap();
        let label = 26.0;
        let cell = ((avail.width() - label - 8.0) / w as f32)
            .min((avail.height() - label - 8.0) / h as f32)
            .clamp(12.0, 64.0);
        let size = Vec2::new(cell * w as f32, cell * h as f32);
        let origin = Pos2::new(
            avail.left() + label + ((avail.width() - label - size.x) / 2.0).max(0.0),
            avail.top() + label + ((avail.height() - label - size.y) / 2.0).max(0.0),
        );
        let rect = Rect::from_min_size(origin, size);
        let response = ui.allocate_rect(rect, Sense::click());
        let painter = ui.painter_at(rect.expand2(Vec2::new(label + 4.0, label + 4.0)));
        (Frame { origin, cell, rect }, response, painter)
    }

    /// The rectangle of cell (`r`, `c`).
    fn cell_rect(&self, r: usize, c: usize) -> Rect {
        Rect::from_min_size(
            self.origin + Vec2::new(c as f32 * self.cell, r as f32 * self.cell),
            Vec2::splat(self.cell),
        )
    }
}

/// Paint the board into the rest of `ui`; a click returns its action
/// (left: cycle forwards, right: backwards).
pub fn board(ui: &mut egui::Ui, play: &Play) -> Option<Action> {
    let (w, h) = (play.width(), play.height());
    let (frame, response, p) = Frame::place(ui, w, h);
    let (origin, cell, board_rect) = (frame.origin, frame.cell, frame.rect);
    let rect_of = |r: usize, c: usize| frame.cell_rect(r, c);

    let breaks = play.break_mask();
    let wrong: Vec<(usize, usize)> = match play.check_result() {
        Some(CheckResult::Wrong { cells, .. }) => cells.clone(),
        _ => Vec::new(),
    };
    let hint = play.shown_hint();
    let thick = (cell * 0.09).max(2.0);

    // Row and column numbers (1-based, as in the hints).
    let font = egui::FontId::proportional((cell * 0.4).clamp(9.0, 15.0));
    let numbers = ui.visuals().weak_text_color();
    let every = if cell < 18.0 { 2 } else { 1 };
    for c in (0..w).filter(|c| (c + 1) % every == 0 || *c == 0) {
        let at = rect_of(0, c).center_top() - Vec2::new(0.0, 4.0);
        p.text(
            at,
            egui::Align2::CENTER_BOTTOM,
            format!("{}", c + 1),
            font.clone(),
            numbers,
        );
    }
    for r in (0..h).filter(|r| (r + 1) % every == 0 || *r == 0) {
        let at = rect_of(r, 0).left_center() - Vec2::new(5.0, 0.0);
        p.text(
            at,
            egui::Align2::RIGHT_CENTER,
            format!("{}", r + 1),
            font.clone(),
            numbers,
        );
    }

    // Cells.
    for r in 0..h {
        for c in 0..w {
            let rect = rect_of(r, c);
            let view = play.view(r, c);
            let mut bg = match view {
                CellView::Blocked => BLOCKED,
                CellView::Given(_) => GIVEN_BG,
                _ => PAPER,
            };
            if hint.is_some_and(|h| h.cell == Some((r, c))) {
                bg = HINT_BG;
            }
            if breaks[r * w + c] {
                bg = BREAK_BG;
            }
            p.rect_filled(rect, 0.0, bg);
            p.rect_stroke(rect, 0.0, Stroke::new(1.0, GRID), StrokeKind::Inside);
            match view {
                CellView::Given(s) => symbol(&p, rect, s, GIVEN_INK, thick * 1.2),
                CellView::Mark(s) => symbol(&p, rect, s, ink(s), thick),
                CellView::Empty => {
                    if let Some(hv) = hint
                        .filter(|h| h.cell == Some((r, c)))
                        .and_then(|h| h.value)
                    {
                        symbol(&p, rect, hv, HINT_INK, thick);
                    }
                }
                CellView::Blocked => {}
            }
        }
    }

    // A red line through each three-in-a-row.
    for rb in play.rule_breaks() {
        let a = rect_of(rb.cells[0].0, rb.cells[0].1).center();
        let b = rect_of(rb.cells[2].0, rb.cells[2].1).center();
        p.line_segment([a, b], Stroke::new(thick * 0.8, BREAK_LINE));
    }
    // The hint's reasons, the hint's cell, wrong marks, the cursor.
    if let Some(h) = hint {
        for &(r, c) in &h.support {
            p.rect_stroke(
                rect_of(r, c).shrink(1.0),
                2.0,
                Stroke::new(thick, SUPPORT),
                StrokeKind::Inside,
            );
        }
        if let Some((r, c)) = h.cell {
            p.rect_stroke(
                rect_of(r, c).shrink(1.0),
                2.0,
                Stroke::new(thick, SOLVED),
                StrokeKind::Inside,
            );
        }
    }
    for &(r, c) in &wrong {
        p.rect_stroke(
            rect_of(r, c).shrink(1.0),
            2.0,
            Stroke::new(thick * 1.3, WRONG),
            StrokeKind::Inside,
        );
    }
    let (cr, cc) = play.cursor();
    p.rect_stroke(
        rect_of(cr, cc).expand(1.0),
        2.0,
        Stroke::new(thick, CURSOR),
        StrokeKind::Middle,
    );
    if play.is_solved() {
        p.rect_stroke(
            board_rect.expand(3.0),
            3.0,
            Stroke::new(4.0, SOLVED),
            StrokeKind::Outside,
        );
    }

    let hit = |pos: Pos2| {
        let v = (pos - origin) / cell;
        (v.x >= 0.0 && v.y >= 0.0 && (v.x as usize) < w && (v.y as usize) < h)
            .then_some((v.y as usize, v.x as usize))
    };
    let pos = response.interact_pointer_pos();
    if response.clicked() {
        return pos.and_then(hit).map(|(r, c)| Action::Cycle(r, c));
    }
    if response.secondary_clicked() {
        return pos.and_then(hit).map(|(r, c)| Action::CycleBack(r, c));
    }
    None
}

/// A small swatch with a label, for the legend.
pub fn legend(ui: &mut egui::Ui) {
    let item = |ui: &mut egui::Ui,
                bg: Color32,
                outline: Option<Color32>,
                sym: Option<(Square, Color32)>,
                text: &str| {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(Vec2::splat(18.0), Sense::hover());
            let p = ui.painter();
            p.rect_filled(rect, 0.0, bg);
            p.rect_stroke(rect, 0.0, Stroke::new(1.0, GRID), StrokeKind::Inside);
            if let Some(o) = outline {
                p.rect_stroke(rect, 0.0, Stroke::new(2.5, o), StrokeKind::Inside);
            }
            if let Some((s, c)) = sym {
                symbol(p, rect, s, c, 2.0);
            }
            ui.label(text);
        });
    };
    item(
        ui,
        GIVEN_BG,
        None,
        Some((Square::X, GIVEN_INK)),
        "given (fixed)",
    );
    item(ui, PAPER, None, Some((Square::O, O_INK)), "your mark");
    item(ui, BLOCKED, None, None, "blocked");
    item(
        ui,
        BREAK_BG,
        None,
        Some((Square::X, X_INK)),
        "three in a row",
    );
    item(ui, PAPER, Some(WRONG), None, "wrong (after Check)");
    item(
        ui,
        HINT_BG,
        Some(SOLVED),
        Some((Square::O, HINT_INK)),
        "hint: this cell",
    );
    item(ui, PAPER, Some(SUPPORT), None, "hint: because of these");
}

/// Paint a draft in the editor: blocked cells dark, givens on grey, empty
/// cells on paper, three-in-a-rows among the givens red with a line
/// through them, the givens "Make unique" added (`added`) outlined green.
/// A click returns the cell and whether it was the primary button.
pub fn draft(
    ui: &mut egui::Ui,
    board: &Board,
    added: &[(usize, usize)],
) -> Option<(usize, usize, bool)> {
    let (w, h) = (board.width(), board.height());
    let (frame, response, p) = Frame::place(ui, w, h);
    let (origin, cell) = (frame.origin, frame.cell);
    let rect_of = |r: usize, c: usize| frame.cell_rect(r, c);
    let thick = (cell * 0.09).max(2.0);
    let font = egui::FontId::proportional((cell * 0.4).clamp(9.0, 15.0));
    let numbers = ui.visuals().weak_text_color();
    for c in 0..w {
        let at = rect_of(0, c).center_top() - Vec2::new(0.0, 4.0);
        let text = format!("{}", c + 1);
        p.text(at, egui::Align2::CENTER_BOTTOM, text, font.clone(), numbers);
    }
    for r in 0..h {
        let at = rect_of(r, 0).left_center() - Vec2::new(5.0, 0.0);
        let text = format!("{}", r + 1);
        p.text(at, egui::Align2::RIGHT_CENTER, text, font.clone(), numbers);
    }
    let breaks = break_mask(board);
    for r in 0..h {
        for c in 0..w {
            let rect = rect_of(r, c);
            let s = board.get(r, c);
            let bg = match s {
                _ if breaks[r * w + c] => BREAK_BG,
                Square::Blocked => BLOCKED,
                Square::X | Square::O => GIVEN_BG,
                Square::Empty => PAPER,
            };
            p.rect_filled(rect, 0.0, bg);
            p.rect_stroke(rect, 0.0, Stroke::new(1.0, GRID), StrokeKind::Inside);
            symbol(&p, rect, s, GIVEN_INK, thick * 1.2);
        }
    }
    for rb in rule_breaks(board) {
        let a = rect_of(rb.cells[0].0, rb.cells[0].1).center();
        let b = rect_of(rb.cells[2].0, rb.cells[2].1).center();
        p.line_segment([a, b], Stroke::new(thick * 0.8, BREAK_LINE));
    }
    for &(r, c) in added {
        if board.try_get(r, c).is_some_and(Square::is_symbol) {
            let stroke = Stroke::new(thick, SOLVED);
            p.rect_stroke(rect_of(r, c).shrink(1.0), 2.0, stroke, StrokeKind::Inside);
        }
    }
    let hit = |pos: Pos2| {
        let v = (pos - origin) / cell;
        (v.x >= 0.0 && v.y >= 0.0 && (v.x as usize) < w && (v.y as usize) < h)
            .then_some((v.y as usize, v.x as usize))
    };
    let pos = response.interact_pointer_pos();
    if response.clicked() {
        return pos.and_then(hit).map(|(r, c)| (r, c, true));
    }
    if response.secondary_clicked() {
        return pos.and_then(hit).map(|(r, c)| (r, c, false));
    }
    None
}
