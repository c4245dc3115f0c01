//! The invariants of a game state, checked in debug builds every turn:
//! every resource card is in the bank or a hand, the development deck is
//! whole, and victory points match the board.

use super::state::{CITY, MAX_SEATS, State};
use super::topology::NONE;
use super::topology::Topology;

impl State {
    /// Check the invariants (debug builds, every turn): each resource's
    /// bank and hands hold all its cards; deck, hands and played cards are
    /// the whole development deck; building points match the board; the
    /// bit sets (roads, their ends, buildings, the corners the distance
    /// rule closes, the corners roads fill) match the pieces.
    pub fn check(&self, t: &Topology) {
        for r in 0..5 {
            let held: u32 = (0..MAX_SEATS).map(|p| self.hands[p][r] as u32).sum();
            assert_eq!(
                held + self.bank[r] as u32,
                t.resource_cards as u32,
                "resource {r}"
            );
        }
        let cards: u32 = (0..MAX_SEATS)
            .map(|p| {
                let held: u8 = self.dev[p].iter().sum::<u8>() + self.dev_new[p].iter().sum::<u8>();
                (held + self.knights[p] + self.dev_played[p]) as u32
            })
            .sum();
        assert_eq!(
            cards + (self.deck_len - self.deck_pos) as u32,
            self.deck_len as u32,
            "development cards"
        );
        let mut points = [0u8; MAX_SEATS];
        for &c in &self.corners[..t.corners as usize] {
            if c != NONE {
                points[(c & !CITY) as usize] += if c & CITY != 0 { 2 } else { 1 };
            }
        }
        assert_eq!(points, self.building_points, "building points");
        let mut taken = 0u128;
        let mut blocked = 0u128;
        for c in 0..t.corners {
            if self.corners[c as usize] != NONE {
                blocked |= 1 << c | t.corner_adj_mask[c as usize];
            }
        }
        assert_eq!(blocked, self.blocked, "corners the distance rule closes");
        let roads = self.all_roads();
        let full = (0..t.corners)
            .filter(|&c| t.corner_edge_mask[c as usize] & !roads == 0)
            .fold(0u128, |m, c| m | 1 << c);
        assert_eq!(full, self.full, "corners with a road on every edge");
        for p in 0..self.seats {
            let i = p as usize;
            if self.roads_left[i] <= 10 {
                assert_eq!(self.road_len[i], self.longest_road_of(t, p));
            }
            let roads = self.road_mask[i];
            assert_eq!(roads & taken, 0, "roads of seat {p} on others' edges");
            taken |= roads;
            assert_eq!(
                roads.count_ones() + self.roads_left[i] as u32,
                15,
                "roads of seat {p}"
            );
            let ends = (0..t.edges)
                .filter(|&e| roads & (1 << e) != 0)
                .fold(0u128, |m, e| {
                    let [a, b] = t.edge_corners[e as usize];
                    m | 1 << a | 1 << b
                });
            assert_eq!(ends, self.ends[i], "road ends of seat {p}");
            let buildings = (0..t.corners)
                .filter(|&c| self.corners[c as usize] & !CITY == p)
                .fold(0u128, |m, c| m | 1 << c);
            assert_eq!(buildings, self.building_mask[i], "buildings of seat {p}");
            let settlements = (0..t.corners)
                .filter(|&c| self.corners[c as usize] == p)
                .count();
            assert_eq!(
                settlements + self.settlements_left[i] as usize,
                5,
                "settlements of seat {p}"
            );
        }
    }
}
