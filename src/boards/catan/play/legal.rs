//! The legal actions of the seat whose decision it is, written into a
//! buffer the caller reuses (no allocation once it has grown).

use super::state::{
    Action, CITY, CITY_COST, DEV_COST, Phase, ROAD_COST, SETTLEMENT_COST, State, bits, dev,
};
use super::topology::{NONE, Topology};

/// Most actions in one turn's main phase; after that the turn can only
/// end (a guard against a bot that trades back and forth forever).
pub const MAX_TURN_ACTIONS: u8 = 40;

impl State {
    /// Write the legal actions of [`State::actor`] into `out` (cleared
    /// first). Empty once the game is over.
    pub fn legal(&self, t: &Topology, out: &mut Vec<Action>) {
        out.clear();
        let p = self.actor();
        match self.phase {
            Phase::SetupSettlement => {
                for c in 0..t.corners {
                    if self.free_spot(t, c) {
                        out.push(Action::Settlement(c));
                    }
                }
            }
            Phase::SetupRoad(c) => {
                for &e in t.corner_edges[c as usize].iter().filter(|&&e| e != NONE) {
                    if self.edges[e as usize] == NONE {
                        out.push(Action::Road(e));
                    }
                }
            }
            Phase::PreRoll => {
                out.push(Action::Roll);
                if self.can_play(p, dev::KNIGHT) {
                    out.push(Action::Knight);
                }
            }
            Phase::Discard => {
                for r in 0..5u8 {
                    if self.hands[p as usize][r as usize] > 0 {
                        out.push(Action::Discard(r));
                    }
                }
            }
            Phase::Robber => self.robber_moves(t, p, out),
            Phase::Main => {
                if self.turn_actions < MAX_TURN_ACTIONS {
                    self.builds(t, p, out);
                    self.dev_plays(t, p, out);
                    self.trades(p, out);
                }
                out.push(Action::EndTurn);
            }
            Phase::FreeRoads(_) => {
                self.road_spots(t, p, out);
                if out.is_empty() {
                    out.push(Action::EndTurn);
                }
            }
            Phase::SpecialBuild(_) => {
                self.builds(t, p, out);
                out.push(Action::EndTurn);
            }
            Phase::Over => {}
        }
    }

    /// Whether corner `c` and its neighbours are empty (the distance rule).
    #[inline]
    pub fn free_spot(&self, t: &Topology, c: u8) -> bool {
        self.corners[c as usize] == NONE
            && t.corner_adj[c as usize]
                .iter()
                .all(|&a| a == NONE || self.corners[a as usize] == NONE)
    }

    /// Whether seat `p` may build a road on the empty edge `e`: an end is
    /// its building, or an end free of other seats' buildings meets one of
    /// its roads.
    #[inline]
    pub fn road_connects(&self, t: &Topology, p: u8, e: u8) -> bool {
        t.edge_corners[e as usize].iter().any(|&c| {
            let b = self.corners[c as usize];
            if b != NONE {
                return b & !CITY == p;
            }
            t.corner_edges[c as usize]
                .iter()
                .any(|&f| f != NONE && f != e && self.edges[f as usize] == p)
        })
    }

    /// Whether `p` may build a settlement on `c` after the setup.
    #[inline]
    pub fn settlement_ok(&self, t: &Topology, p: u8, c: u8) -> bool {
        self.free_spot(t, c)
            && t.corner_edges[c as usize]
                .iter()
                .any(|&e| e != NONE && self.edges[e as usize] == p)
    }

    fn can_play(&self, p: u8, kind: usize) -> bool {
        !self.played_dev && self.dev[p as usize][kind] > 0
    }

    /// The empty edges next to `p`'s roads and buildings, as a bit set:
    /// where `p` may build a road.
    pub(super) fn road_candidates(&self, t: &Topology, p: u8) -> u128 {
        let mut cand = 0u128;
        let mut ends = 0u128;
        for e in bits(self.road_mask[p as usize]) {
            for &c in &t.edge_corners[e as usize] {
                ends |= 1 << c;
            }
        }
        for c in bits(ends | self.building_mask[p as usize]) {
            let b = self.corners[c as usize];
            if b != NONE && b & !CITY != p {
                continue;
            }
            for &f in t.corner_edges[c as usize].iter().filter(|&&f| f != NONE) {
                if self.edges[f as usize] == NONE {
                    cand |= 1 << f;
                }
            }
        }
        cand
    }

