//! The route through a dungeon: the main path (the rooms a shortest walk
//! from the entrance to the final room passes through) and, for every
//! other room, the main-path room its side branch leaves from.

use super::secrets::open_way;
use crate::dungeon::{DungeonTile, Grid, Room};

/// The main path and the side branches of a dungeon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// Rooms on the main path (indices), entrance first, final room last.
    pub main_path: Vec<usize>,
    /// The shortest walk's cells (column, row), from a floor cell of the
    /// entrance to a floor cell of the final room (empty when the final
    /// room cannot be reached).
    pub walk: Vec<(usize, usize)>,
    /// Per room: its position on the main path, or for a side room the
    /// position of the main-path room (or the corridor after it) its
    /// branch leaves from.
    pub depth: Vec<usize>,
    /// Per room: whether it is on the main path.
    pub on_main: Vec<bool>,
}

/// `owner[cell]`: the room whose floor holds the cell, `u8::MAX` if none.
pub(crate) fn owners(grid: &Grid, rooms: &[Room]) -> Vec<u8> {
    let (w, h) = (grid.width(), grid.height());
    let mut owner = vec![u8::MAX; w * h];
    for (k, r) in rooms.iter().enumerate() {
        for y in r.top()..r.bottom().min(h) {
            for x in r.left()..r.right().min(w) {
                owner[y * w + x] = k as u8;
            }
        }
    }
    owner
}

/// The four neighbours of cell `c` on a `w`-wide grid of `n` cells.
pub(crate) fn neighbours(c: usize, w: usize, n: usize) -> [Option<usize>; 4] {
    let x = c % w;
    [
        (x > 0).then(|| c - 1),
        (x + 1 < w).then_some(c + 1),
        (c >= w).then(|| c - w),
        (c + w < n).then_some(c + w),
    ]
}

impl Route {
    /// The route from `entrance` to `final_room` by the visible way:
    /// `grid`'s walkable cells without the secret doors (traps included;
    /// the secret doors are placed so that this way always exists).
    pub fn new(grid: &Grid, rooms: &[Room], entrance: usize, final_room: usize) -> Route {
        Route::new_over(grid, rooms, entrance, final_room, open_way)
    }

    /// The route over the cells `pass` lets through.
    pub(crate) fn new_over(
        grid: &Grid,
        rooms: &[Room],
        entrance: usize,
        final_room: usize,
        pass: impl Fn(DungeonTile) -> bool,
    ) -> Route {
        let (w, n) = (grid.width(), grid.width() * grid.height());
        let cells = grid.cells();
        let owner = owners(grid, rooms);
        let mut prev = vec![u32::MAX; n];
        let mut queue: Vec<usize> = Vec::with_capacity(n);
        for (c, &o) in owner.iter().enumerate() {
            if o as usize == entrance && pass(cells[c]) {
                prev[c] = c as u32;
                queue.push(c);
            }
        }
        let mut head = 0;
        let mut end = None;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            if owner[c] as usize == final_room {
                end = Some(c);
                break;
            }
            for j in neighbours(c, w, n).into_iter().flatten() {
                if prev[j] == u32::MAX && pass(cells[j]) {
                    prev[j] = c as u32;
                    queue.push(j);
                }
            }
        }
        let mut walk = Vec::new();
        if let Some(mut c) = end {
            loop {
                walk.push(c);
                let p = prev[c] as usize;
                if p == c {
                    break;
                }
                c = p;
            }
            walk.reverse();
        }
        // Rooms along the walk, and each walk cell's main-path position.
        let mut main_path = vec![entrance];
        let mut label = vec![u32::MAX; n];
        let mut sources = Vec::with_capacity(walk.len());
        for &c in &walk {
            let o = owner[c];
            if o != u8::MAX && o as usize != *main_path.last().unwrap_or(&entrance) {
                main_path.push(o as usize);
            }
            label[c] = (main_path.len() - 1) as u32;
            sources.push(c);
        }
        if main_path.last() != Some(&final_room) {
            main_path.push(final_room);
        }
        let mut on_main = vec![false; rooms.len()];
        let mut depth = vec![0; rooms.len()];
        for (i, &r) in main_path.iter().enumerate() {
            on_main[r] = true;
            depth[r] = i;
        }
        // Whole floors of main-path rooms are sources too.
        for (c, &o) in owner.iter().enumerate() {
            if o != u8::MAX && on_main[o as usize] && label[c] == u32::MAX {
                label[c] = depth[o as usize] as u32;
                sources.push(c);
            }
        }
        // Nearest main-path source decides a side room's depth.
        let mut seen = vec![false; rooms.len()];
        queue.clear();
        queue.extend(sources);
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            let o = owner[c];
            if o != u8::MAX && !on_main[o as usize] && !seen[o as usize] {
                seen[o as usize] = true;
                depth[o as usize] = label[c] as usize;
            }
            for j in neighbours(c, w, n).into_iter().flatten() {
                if label[j] == u32::MAX && cells[j].is_walkable() {
                    label[j] = label[c];
                    queue.push(j);
                }
            }
        }
        let walk = walk.into_iter().map(|c| (c % w, c / w)).collect();
        Route {
            main_path,
            walk,
            depth,
            on_main,
        }
    }

    /// Side rooms (off the main path), in room order.
    pub fn side_rooms(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.on_main.len()).filter(|&r| !self.on_main[r])
    }
}
