//! What one seat sees of a round ([`SeatView`]): never the other hands.

use super::*;

/// What one seat sees of a round: its own hand, the table, the history of
/// plays and passes, the scores. Never the other hands.
#[derive(Clone, Copy, Debug)]
pub struct SeatView<'a> {
    pub(super) round: &'a Round,
    pub(super) seat: u8,
}

impl<'a> SeatView<'a> {
    /// The seat looking.
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// Its own hand.
    pub fn hand(&self) -> Hand {
        self.round.hands[self.seat as usize]
    }

    /// The table.
    pub fn table(&self) -> &'a Table {
        &self.round.table
    }

    /// Tiles laid by `seat` this round.
    pub fn played_by(&self, seat: u8) -> Hand {
        self.round.played[seat as usize]
    }

    /// Numbers `seat` is known to lack (7-bit mask).
    pub fn voids(&self, seat: u8) -> u8 {
        self.round.voids[seat as usize]
    }

    /// How many tiles `seat` holds (public: 7 minus what it laid).
    pub fn hand_len(&self, seat: u8) -> u32 {
        7 - self.round.played[seat as usize].len()
    }

    /// Tiles this seat cannot see: not on the table, not in its hand.
    pub fn unseen(&self) -> Hand {
        Hand(crate::domino::tiles::ALL_TILES & !self.round.table.tiles.0 & !self.hand().0)
    }

    /// Points of this round so far (team A, team B).
    pub fn round_points(&self) -> [u32; 2] {
        self.round.points
    }

    /// The match score before this round.
    pub fn match_score(&self) -> [u32; 2] {
        self.round.match_score
    }

    /// V1 (own hand) as byte lanes: byte n = tiles in hand showing n.
    #[inline(always)]
    pub(in crate::domino) fn hand_lanes(&self) -> u64 {
        self.round.hand_lanes[self.seat as usize]
    }

    /// Its own hand in the pairs form of [`super::tiles::PAIRS`].
    #[inline(always)]
    pub(in crate::domino) fn hand_pairs(&self) -> u64 {
        self.round.hand_pairs[self.seat as usize]
    }

    /// Tiles laid by `seat` this round as byte lanes (V3 for the partner).
    #[inline(always)]
    pub(in crate::domino) fn played_lanes(&self, seat: u8) -> u64 {
        self.round.played_lanes[seat as usize]
    }

    /// The seat that laid the last tile, and the passes since.
    pub fn last_play(&self) -> (u8, u8) {
        (self.round.last_placer, self.round.passes)
    }

    /// A full round with this view's public state and the given hands for
    /// the three others (a "determinization"; used by search agents). The
    /// own hand is kept; `others[seat]` is ignored.
    ///
    /// # Panics
    /// If a hand has the wrong size or holds a seen tile
    /// ([`SeatView::try_determinize`] returns an error instead).
    pub fn determinize(&self, others: [Hand; 4]) -> Round {
        self.try_determinize(others)
            .unwrap_or_else(|e| panic!("bad determinization: {e}"))
    }

    /// [`SeatView::determinize`], or an error if a hand has the wrong size
    /// or holds a seen tile.
    pub fn try_determinize(&self, others: [Hand; 4]) -> Result<Round, DominoError> {
        let mut r = self.round.clone();
        let seen = self.round.table.tiles.0 | self.hand().0;
        for s in 0..4u8 {
            if s == self.seat {
                continue;
            }
            let h = others[s as usize];
            if h.len() != self.hand_len(s) {
                return Err(DominoError::WrongHandSize {
                    seat: s,
                    expected: self.hand_len(s),
                    got: h.len(),
                });
            }
            if h.0 & seen != 0 {
                return Err(DominoError::SeenTileInHand { seat: s });
            }
            r.hands[s as usize] = h;
            r.hand_lanes[s as usize] = lanes_of(h.0);
            r.hand_pairs[s as usize] = pairs_of(h.0);
        }
        Ok(r)
    }
}