    fn road_spots(&self, t: &Topology, p: u8, out: &mut Vec<Action>) {
        if self.roads_left[p as usize] == 0 {
            return;
        }
        out.extend(bits(self.road_candidates(t, p)).map(Action::Road));
    }

    /// Roads, settlements, cities and a development card `p` can pay for.
    fn builds(&self, t: &Topology, p: u8, out: &mut Vec<Action>) {
        let i = p as usize;
        if self.can_pay(p, &ROAD_COST) {
            self.road_spots(t, p, out);
        }
        if self.settlements_left[i] > 0 && self.can_pay(p, &SETTLEMENT_COST) {
            let mut ends = 0u128;
            for e in bits(self.road_mask[i]) {
                for &c in &t.edge_corners[e as usize] {
                    ends |= 1 << c;
                }
            }
            for c in bits(ends) {
                if self.free_spot(t, c) {
                    out.push(Action::Settlement(c));
                }
            }
        }
        if self.cities_left[i] > 0 && self.can_pay(p, &CITY_COST) {
            for c in bits(self.building_mask[i]) {
                if self.corners[c as usize] == p {
                    out.push(Action::City(c));
                }
            }
        }
        if self.deck_pos < self.deck_len && self.can_pay(p, &DEV_COST) {
            out.push(Action::BuyDev);
        }
    }

    fn dev_plays(&self, t: &Topology, p: u8, out: &mut Vec<Action>) {
        if self.played_dev {
            return;
        }
        if self.can_play(p, dev::KNIGHT) {
            out.push(Action::Knight);
        }
        if self.can_play(p, dev::ROAD_BUILDING)
            && self.roads_left[p as usize] > 0
            && self.road_candidates(t, p) != 0
        {
            out.push(Action::RoadBuilding);
        }
        if self.can_play(p, dev::YEAR_OF_PLENTY) {
            for a in 0..5u8 {
                for b in a..5u8 {
                    let need_a = 1 + u8::from(a == b);
                    if self.bank[a as usize] >= need_a && self.bank[b as usize] > 0 {
                        out.push(Action::YearOfPlenty(a, b));
                    }
                }
            }
        }
        if self.can_play(p, dev::MONOPOLY) {
            for r in 0..5u8 {
                out.push(Action::Monopoly(r));
            }
        }
    }

    fn trades(&self, p: u8, out: &mut Vec<Action>) {
        for give in 0..5u8 {
            if self.hands[p as usize][give as usize] < self.rate(p, give) {
                continue;
            }
            for get in 0..5u8 {
                if get != give && self.bank[get as usize] > 0 {
                    out.push(Action::Trade { give, get });
                }
            }
        }
    }

    /// Every hex but the robber's, with each seat there (other than `p`)
    /// holding a card as a victim, or nobody.
    fn robber_moves(&self, t: &Topology, p: u8, out: &mut Vec<Action>) {
        let mut holding = 0u8;
        for q in 0..self.seats {
            if q != p && self.hand_size(q) > 0 {
                holding |= 1 << q;
            }
        }
        for h in 0..t.hexes {
            if h == self.robber {
                continue;
            }
            let mut seen = 0u8;
            for &c in &t.hex_corners[h as usize] {
                let b = self.corners[c as usize];
                if b == NONE {
                    continue;
                }
                let q = b & !CITY;
                if holding & !seen & (1 << q) != 0 {
                    seen |= 1 << q;
                    out.push(Action::Robber {
                        hex: h,
                        victim: q,
                        card: NONE,
                    });
                }
            }
            if seen == 0 {
                out.push(Action::Robber {
                    hex: h,
                    victim: NONE,
                    card: NONE,
                });
            }
        }
    }
}
