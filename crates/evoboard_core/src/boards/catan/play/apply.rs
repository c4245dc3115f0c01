//! Applying a resolved action to a [`State`]: building, production with
//! the bank's shortage rule, the robber, development cards, bank trades,
//! longest road (with cut roads) and largest army, turns and the win.

use super::state::{
    Action, CITY, CITY_COST, DEV_COST, Phase, ROAD_COST, SETTLEMENT_COST, State, WIN_POINTS, dev,
};
use super::topology::{NONE, Topology};

impl State {
    /// Apply `a`, a legal action ([`State::legal`]) already resolved
    /// ([`State::resolve`]), for the seat whose decision it is. Applying
    /// is deterministic: the same actions from the same state give the
    /// same game.
    pub fn apply(&mut self, t: &Topology, a: Action) {
        self.apply_for(t, self.actor(), a);
    }

    /// [`State::apply`] for `p`, the [`State::actor`] (found once per
    /// action by the game loop).
    pub(super) fn apply_for(&mut self, t: &Topology, p: u8, a: Action) {
        // Whether the action can add to `p`'s points.
        let mut scores = false;
        match (self.phase, a) {
            (Phase::SetupSettlement, Action::Settlement(c)) => {
                self.place_settlement(t, p, c);
                self.opening_pips[p as usize] += t.corner_pips[c as usize];
                if self.setup_step >= self.seats {
                    for &h in t.corner_hexes[c as usize].iter().filter(|&&h| h != NONE) {
                        let r = t.hex_resource[h as usize];
                        if r < 5 {
                            self.take(p, r);
                        }
                    }
                }
                self.phase = Phase::SetupRoad(c);
            }
            (Phase::SetupRoad(_), Action::Road(e)) => {
                self.place_road(t, p, e);
                self.setup_step += 1;
                self.phase = if self.setup_step == 2 * self.seats {
                    Phase::PreRoll
                } else {
                    Phase::SetupSettlement
                };
            }
            (_, Action::Dice(n)) => {
                self.rolled = true;
                if n == 7 {
                    let mut any = false;
                    for q in 0..self.seats {
                        let h = self.hand_size(q);
                        self.discard_left[q as usize] = if h > 7 { h / 2 } else { 0 };
                        any |= h > 7;
                    }
                    self.phase = if any { Phase::Discard } else { Phase::Robber };
                } else {
                    self.produce(t, n);
                    self.phase = Phase::Main;
                }
            }
            (_, Action::Knight) => {
                scores = true;
                self.dev[p as usize][dev::KNIGHT] -= 1;
                self.knights[p as usize] += 1;
                self.played_dev = true;
                let k = self.knights[p as usize];
                if k >= 3
                    && (self.largest_army == NONE || k > self.knights[self.largest_army as usize])
                {
                    self.largest_army = p;
                }
                self.phase = Phase::Robber;
            }
            (Phase::Discard, Action::Discard(r)) => {
                self.hands[p as usize][r as usize] -= 1;
                self.bank[r as usize] += 1;
                self.discard_left[p as usize] -= 1;
                if self.discarding() == 0 {
                    self.phase = Phase::Robber;
                }
            }
            (Phase::Robber, Action::Robber { hex, victim, card }) => {
                self.robber = hex;
                if victim != NONE && card != NONE {
                    self.hands[victim as usize][card as usize] -= 1;
                    self.hands[p as usize][card as usize] += 1;
                }
                self.phase = self.after_card();
            }
            (Phase::FreeRoads(k), Action::Road(e)) => {
                scores = true;
                self.place_road(t, p, e);
                self.phase = if k > 1 && self.roads_left[p as usize] > 0 {
                    Phase::FreeRoads(k - 1)
                } else {
                    self.after_card()
                };
            }
            (Phase::FreeRoads(_), Action::EndTurn) => self.phase = self.after_card(),
            (Phase::SpecialBuild(q), Action::EndTurn) => {
                let next = self.next_seat(q);
                if next == self.current {
                    self.next_turn();
                } else {
                    self.phase = Phase::SpecialBuild(next);
                }
            }
            (Phase::Main, Action::EndTurn) => {
                self.turns += 1;
                if t.special_building {
                    self.phase = Phase::SpecialBuild(self.next_seat(self.current));
                } else {
                    self.next_turn();
                }
            }
            (_, Action::Road(e)) => {
                scores = true;
                self.pay(p, &ROAD_COST);
                self.place_road(t, p, e);
            }
            (_, Action::Settlement(c)) => {
                scores = true;
                self.pay(p, &SETTLEMENT_COST);
                self.place_settlement(t, p, c);
            }
            (_, Action::City(c)) => {
                scores = true;
                self.pay(p, &CITY_COST);
                let i = p as usize;
                self.corners[c as usize] |= CITY;
                self.settlements_left[i] += 1;
                self.cities_left[i] -= 1;
                self.building_points[i] += 1;
                for r in 0..5 {
                    self.production[i][r] += t.corner_prod[c as usize][r];
                }
            }
            (_, Action::BuyDev) => {
                scores = true;
                self.pay(p, &DEV_COST);
                let card = self.deck[self.deck_pos as usize];
                self.deck_pos += 1;
                self.dev_new[p as usize][card as usize] += 1;
            }
            (_, Action::RoadBuilding) => {
                self.play_dev(p, dev::ROAD_BUILDING);
                self.phase = Phase::FreeRoads(2.min(self.roads_left[p as usize]));
            }
            (_, Action::YearOfPlenty(a, b)) => {
                self.play_dev(p, dev::YEAR_OF_PLENTY);
                self.take(p, a);
                self.take(p, b);
            }
            (_, Action::Monopoly(r)) => {
                self.play_dev(p, dev::MONOPOLY);
                let r = r as usize;
                for q in 0..self.seats as usize {
                    let k = std::mem::take(&mut self.hands[q][r]);
                    self.hands[p as usize][r] += k;
                }
            }
            (
                Phase::Main,
                Action::PlayerTrade {
                    with,
                    give,
                    give_n,
                    get,
                },
            ) => {
                let (i, q) = (p as usize, with as usize);
                self.hands[i][give as usize] -= give_n;
                self.hands[q][give as usize] += give_n;
                self.hands[q][get as usize] -= 1;
                self.hands[i][get as usize] += 1;
            }
            (_, Action::Trade { give, get }) => {
                let rate = self.rate(p, give);
                self.hands[p as usize][give as usize] -= rate;
                self.bank[give as usize] += rate;
                self.take(p, get);
            }
            (phase, a) => debug_assert!(false, "{a:?} is not legal in {phase:?}"),
        }
        if self.phase == Phase::Main {
            self.turn_actions = self.turn_actions.saturating_add(1);
        }
        // Points change only by building, a card bought or a knight (the
        // setup cannot reach 10; a new turn checks in `next_turn`).
        if scores && p == self.current && self.points(p) >= WIN_POINTS {
            self.winner = p;
            self.phase = Phase::Over;
        }
    }

