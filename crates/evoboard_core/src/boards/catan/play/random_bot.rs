//! The weighted-random bot without listing the legal actions (issue 28):
//! in the main phase and a special building phase it draws the *kind* of
//! action by weight among the kinds it may take (a city 10,000, a
//! settlement 1,000, a development card 100, every other kind 1), then
//! one legal instance of that kind uniformly. Other phases (setup,
//! rolling, discards, the robber, free roads) have actions of one weight:
//! rolling draws between rolling and a knight; a discard one of the
//! resources held, the robber one of its moves, a setup or free road one
//! of its spots, each drawn directly (the same draw as from the list
//! [`State::legal`] makes). Nothing is listed or allocated per action;
//! the same seed gives the same game.

use super::legal::MAX_TURN_ACTIONS;
use super::state::{
    ANY, Action, CITY_COST, DEV_COST, Phase, ROAD_COST, SETTLEMENT_COST, State, at_least, below,
    bits, dev,
};
use super::topology::Topology;
use crate::rng::Rng;

/// The kinds of main-phase action, in a fixed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    City,
    Settlement,
    BuyDev,
    Road,
    Knight,
    RoadBuilding,
    YearOfPlenty,
    Monopoly,
    Trade,
    EndTurn,
}

/// The resources a cost of at most one card each names, a bit each.
const fn needs(cost: &[u8; 5]) -> u8 {
    let mut m = 0;
    let mut r = 0;
    while r < 5 {
        assert!(cost[r] <= 1, "one card of each at most");
        if cost[r] > 0 {
            m |= 1 << r;
        }
        r += 1;
    }
    m
}
const SETTLEMENT_NEEDS: u8 = needs(&SETTLEMENT_COST);
const DEV_NEEDS: u8 = needs(&DEV_COST);
const ROAD_NEEDS: u8 = needs(&ROAD_COST);

/// The kinds by their index (`Kind as usize`).
const KINDS: [Kind; 10] = [
    Kind::City,
    Kind::Settlement,
    Kind::BuyDev,
    Kind::Road,
    Kind::Knight,
    Kind::RoadBuilding,
    Kind::YearOfPlenty,
    Kind::Monopoly,
    Kind::Trade,
    Kind::EndTurn,
];

impl Kind {
    fn weight(self) -> u32 {
        match self {
            Kind::City => 10_000,
            Kind::Settlement => 1_000,
            Kind::BuyDev => 100,
            _ => 1,
        }
    }
}

/// Bit `b` of `m` counted from the lowest: the `k`-th set bit.
fn nth_bit(mut m: u128, k: u32) -> u8 {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as u8
}

/// The set bits of a 5-bit set (the resources), by table.
#[inline]
fn ones5(m: u8) -> u32 {
    const ONES: [u8; 32] = {
        let mut t = [0u8; 32];
        let mut i = 0;
        while i < 32 {
            t[i] = (i as u32).count_ones() as u8;
            i += 1;
        }
        t
    };
    ONES[m as usize & 31] as u32
}

/// One of the set bits of `m` (not empty) at random, each equally likely.
fn pick(m: u128, rng: &mut Rng) -> u8 {
    nth_bit(m, one_of(rng, m.count_ones()))
}

/// One of `n` (not zero) at random; no draw when `n` is 1.
pub(super) fn one_of(rng: &mut Rng, n: u32) -> u32 {
    if n <= 1 { 0 } else { below(rng, n) }
}

impl State {
    /// The weighted-random bot's action for [`State::actor`]; the game
    /// must not be over (there is no action then: this panics).
    pub fn random_action(&self, t: &Topology, rng: &mut Rng) -> Action {
        self.random_action_for(t, self.actor(), rng)
    }

