//! The legal actions of the seat whose decision it is, written into a
//! buffer the caller reuses (no allocation once it has grown).

use super::state::{
    Action, CITY_COST, DEV_COST, Phase, ROAD_COST, SETTLEMENT_COST, State, bits, dev,
};
use super::topology::Topology;

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
                out.extend(bits(t.all_corners & !self.blocked).map(Action::Settlement));
            }
            Phase::SetupRoad(c) => {
                let free = t.corner_edge_mask[c as usize] & !self.all_roads();
                out.extend(bits(free).map(Action::Road));
            }
            // The rulebook's turn: any development card held since an
            // earlier turn may be played before the dice (one a turn).
            Phase::PreRoll => {
                out.push(Action::Roll);
                self.dev_plays(t, p, out);
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
    pub fn free_spot(&self, _t: &Topology, c: u8) -> bool {
        self.blocked & (1 << c) == 0
    }

    /// Whether seat `p` may build a road on the empty edge `e`: an end is
    /// its building, or an end free of other seats' buildings meets one of
    /// its roads.
    #[inline]
    pub fn road_connects(&self, t: &Topology, p: u8, e: u8) -> bool {
        let others = self.others_buildings(p);
        t.edge_corners[e as usize].iter().any(|&c| {
            let bit = 1u128 << c;
            if self.building_mask[p as usize] & bit != 0 {
                return true;
            }
            others & bit == 0
                && t.corner_edge_mask[c as usize] & !(1u128 << e) & self.road_mask[p as usize] != 0
        })
    }

    /// Whether `p` may build a settlement on `c` after the setup.
    #[inline]
    pub fn settlement_ok(&self, t: &Topology, p: u8, c: u8) -> bool {
        self.free_spot(t, c) && self.ends[p as usize] & (1 << c) != 0
    }

    fn can_play(&self, p: u8, kind: usize) -> bool {
        !self.played_dev && self.dev[p as usize][kind] > 0
    }

    /// The corners from which `p` may extend its roads: its buildings and
    /// the ends of its roads not under another seat's building.
    #[inline]
    fn road_reach(&self, p: u8) -> u128 {
        let own = self.building_mask[p as usize];
        (self.ends[p as usize] & !self.others_buildings(p)) | own
    }

    /// The empty edges next to `p`'s roads and buildings, as a bit set:
    /// where `p` may build a road.
    pub(super) fn road_candidates(&self, t: &Topology, p: u8) -> u128 {
        let mut next = 0u128;
        for c in bits(self.road_reach(p)) {
            next |= t.corner_edge_mask[c as usize];
        }
        next & !self.all_roads()
    }

    /// Whether [`Self::road_candidates`] is not empty: a corner `p` may
    /// extend its roads from has an edge without a road.
    #[inline]
    pub(super) fn any_road_spot(&self, p: u8) -> bool {
        self.road_reach(p) & !self.full != 0
    }

    /// Where `p` may build a settlement now: free spots at its roads' ends.
    #[inline]
    pub(super) fn settlement_spots(&self, p: u8) -> u128 {
        self.ends[p as usize] & !self.blocked
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
            out.extend(bits(self.settlement_spots(p)).map(Action::Settlement));
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
}