    /// The phase after a development card's effect: back before the dice
    /// when it was played before them, else the main phase.
    #[inline]
    fn after_card(&self) -> Phase {
        if self.rolled {
            Phase::Main
        } else {
            Phase::PreRoll
        }
    }

    /// The seat after `q` round the table (no division: this runs every turn).
    #[inline]
    fn next_seat(&self, q: u8) -> u8 {
        if q + 1 == self.seats { 0 } else { q + 1 }
    }

    fn play_dev(&mut self, p: u8, kind: usize) {
        self.dev[p as usize][kind] -= 1;
        self.dev_played[p as usize] += 1;
        self.played_dev = true;
    }

    /// The next seat's turn: its new development cards become playable;
    /// it wins at once if its points (built in a special building phase)
    /// reach 10.
    fn next_turn(&mut self) {
        self.current = self.next_seat(self.current);
        let c = self.current as usize;
        for k in 0..5 {
            self.dev[c][k] += std::mem::take(&mut self.dev_new[c][k]);
        }
        self.rolled = false;
        self.played_dev = false;
        self.turn_actions = 0;
        self.phase = Phase::PreRoll;
        if self.points(self.current) >= WIN_POINTS {
            self.winner = self.current;
            self.phase = Phase::Over;
        }
    }

    /// Production for dice total `n`: every building on a hex with that
    /// number (not under the robber) takes 1 card, a city 2. When the bank
    /// cannot pay everyone a resource, nobody gets it, unless only one
    /// seat is owed it (that seat takes what is left).
    pub(super) fn produce(&mut self, t: &Topology, n: u8) {
        // Cards owed per resource, per seat; their total and the seats
        // owed, per resource.
        let mut owed = [[0u8; super::MAX_SEATS]; 5];
        let mut total = [0u8; 5];
        let mut seats = [0u8; 5];
        let mut touched = 0u8;
        let built = self.all_buildings();
        for &h in &t.dice_hexes[n as usize] {
            if h == NONE {
                break;
            }
            if h == self.robber {
                continue;
            }
            let r = t.hex_resource[h as usize] as usize;
            // Only the hex's corners with a building on them.
            let mut m = built & t.hex_corner_mask[h as usize];
            while m != 0 {
                let b = self.corners[m.trailing_zeros() as usize];
                m &= m - 1;
                let (q, k) = ((b & !CITY) as usize, 1 + (b >> 7));
                owed[r][q] += k;
                total[r] += k;
                seats[r] |= 1 << q;
                touched |= 1 << r;
            }
        }
        while touched != 0 {
            let r = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            if total[r] <= self.bank[r] || seats[r] & (seats[r] - 1) == 0 {
                let mut m = seats[r];
                while m != 0 {
                    let q = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let k = owed[r][q].min(self.bank[r]);
                    self.bank[r] -= k;
                    self.hands[q][r] += k;
                }
            }
        }
    }

