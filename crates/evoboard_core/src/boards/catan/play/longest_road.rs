//! Longest road: the longest trail over a seat's roads that does not
//! pass another seat's building (roads cut by a settlement), kept per
//! seat and given to the longest (5 or more) with the holder keeping it
//! on a tie.

use super::state::{State, bits};
use super::topology::{NONE, Topology};

impl State {
    /// Give longest road (5 roads or more) to the longest; its holder
    /// keeps it on a tie; when it loses it to a tie of others nobody holds
    /// it.
    pub(super) fn update_longest_road(&mut self) {
        let lens = &self.road_len[..self.seats as usize];
        let max = lens.iter().copied().max().unwrap_or(0);
        let holder = self.longest_road;
        if holder != NONE && self.road_len[holder as usize] == max && max >= 5 {
            return;
        }
        let leaders = lens.iter().filter(|&&l| l == max).count();
        self.longest_road = if max >= 5 && leaders == 1 {
            lens.iter()
                .position(|&l| l == max)
                .map_or(NONE, |q| q as u8)
        } else {
            NONE
        };
    }

    /// The longest road of seat `p`: the longest trail over its roads that
    /// does not pass through another seat's building.
    ///
    /// A longest trail can always start at a corner where `p` has one or
    /// three roads or another seat's building, except on a ring of roads
    /// (every corner two roads, nothing in the way): the search starts
    /// there only, and rings are searched from each of their roads.
    pub fn longest_road_of(&self, t: &Topology, p: u8) -> u8 {
        self.longest_in(t, p, self.road_mask[p as usize])
    }

    /// The roads of `p` connected to edge `e` without passing another
    /// seat's building: the only roads a new road at `e` can lengthen.
    pub(super) fn component(&self, t: &Topology, p: u8, e: u8) -> u128 {
        let roads = self.road_mask[p as usize];
        let stop = self.others_buildings(p);
        let mut seen = 1u128 << e;
        let mut stack = 0u128;
        for &c in &t.edge_corners[e as usize] {
            stack |= 1 << c;
        }
        let mut done = 0u128;
        while stack != 0 {
            let c = stack.trailing_zeros() as usize;
            stack &= stack - 1;
            done |= 1 << c;
            if stop & (1 << c) != 0 {
                continue;
            }
            for f in bits(t.corner_edge_mask[c] & roads & !seen) {
                seen |= 1 << f;
                stack |= (1 << t.other_end(f, c as u8)) & !done;
            }
        }
        seen
    }

    /// The longest trail of `p` over its new road `e`, or any length not
    /// above `known` when none is longer than `known`: when one end of
    /// `e` leads no further (no other road of `p`, or another seat's
    /// building), every such trail ends there, so one search from the
    /// other end finds it; otherwise the search over `e`'s component,
    /// unless it has no more than `known` roads.
    pub(super) fn longest_through(&self, t: &Topology, p: u8, e: u8, known: u8) -> u8 {
        let roads = self.road_mask[p as usize];
        let stop = self.others_buildings(p);
        let [a, b] = t.edge_corners[e as usize];
        let dead =
            |c: u8| stop & (1 << c) != 0 || t.corner_edge_mask[c as usize] & roads & !(1 << e) == 0;
        if dead(b) {
            trail(t, roads, stop, a, 1 << e, 1)
        } else if dead(a) {
            trail(t, roads, stop, b, 1 << e, 1)
        } else {
            let roads = self.component(t, p, e);
            if roads.count_ones() <= u32::from(known) {
                return known;
            }
            self.longest_in(t, p, roads)
        }
    }

    /// The longest trail over the roads `roads` of `p` (a union of whole
    /// components, see [`Self::component`]).
    pub(super) fn longest_in(&self, t: &Topology, p: u8, roads: u128) -> u8 {
        let total = roads.count_ones() as u8;
        if total <= 1 {
            return total;
        }
        // Other seats' buildings: a trail stops there.
        let stop = self.others_buildings(p);
        let mut ends = 0u128;
        for e in bits(roads) {
            for &c in &t.edge_corners[e as usize] {
                ends |= 1 << c;
            }
        }
        let mut best = 0;
        let mut starts = 0u128;
        for c in bits(ends) {
            let own = t.corner_edge_mask[c as usize] & roads;
            // Exactly two roads of `p` here (no popcount: one bit cleared
            // leaves one).
            let rest = own & own.wrapping_sub(1);
            if rest != 0 && rest & (rest - 1) == 0 && stop & (1 << c) == 0 {
                continue;
            }
            starts |= 1 << c;
            for e in bits(own) {
                let next = t.other_end(e, c);
                best = best.max(trail(t, roads, stop, next, 1u128 << e, 1));
            }
            // A trail over every road cannot be beaten.
            if best == total {
                return best;
            }
        }
        // Roads not connected to any start form rings.
        let mut covered = 0u128;
        let mut stack = starts;
        while stack != 0 {
            let c = stack.trailing_zeros() as usize;
            stack &= stack - 1;
            for e in bits(t.corner_edge_mask[c] & roads & !covered) {
                covered |= 1 << e;
                stack |= 1 << t.other_end(e, c as u8);
            }
        }
        for e in bits(roads & !covered) {
            for &c in &t.edge_corners[e as usize] {
                best = best.max(trail(t, roads, stop, c, 1u128 << e, 1));
            }
        }
        best
    }

    /// The longest road by trying every start (what
    /// [`Self::longest_road_of`] must equal; for tests).
    #[cfg(test)]
    pub(super) fn longest_road_slow(&self, t: &Topology, p: u8) -> u8 {
        // Every trail, walked corner by corner on the arrays (not the bit
        // sets the fast search uses).
        fn walk(s: &State, t: &Topology, p: u8, at: u8, used: &mut Vec<u8>) -> u8 {
            let b = s.corners[at as usize];
            let len = used.len() as u8;
            if b != NONE && b & !super::state::CITY != p {
                return len;
            }
            let mut best = len;
            for &e in t.corner_edges[at as usize].iter().filter(|&&e| e != NONE) {
                if s.road_owner(e) == p && !used.contains(&e) {
                    used.push(e);
                    best = best.max(walk(s, t, p, t.other_end(e, at), used));
                    used.pop();
                }
            }
            best
        }
        let mut best = 0;
        for e in bits(self.road_mask[p as usize]) {
            for &c in &t.edge_corners[e as usize] {
                let mut used = vec![e];
                best = best.max(walk(self, t, p, t.other_end(e, c), &mut used));
            }
        }
        best
    }
}

/// The longest trail over `roads` from corner `at` on, the roads `used`
/// (a bit set) already walked, `len` of them; it stops at a corner of
/// `stop` (another seat's building).
fn trail(t: &Topology, roads: u128, stop: u128, at: u8, used: u128, len: u8) -> u8 {
    if stop & (1 << at) != 0 {
        return len;
    }
    let mut best = len;
    for e in bits(t.corner_edge_mask[at as usize] & roads & !used) {
        let next = t.other_end(e, at);
        best = best.max(trail(t, roads, stop, next, used | (1u128 << e), len + 1));
    }
    best
}
