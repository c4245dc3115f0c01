//! The robber's moves: every hex but the robber's, with each seat there
//! (other than the mover) holding a card as a victim, or nobody. Listed
//! for the bots that read a list ([`State::legal`]) or drawn one of them
//! uniformly without a list ([`State::random_robber`]); both in the same
//! order: hexes in index order, the victims of a hex in the order its
//! corners meet them.

use super::state::{Action, CITY, MAX_SEATS, State};
use super::topology::{NONE, Topology};
use crate::rng::Rng;

/// Who may be robbed and where: the seats (a bit each) other than the
/// mover holding a card, and the hexes (a bit each) each seat's buildings
/// touch.
struct Targets {
    holding: u8,
    hexes: [u32; MAX_SEATS],
}

impl Targets {
    /// The victims on hex `h`, a bit per seat.
    #[inline]
    fn at(&self, h: u8) -> u8 {
        let mut v = 0u8;
        let mut m = self.holding;
        while m != 0 {
            let q = m.trailing_zeros();
            m &= m - 1;
            if self.hexes[q as usize] & (1 << h) != 0 {
                v |= 1 << q;
            }
        }
        v
    }
}

impl State {
    fn robber_targets(&self, t: &Topology, p: u8) -> Targets {
        let mut tg = Targets {
            holding: 0,
            hexes: [0; MAX_SEATS],
        };
        for q in 0..self.seats {
            if q != p && self.hands[q as usize] != [0; 5] {
                tg.holding |= 1 << q;
                let mut m = self.building_mask[q as usize];
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    tg.hexes[q as usize] |= t.corner_hex_mask[c];
                }
            }
        }
        tg
    }

    /// The `k`-th victim (from 0) of hex `h` whose victims are `v` (not
    /// empty), in the order the hex's corners meet them.
    fn nth_victim(&self, t: &Topology, h: u8, v: u8, k: u32) -> u8 {
        if v.count_ones() == 1 {
            return v.trailing_zeros() as u8;
        }
        let mut seen = 0u8;
        for &c in &t.hex_corners[h as usize] {
            let b = self.corners[c as usize];
            if b == NONE {
                continue;
            }
            let q = b & !CITY;
            if v & !seen & (1 << q) != 0 {
                if seen.count_ones() == k {
                    return q;
                }
                seen |= 1 << q;
            }
        }
        NONE
    }

    /// List the robber's moves for `p` into `out` (see the module docs).
    pub(super) fn robber_moves(&self, t: &Topology, p: u8, out: &mut Vec<Action>) {
        let tg = self.robber_targets(t, p);
        for h in (0..t.hexes).filter(|&h| h != self.robber) {
            let v = tg.at(h);
            if v == 0 {
                out.push(robber(h, NONE));
            }
            for k in 0..v.count_ones() {
                out.push(robber(h, self.nth_victim(t, h, v, k)));
            }
        }
    }

    /// One of the robber's moves for `p`, each equally likely: the move a
    /// uniform draw from [`Self::robber_moves`]' list picks, with the same
    /// draw, without the list.
    pub(super) fn random_robber(&self, t: &Topology, p: u8, rng: &mut Rng) -> Action {
        let tg = self.robber_targets(t, p);
        let open = (u32::MAX >> (32 - t.hexes as u32)) & !(1 << self.robber);
        // Victims per hex; each hex is one move per victim, or one move
        // when it has none.
        let mut victims = [0u8; super::topology::MAX_HEXES];
        let mut moves = t.hexes as u32 - 1;
        let mut holding = tg.holding;
        while holding != 0 {
            let q = holding.trailing_zeros() as usize;
            holding &= holding - 1;
            let mut m = tg.hexes[q] & open;
            while m != 0 {
                let h = m.trailing_zeros() as usize;
                m &= m - 1;
                moves += u32::from(victims[h] > 0);
                victims[h] += 1;
            }
        }
        let mut k = super::random_bot::one_of(rng, moves);
        let mut m = open;
        while m != 0 {
            let h = m.trailing_zeros() as u8;
            m &= m - 1;
            let n = u32::from(victims[h as usize].max(1));
            if k < n {
                let v = tg.at(h);
                return robber(
                    h,
                    if v == 0 {
                        NONE
                    } else {
                        self.nth_victim(t, h, v, k)
                    },
                );
            }
            k -= n;
        }
        unreachable!("a draw below the number of robber moves")
    }
}

/// A robber move, not yet resolved.
fn robber(hex: u8, victim: u8) -> Action {
    Action::Robber {
        hex,
        victim,
        card: NONE,
    }
}