    /// [`State::random_action`] for `p`, the [`State::actor`].
    pub(super) fn random_action_for(&self, t: &Topology, p: u8, rng: &mut Rng) -> Action {
        match self.phase {
            Phase::Main | Phase::SpecialBuild(_) => self.random_build_or_play(t, p, rng),
            // Roll, or play a development card first (all of weight 1).
            Phase::PreRoll => self.random_pre_roll(t, p, rng),
            // One of the resources held, each kind equally likely.
            Phase::Discard => {
                let held = at_least(&self.hands[p as usize], &ANY);
                Action::Discard(nth_bit(u128::from(held), one_of(rng, ones5(held))))
            }
            Phase::Robber => self.random_robber(t, p, rng),
            // One spot of those [`State::legal`] lists, in its order.
            Phase::SetupSettlement => Action::Settlement(pick(t.all_corners & !self.blocked, rng)),
            Phase::SetupRoad(c) => Action::Road(pick(
                t.corner_edge_mask[c as usize] & !self.all_roads(),
                rng,
            )),
            Phase::FreeRoads(_) => match self.road_candidates(t, p) {
                spots if spots != 0 && self.roads_left[p as usize] > 0 => {
                    Action::Road(pick(spots, rng))
                }
                _ => Action::EndTurn,
            },
            Phase::Over => panic!("no action once the game is over"),
        }
    }

    /// Before the dice: one of rolling and the development card plays
    /// [`State::legal`] lists (a knight, road building, each year of
    /// plenty pair, each monopoly), uniformly, in its order; with only a
    /// knight held this is the draw between rolling and the knight.
    fn random_pre_roll(&self, t: &Topology, p: u8, rng: &mut Rng) -> Action {
        let i = p as usize;
        if self.played_dev || self.dev[i] == [0; 5] {
            return Action::Roll;
        }
        let knight = u32::from(self.dev[i][dev::KNIGHT] > 0);
        let road_building = u32::from(
            self.dev[i][dev::ROAD_BUILDING] > 0
                && self.roads_left[i] > 0
                && self.road_candidates(t, p) != 0,
        );
        let (pairs, plenty) = if self.dev[i][dev::YEAR_OF_PLENTY] > 0 {
            self.year_of_plenty_pairs()
        } else {
            ([(0, 0); 15], 0)
        };
        let monopoly = 5 * u32::from(self.dev[i][dev::MONOPOLY] > 0);
        let mut k = one_of(rng, 1 + knight + road_building + plenty + monopoly);
        if k == 0 {
            return Action::Roll;
        }
        k -= 1;
        if k < knight {
            return Action::Knight;
        }
        k -= knight;
        if k < road_building {
            return Action::RoadBuilding;
        }
        k -= road_building;
        if k < plenty {
            let (a, b) = pairs[k as usize];
            return Action::YearOfPlenty(a, b);
        }
        Action::Monopoly((k - plenty) as u8)
    }

    /// Which resources `p` may give to the bank (a bit per resource) and
    /// which the bank can hand out.
    fn trade_sides(&self, p: u8) -> (u8, u8) {
        let give = at_least(&self.hands[p as usize], &self.rates(p));
        if give == 0 {
            return (0, 0);
        }
        (give, at_least(&self.bank, &ANY))
    }

