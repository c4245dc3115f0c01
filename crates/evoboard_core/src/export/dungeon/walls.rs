//! The wall tracer of the VTT export: the boundary between walkable and
//! non-walkable cells as closed polylines in cell units.
//!
//! Every walkable cell contributes the sides it shares with a
//! non-walkable cell (or the map's edge), directed clockwise around the
//! cell (x right, y down). The sides are chained into loops; where two
//! walkable cells touch only at a corner the chain turns right, so each
//! loop goes round one 4-connected region (or one hole in it) and loops
//! never cross. Points are kept only where the direction changes, so a
//! straight wall is one segment; the first point is repeated at the end.

/// A closed polyline: corner points in cell units, the first repeated
/// last.
pub type Polyline = Vec<(u32, u32)>;

/// Directions: east, south, west, north (clockwise with y down).
const STEPS: [(i64, i64); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const E: u8 = 0;
const S: u8 = 1;
const W: u8 = 2;
const N: u8 = 3;

/// Trace the boundary of the cells for which `walkable(x, y)` holds on a
/// `cols × rows` map into closed polylines (see the module notes). Every
/// point lies in `[0, cols] × [0, rows]`.
///
/// ```
/// use evoboard_core::export::dungeon::walls::trace;
/// // One 3 × 2 room: one loop round it, four corners.
/// let loops = trace(5, 4, |x, y| (1..4).contains(&x) && (1..3).contains(&y));
/// assert_eq!(loops, vec![vec![(1, 1), (4, 1), (4, 3), (1, 3), (1, 1)]]);
/// ```
pub fn trace(cols: usize, rows: usize, walkable: impl Fn(usize, usize) -> bool) -> Vec<Polyline> {
    let vw = cols + 1;
    let mut out = vec![0u8; vw * (rows + 1)];
    let wk = |x: i64, y: i64| {
        x >= 0 && y >= 0 && (x as usize) < cols && (y as usize) < rows && {
            walkable(x as usize, y as usize)
        }
    };
    for y in 0..rows {
        for x in 0..cols {
            if !walkable(x, y) {
                continue;
            }
            let (xi, yi) = (x as i64, y as i64);
            if !wk(xi, yi - 1) {
                out[y * vw + x] |= 1 << E;
            }
            if !wk(xi + 1, yi) {
                out[y * vw + x + 1] |= 1 << S;
            }
            if !wk(xi, yi + 1) {
                out[(y + 1) * vw + x + 1] |= 1 << W;
            }
            if !wk(xi - 1, yi) {
                out[(y + 1) * vw + x] |= 1 << N;
            }
        }
    }
    let mut loops = Vec::new();
    let mut steps: Vec<(usize, u8)> = Vec::new();
    for start in 0..out.len() {
        while out[start] != 0 {
            let first = out[start].trailing_zeros() as u8;
            out[start] &= !(1 << first);
            steps.clear();
            steps.push((start, first));
            let (mut v, mut d) = (start, first);
            loop {
                let (dx, dy) = STEPS[d as usize];
                let (x, y) = ((v % vw) as i64 + dx, (v / vw) as i64 + dy);
                v = y as usize * vw + x as usize;
                let mut free = out[v];
                if v == start {
                    free |= 1 << first;
                }
                // Right, straight on, left: never back.
                let Some(next) = [(d + 1) % 4, d, (d + 3) % 4]
                    .into_iter()
                    .find(|&c| free & (1 << c) != 0)
                else {
                    break; // cannot happen: every vertex has as many ins as outs
                };
                if v == start && next == first {
                    break;
                }
                out[v] &= !(1 << next);
                steps.push((v, next));
                d = next;
            }
            loops.push(corners(&steps, vw));
        }
    }
    loops
}

/// The points of a traced loop where the direction changes, closed.
fn corners(steps: &[(usize, u8)], vw: usize) -> Polyline {
    let mut pts: Polyline = Vec::new();
    for (i, &(v, d)) in steps.iter().enumerate() {
        let before = steps[(i + steps.len() - 1) % steps.len()].1;
        if before != d {
            pts.push(((v % vw) as u32, (v / vw) as u32));
        }
    }
    if let Some(&p) = pts.first() {
        pts.push(p);
    }
    pts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Segments of the loops, as pairs of points.
    fn segments(loops: &[Polyline]) -> Vec<((u32, u32), (u32, u32))> {
        loops
            .iter()
            .flat_map(|l| l.windows(2).map(|w| (w[0], w[1])))
            .collect()
    }

    /// Whether the point (px/2, py/2) (half-cell units) lies on a segment.
    fn on_wall(loops: &[Polyline], px: u32, py: u32) -> bool {
        segments(loops).iter().any(|&((ax, ay), (bx, by))| {
            let (ax, ay, bx, by) = (2 * ax, 2 * ay, 2 * bx, 2 * by);
            (ax == bx && ax == px && ay.min(by) <= py && py <= ay.max(by))
                || (ay == by && ay == py && ax.min(bx) <= px && px <= ax.max(bx))
        })
    }

    fn map<'a>(rows: &'a [&'a str]) -> impl Fn(usize, usize) -> bool + 'a {
        move |x, y| matches!(rows[y].as_bytes()[x], b'.' | b'/' | b'c')
    }

    #[test]
    fn a_single_room_is_one_closed_loop() {
        let rows = ["wwwwwwww", "w......w", "w......w", "w......w", "wwwwwwww"];
        let loops = trace(8, 5, map(&rows));
        assert_eq!(loops, vec![vec![(1, 1), (7, 1), (7, 4), (1, 4), (1, 1)]]);
    }

    #[test]
    fn a_door_leaves_a_gap_the_portal_covers() {
        let rows = [
            "       ", //
            " wwwww ", //
            " w...w ", //
            " w...w ", //
            " ww/ww ", //
            "   c   ", //
            "   c   ", //
        ];
        let loops = trace(7, 7, map(&rows));
        assert_eq!(loops.len(), 1, "room, door and corridor are one region");
        let l = &loops[0];
        assert_eq!(l.first(), l.last(), "closed");
        assert!(l.iter().all(|&(x, y)| x <= 7 && y <= 7));
        // The portal across the door cell (3, 4) runs from (3, 4.5) to
        // (4, 4.5): both ends touch a wall, its middle does not.
        assert!(on_wall(&loops, 6, 9) && on_wall(&loops, 8, 9));
        assert!(!on_wall(&loops, 7, 9));
        // No wall crosses the opening on the room's side or the corridor's.
        assert!(!on_wall(&loops, 7, 8) && !on_wall(&loops, 7, 10));
        // Without the door the room is a loop of its own, the corridor another.
        let closed = [
            "       ", " wwwww ", " w...w ", " w...w ", " wwwww ", "   c   ", "   c   ",
        ];
        assert_eq!(trace(7, 7, map(&closed)).len(), 2);
    }

    #[test]
    fn corner_contacts_and_holes_make_separate_loops() {
        // Two cells touching at a corner: two square loops, no figure eight.
        let loops = trace(3, 3, |x, y| (x, y) == (0, 0) || (x, y) == (1, 1));
        assert_eq!(loops.len(), 2);
        assert!(loops.iter().all(|l| l.len() == 5));
        // A ring round a pillar: the outside and the hole.
        let ring = ["...", ". .", "..."];
        let loops = trace(3, 3, map(&ring));
        assert_eq!(loops.len(), 2);
        assert!(
            loops
                .iter()
                .any(|l| l.contains(&(1, 1)) && l.contains(&(2, 2)))
        );
        // Straight walls are merged: a 10 × 1 strip has four corners.
        assert_eq!(trace(10, 1, |_, _| true)[0].len(), 5);
    }
}