    pub(super) fn place_road(&mut self, t: &Topology, p: u8, e: u8) {
        self.road_mask[p as usize] |= 1 << e;
        let roads = self.all_roads();
        for &c in &t.edge_corners[e as usize] {
            self.ends[p as usize] |= 1 << c;
            if t.corner_edge_mask[c as usize] & !roads == 0 {
                self.full |= 1 << c;
            }
        }
        self.roads_left[p as usize] -= 1;
        // Below five roads no road can earn longest road: not searched.
        let i = p as usize;
        if self.roads_left[i] == 15 - 5 {
            self.road_len[i] = self.longest_road_of(t, p);
            self.update_longest_road();
        } else if self.roads_left[i] < 15 - 5 {
            // Only a trail over the new road can be longer than before.
            let grown = self.longest_through(t, p, e, self.road_len[i]);
            if grown > self.road_len[i] {
                self.road_len[i] = grown;
                self.update_longest_road();
            }
        }
    }

    pub(super) fn place_settlement(&mut self, t: &Topology, p: u8, c: u8) {
        let i = p as usize;
        self.corners[c as usize] = p;
        self.building_mask[i] |= 1 << c;
        self.blocked |= 1 << c | t.corner_adj_mask[c as usize];
        self.settlements_left[i] -= 1;
        self.building_points[i] += 1;
        for r in 0..5 {
            self.production[i][r] += t.corner_prod[c as usize][r];
        }
        match t.corner_harbour[c as usize] {
            0 => {}
            h => self.harbours[i] |= 1 << (h - 1),
        }
        // A road of another seat through this corner is cut here.
        let mut cut = false;
        for q in (0..self.seats).filter(|&q| q != p) {
            let through = self.road_mask[q as usize] & t.corner_edge_mask[c as usize] != 0;
            if through && self.roads_left[q as usize] <= 15 - 5 {
                let before = self.road_len[q as usize];
                self.road_len[q as usize] = self.longest_road_of(t, q);
                cut |= before != self.road_len[q as usize];
            }
        }
        if cut {
            self.update_longest_road();
        }
    }
}