    fn random_build_or_play(&self, t: &Topology, p: u8, rng: &mut Rng) -> Action {
        let i = p as usize;
        let main = self.phase == Phase::Main;
        let open = !main || self.turn_actions < MAX_TURN_ACTIONS;
        // The open kinds, a bit each (bit `Kind as u16`), and their total
        // weight. Only whether each kind is open is found here; the
        // instances of the kind drawn are found after the draw.
        let mut kinds = 1u16 << Kind::EndTurn as u16;
        let mut total = 1u32;
        let mut add = |k: Kind, ok: bool| {
            kinds |= u16::from(ok) << k as u16;
            total += u32::from(ok) * k.weight();
        };
        let mut sides = (0u8, 0u8);
        if open {
            // The resources held, a bit each: the costs of one card each
            // are paid when every resource they name is held.
            let cards = at_least(&self.hands[i], &ANY);
            let pays = |need: u8| cards & need == need;
            // A settlement on the board (cities return theirs to the box).
            add(
                Kind::City,
                self.cities_left[i] > 0
                    && self.settlements_left[i] < 5
                    && self.can_pay(p, &CITY_COST),
            );
            add(
                Kind::Settlement,
                self.settlements_left[i] > 0
                    && pays(SETTLEMENT_NEEDS)
                    && self.settlement_spots(p) != 0,
            );
            add(
                Kind::BuyDev,
                self.deck_pos < self.deck_len && pays(DEV_NEEDS),
            );
            // Development cards held (a bit per kind), none once one was
            // played this turn.
            let held = if main && !self.played_dev && self.dev[i] != [0; 5] {
                at_least(&self.dev[i], &ANY)
            } else {
                0
            };
            let road_building = held & (1 << dev::ROAD_BUILDING) != 0;
            let pay_road = pays(ROAD_NEEDS);
            let road_spot =
                self.roads_left[i] > 0 && (road_building || pay_road) && self.any_road_spot(p);
            add(Kind::Road, road_spot && pay_road);
            if main {
                add(Kind::Knight, held & (1 << dev::KNIGHT) != 0);
                add(Kind::RoadBuilding, road_building && road_spot);
                add(
                    Kind::YearOfPlenty,
                    held & (1 << dev::YEAR_OF_PLENTY) != 0 && self.year_of_plenty_pairs().1 > 0,
                );
                add(Kind::Monopoly, held & (1 << dev::MONOPOLY) != 0);
                // A trade needs a card given at its rate (2 at least).
                if cards != 0 {
                    sides = self.trade_sides(p);
                }
                add(Kind::Trade, self.trade_count(sides) > 0);
            }
        }
        // The kind drawn: by weight in the kinds' order (the same draw as
        // walking a list of the open kinds).
        let mut k = one_of(rng, total);
        let mut kind = Kind::EndTurn;
        let mut m = kinds;
        while m != 0 {
            let c = KINDS[m.trailing_zeros() as usize];
            m &= m - 1;
            if k < c.weight() {
                kind = c;
                break;
            }
            k -= c.weight();
        }
        match kind {
            Kind::City => {
                // Settlements only: a city's corner byte has the city bit.
                let cities = bits(self.building_mask[i])
                    .filter(|&c| self.corners[c as usize] == p)
                    .fold(0u128, |m, c| m | 1 << c);
                Action::City(pick(cities, rng))
            }
            Kind::Settlement => Action::Settlement(pick(self.settlement_spots(p), rng)),
            Kind::BuyDev => Action::BuyDev,
            Kind::Road => Action::Road(pick(self.road_candidates(t, p), rng)),
            Kind::Knight => Action::Knight,
            Kind::RoadBuilding => Action::RoadBuilding,
            Kind::YearOfPlenty => {
                let (pairs, count) = self.year_of_plenty_pairs();
                let (a, b) = pairs[one_of(rng, count) as usize];
                Action::YearOfPlenty(a, b)
            }
            Kind::Monopoly => Action::Monopoly(one_of(rng, 5) as u8),
            Kind::Trade => {
                let mut k = one_of(rng, self.trade_count(sides));
                let (give, get) = sides;
                for g in bits(u128::from(give)) {
                    for r in bits(u128::from(get & !(1 << g))) {
                        if k == 0 {
                            return Action::Trade { give: g, get: r };
                        }
                        k -= 1;
                    }
                }
                Action::EndTurn
            }
            Kind::EndTurn => Action::EndTurn,
        }
    }

    /// Trades with the bank `sides` (from [`State::trade_sides`]) allow.
    fn trade_count(&self, (give, get): (u8, u8)) -> u32 {
        // Every pair of a resource given and another received.
        ones5(give) * ones5(get) - ones5(give & get)
    }

    /// The pairs year of plenty may take from the bank, and how many.
    fn year_of_plenty_pairs(&self) -> ([(u8, u8); 15], u32) {
        let mut out = [(0u8, 0u8); 15];
        let mut n = 0;
        for a in 0..5u8 {
            for b in a..5u8 {
                let need_a = 1 + u8::from(a == b);
                if self.bank[a as usize] >= need_a && self.bank[b as usize] > 0 {
                    out[n] = (a, b);
                    n += 1;
                }
            }
        }
        (out, n as u32)
    }
}
