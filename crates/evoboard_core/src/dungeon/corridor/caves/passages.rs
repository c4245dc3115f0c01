//! The corridors between caves as natural passages: doors become mouths,
//! the free rock along a corridor is widened by the 4-5 rule, dead ends
//! and closed pockets are undone (see the notes of [`super`]).

use super::*;

impl CorridorBuilder {
    /// Doors to mouths, corridors to irregular passages (see the module
    /// notes).
    pub(super) fn natural_passages(&mut self, layout: &mut DungeonLayout, rng: &mut Rng) {
        let (w, h, k) = (self.width, self.height, self.cw);
        let n = w * h;
        let mut mark = std::mem::take(&mut self.scratch.mark);
        let mut hole = std::mem::take(&mut self.scratch.hole);
        let mut now = std::mem::take(&mut self.scratch.hole2);
        mark.clear();
        mark.resize(n, 0);
        {
            let grid = layout.grid.cells_mut();
            for c in grid.iter_mut() {
                if c.is_door() {
                    *c = DungeonTile::Corridor;
                }
            }
        }
        holes(layout, &mut hole);
        for r in &layout.rooms {
            for y in r.top() - 1..=r.bottom() {
                for x in r.left() - 1..=r.right() {
                    mark[y * w + x] = NEAR;
                }
            }
        }
        // Dead ends asked for stay one passage wide to their end.
        for cor in &layout.corridors {
            if cor.kind != CorridorKind::DeadEnd {
                continue;
            }
            let cells = &layout.corridor_cells[cor.start as usize..(cor.start + cor.len) as usize];
            for &a in cells {
                let (ax, ay) = (a as usize % w, a as usize / w);
                for y in ay.saturating_sub(1)..(ay + k + 1).min(h) {
                    for x in ax.saturating_sub(1)..(ax + k + 1).min(w) {
                        if mark[y * w + x] == 0 {
                            mark[y * w + x] = NEAR_END;
                        }
                    }
                }
            }
        }
        let grid = layout.grid.cells_mut();
        for i in 0..n {
            if grid[i].is_corridor() && mark[i] == 0 {
                mark[i] = DUG;
            }
        }
        // The band the widening may dig: free rock within BAND cells of a
        // dug corridor; half of it starts dug, then rounds of the 4-5 rule
        // (as the caves grow) make it lumpy rather than speckled.
        let band = BAND + k - 1;
        for i in 0..n {
            if mark[i] != DUG {
                continue;
            }
            let (cx, cy) = (i % w, i / w);
            for y in cy.saturating_sub(band)..(cy + band + 1).min(h) {
                for x in cx.saturating_sub(band)..(cx + band + 1).min(w) {
                    let c = y * w + x;
                    if mark[c] == 0 && grid[c] == DungeonTile::Rock && self.interior[c] {
                        mark[c] = IN_BAND;
                    }
                }
            }
        }
        for i in 0..n {
            if mark[i] == IN_BAND && rng.random_bool(BAND_FILL) {
                mark[i] = WIDE;
            }
        }
        let mut next = std::mem::take(&mut self.scratch.cave2);
        for _ in 0..BAND_STEPS {
            next.clear();
            next.extend_from_slice(&mark);
            for i in 0..n {
                if !matches!(mark[i], IN_BAND | WIDE) {
                    continue;
                }
                let (cx, cy) = (i % w, i / w);
                let mut count = 0;
                for y in cy - 1..=cy + 1 {
                    for x in cx - 1..=cx + 1 {
                        count += usize::from(matches!(mark[y * w + x], DUG | WIDE));
                    }
                }
                next[i] = if count >= 5 { WIDE } else { IN_BAND };
            }
            std::mem::swap(&mut mark, &mut next);
        }
        self.scratch.cave2 = next;
        // Keep the lumps that touch a corridor (4-connected).
        let mut stack = std::mem::take(&mut self.scratch.cells);
        stack.clear();
        for i in 0..n {
            if mark[i] == DUG {
                stack.push(i as u32);
            }
        }
        while let Some(c) = stack.pop() {
            let c = c as usize;
            for nb in [c - 1, c + 1, c - w, c + w] {
                if mark[nb] == WIDE {
                    mark[nb] = KEPT;
                    stack.push(nb as u32);
                }
            }
        }
        self.scratch.cells = stack;
        for i in 0..n {
            match mark[i] {
                KEPT => {
                    grid[i] = DungeonTile::Corridor;
                    mark[i] = WIDE;
                }
                IN_BAND | WIDE => mark[i] = 0,
                _ => {}
            }
        }
        let dirs = [-(w as isize), 1, w as isize, -1];
        // Undo what closes a large loop, dig out small pockets, fill dug
        // cells that lead nowhere; until nothing changes.
        let mut fresh = std::mem::take(&mut self.scratch.cells);
        for round in 0.. {
            fill_dead_blocks(layout.grid.cells_mut(), &mut mark, w, k);
            holes(layout, &mut now);
            let grid = layout.grid.cells_mut();
            let mut changed = false;
            for i in 0..n {
                if !now[i] || hole[i] {
                    continue;
                }
                // A new pocket: its cells, then dig it out or undo.
                fresh.clear();
                fresh.push(i as u32);
                now[i] = false;
                let mut head = 0;
                let mut rock_only = true;
                while head < fresh.len() {
                    let c = fresh[head] as usize;
                    head += 1;
                    rock_only &= grid[c] == DungeonTile::Rock && mark[c] != NEAR;
                    for d in dirs {
                        let nb = c.wrapping_add_signed(d);
                        if nb < n && now[nb] && !hole[nb] {
                            now[nb] = false;
                            fresh.push(nb as u32);
                        }
                    }
                }
                changed = true;
                if rock_only && fresh.len() <= POCKET && round < 8 {
                    for &c in &fresh {
                        grid[c as usize] = DungeonTile::Corridor;
                        mark[c as usize] = WIDE;
                    }
                } else {
                    // Undo the widening around it (all of it, late on).
                    for &c in &fresh {
                        let (cx, cy) = (c as usize % w, c as usize / w);
                        for y in cy.saturating_sub(1)..(cy + 2).min(h) {
                            for x in cx.saturating_sub(1)..(cx + 2).min(w) {
                                if mark[y * w + x] == WIDE {
                                    grid[y * w + x] = DungeonTile::Rock;
                                    mark[y * w + x] = 0;
                                }
                            }
                        }
                    }
                    if round >= 12 {
                        for i in 0..n {
                            if mark[i] == WIDE {
                                grid[i] = DungeonTile::Rock;
                                mark[i] = 0;
                            }
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        // Record the widening as passage cells.
        for i in 0..n {
            if mark[i] == WIDE {
                layout.corridor_cells.push(i as u32);
            }
        }
        self.scratch.cells = fresh;
        self.scratch.mark = mark;
        self.scratch.hole = hole;
        self.scratch.hole2 = now;
    }
}

/// Fill dug cells (marked [`WIDE`]) that end a passage, again and again:
/// every `k × k` block of passage holding one, with walkable cells on one
/// of its four sides or none (at `k = 1`: a dug cell with one way or
/// none), so the widening makes no dead end.
fn fill_dead_blocks(grid: &mut [DungeonTile], mark: &mut [u8], w: usize, k: usize) {
    let n = grid.len();
    let h = n / w;
    loop {
        let mut changed = false;
        for y in 1..h.saturating_sub(k) {
            for x in 1..w.saturating_sub(k) {
                let a = y * w + x;
                let block =
                    |f: &dyn Fn(usize) -> bool| (0..k).all(|j| (0..k).all(|i| f(a + j * w + i)));
                if !block(&|c| grid[c].is_walkable() && !matches!(grid[c], DungeonTile::Floor))
                    || block(&|c| mark[c] != WIDE)
                {
                    continue;
                }
                let side = |s0: usize, st: usize| (0..k).any(|i| grid[s0 + i * st].is_walkable());
                let ways = usize::from(side(a - w, 1))
                    + usize::from(side(a + k * w, 1))
                    + usize::from(side(a - 1, w))
                    + usize::from(side(a + k, w));
                if ways <= 1 {
                    for j in 0..k {
                        for i in 0..k {
                            let c = a + j * w + i;
                            if mark[c] == WIDE {
                                grid[c] = DungeonTile::Rock;
                                mark[c] = 0;
                            }
                        }
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// `hole[i]`: whether cell `i` is a non-walkable cell the dungeon closes
/// in (not reached from the map's border over non-walkable cells; room
/// rectangles count as walkable, as for the loops figure).
fn holes(layout: &DungeonLayout, hole: &mut Vec<bool>) {
    let (w, h) = (layout.grid.width(), layout.grid.height());
    let grid = layout.grid.cells();
    let n = w * h;
    hole.clear();
    hole.extend(grid.iter().map(|c| !c.is_walkable()));
    for r in &layout.rooms {
        for y in r.top()..r.bottom() {
            for x in r.left()..r.right() {
                hole[y * w + x] = false;
            }
        }
    }
    // Flood the open rock from the border: what stays true is closed in.
    let mut stack: Vec<usize> = Vec::new();
    for i in 0..n {
        let (x, y) = (i % w, i / w);
        if (x == 0 || y == 0 || x + 1 == w || y + 1 == h) && hole[i] {
            hole[i] = false;
            stack.push(i);
        }
    }
    while let Some(c) = stack.pop() {
        let (x, y) = (c % w, c / w);
        let nbs = [
            (x > 0).then(|| c - 1),
            (x + 1 < w).then_some(c + 1),
            (y > 0).then(|| c - w),
            (y + 1 < h).then_some(c + w),
        ];
        for nb in nbs.into_iter().flatten() {
            if hole[nb] {
                hole[nb] = false;
                stack.push(nb);
            }
        }
    }
}
