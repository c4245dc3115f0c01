//! The seven state vectors a player sees (V0..V6), one entry per number.
//!
//! The evaluation agents read single entries straight from the bitmasks
//! (see [`super::agents::EvalAgent`]); [`StateVectors`] builds the whole
//! picture for display, tests and documentation.

use super::round::SeatView;
use super::tiles::NUMBER_MASK;

/// V0..V6 for one seat, each indexed by the number 0..=6.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StateVectors {
    /// V0: tiles on the table showing the number (a double counts once).
    pub on_table: [u8; 7],
    /// V1: tiles in own hand showing the number.
    pub in_hand: [u8; 7],
    /// V2: open ends showing the number.
    pub open_ends: [u8; 7],
    /// V3: tiles the partner has laid showing the number.
    pub partner_played: [u8; 7],
    /// V4: 1 where the next opponent is known to lack the number.
    pub next_void: [u8; 7],
    /// V5: 1 where the previous opponent is known to lack the number.
    pub prev_void: [u8; 7],
    /// V6: 1 where the partner is known to lack the number.
    pub partner_void: [u8; 7],
}

impl StateVectors {
    /// The vectors of the seat behind `view`.
    pub fn from_view(view: &SeatView<'_>) -> StateVectors {
        let s = view.seat();
        let (next, partner, prev) = ((s + 1) % 4, (s + 2) % 4, (s + 3) % 4);
        let mut v = StateVectors::default();
        let table = view.table();
        for n in 0..7u8 {
            let m = NUMBER_MASK[n as usize];
            let i = n as usize;
            v.on_table[i] = (table.tiles.0 & m).count_ones() as u8;
            v.in_hand[i] = (view.hand().0 & m).count_ones() as u8;
            v.open_ends[i] = table.ends_showing(n) as u8;
            v.partner_played[i] = (view.played_by(partner).0 & m).count_ones() as u8;
            v.next_void[i] = (view.voids(next) >> n) & 1;
            v.prev_void[i] = (view.voids(prev) >> n) & 1;
            v.partner_void[i] = (view.voids(partner) >> n) & 1;
        }
        v
    }

    /// The seven vectors as rows V0..V6.
    pub fn rows(&self) -> [[u8; 7]; 7] {
        [
            self.on_table,
            self.in_hand,
            self.open_ends,
            self.partner_played,
            self.next_void,
            self.prev_void,
            self.partner_void,
        ]
    }
}
