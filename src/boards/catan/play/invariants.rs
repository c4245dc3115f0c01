//! The invariants of a game state, checked in debug builds every turn:
//! every resource card is in the bank or a hand, the development deck is
//! whole, and victory points match the board.

use super::state::{CITY, MAX_SEATS, State};
use super::topology::NONE;
use super::topology::Topology;

impl State {
    /// Check the invariants (debug builds, every turn): each resource's
    /// bank and hands hold all its cards; deck, hands and played cards are
    /// the whole development deck; building points match the board.
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
        for p in 0..self.seats {
            if self.roads_left[p as usize] <= 10 {
                assert_eq!(self.road_len[p as usize], self.longest_road_of(t, p));
            }
            let roads = (0..t.edges).filter(|&e| self.edges[e as usize] == p);
            assert_eq!(
                roads.fold(0u128, |m, e| m | 1 << e),
                self.road_mask[p as usize],
                "roads of seat {p}"
            );
        }
    }
}
