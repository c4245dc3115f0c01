//! The planner's evaluation of a position ([`planner_value`]): the
//! weights, the island's resource scarcity, and what each part of a
//! position is worth to a seat (see the parent module's docs).

use super::super::state::{CITY, CITY_COST, DEV_COST, SETTLEMENT_COST, State, bits, dev};
use super::super::topology::{NONE, Topology};
use crate::boards::catan::pips;

/// The planner's weights (one set; [`WEIGHTS`]).
#[derive(Clone, Copy, Debug)]
pub(in super::super) struct Weights {
    /// A victory point.
    pub vp: f32,
    /// A pip of production, times the resource's scarcity.
    pub prod: f32,
    /// Each resource produced at all.
    pub kinds: f32,
    /// Each dice total one's buildings touch.
    pub numbers: f32,
    /// Each pip of the smaller of grain and ore production.
    pub city_pair: f32,
    /// Each pip of the smaller of lumber and brick production.
    pub road_pair: f32,
    /// A 2:1 harbour, plus per pip of its resource produced.
    pub h2: f32,
    /// Per pip of a 2:1 harbour's resource produced.
    pub h2_pip: f32,
    /// A 3:1 harbour, plus per pip produced.
    pub h3: f32,
    /// Per pip produced, with a 3:1 harbour.
    pub h3_pip: f32,
    /// Share of the best spot reached (distance 0) counted.
    pub reach0: f32,
    /// Share of the best spot a road further (distance 1) counted.
    pub reach1: f32,
    /// Share of the second-best spot reached or a road further.
    pub reach2: f32,
    /// A new resource at a spot, in pips.
    pub spot_new: f32,
    /// A harbour at a spot, in pips.
    pub spot_harbour: f32,
    /// Each road built (up to 12).
    pub road: f32,
    /// Each road of one's longest road (from five).
    pub road_len: f32,
    /// Being one or two roads from taking longest road.
    pub road_race: f32,
    /// Each knight played.
    pub knight: f32,
    /// A knight held.
    pub knight_held: f32,
    /// Another development card held (road building, plenty, monopoly).
    pub dev_held: f32,
    /// Buying a development card (its expected worth, points included).
    pub buy_dev: f32,
    /// Being a knight or two from taking largest army.
    pub army_race: f32,
    /// Each card in hand (up to seven).
    pub card: f32,
    /// Each card over seven.
    pub over: f32,
    /// Each card missing for the nearest build (after trades).
    pub missing: f32,
    /// A settlement, city or card affordable now.
    pub ready: f32,
    /// How much scarcity counts: the exponent of the mean pips over the
    /// resource's.
    pub scarce: f32,
    /// In the setup: the production weight's multiplier.
    pub setup_prod: f32,
    /// In the setup: the diversity weight's multiplier.
    pub setup_kinds: f32,
    /// In the setup: the reach weights' multiplier.
    pub setup_reach: f32,
    /// The first settlement: share of the likely second settlement's
    /// position value added to the first's.
    pub second_pick: f32,
    /// What a build paid for after bank trades or a year of plenty or
    /// monopoly counts less than the build itself.
    pub follow_up: f32,
}

impl Weights {
    /// The weights the setup's placements are valued by.
    pub(super) fn setup(&self) -> Weights {
        Weights {
            prod: self.prod * self.setup_prod,
            kinds: self.kinds * self.setup_kinds,
            reach0: self.reach0 * self.setup_reach,
            reach1: self.reach1 * self.setup_reach,
            reach2: self.reach2 * self.setup_reach,
            ..*self
        }
    }
}

/// The planner's weights.
pub(in super::super) const WEIGHTS: Weights = Weights {
    vp: 100.0,
    prod: 4.0,
    kinds: 6.0,
    numbers: 1.0,
    city_pair: 0.8,
    road_pair: 0.5,
    h2: 3.0,
    h2_pip: 0.8,
    h3: 4.0,
    h3_pip: 0.15,
    reach0: 0.9,
    reach1: 0.45,
    reach2: 0.2,
    spot_new: 4.0,
    spot_harbour: 2.0,
    road: 0.5,
    road_len: 4.0,
    road_race: 12.0,
    knight: 8.0,
    knight_held: 10.0,
    dev_held: 10.0,
    buy_dev: 35.0,
    army_race: 15.0,
    card: 1.5,
    over: 10.0,
    missing: 6.0,
    ready: 10.0,
    scarce: 0.5,
    setup_prod: 1.0,
    setup_kinds: 1.0,
    setup_reach: 0.5,
    second_pick: 0.5,
    follow_up: 30.0,
};

/// How much each resource's pips count on island `t`: the mean pips per
/// resource over the resource's pips, square-rooted (scarce resources
/// count more), within 0.75 to 1.5. Computed once per island
/// ([`Topology::scarcity`]).
pub(in super::super) fn scarcity(t: &Topology) -> [f32; 5] {
    let w = &WEIGHTS;
    let mut total = [0u32; 5];
    for h in 0..t.hexes as usize {
        let r = t.hex_resource[h];
        if r < 5 {
            total[r as usize] += pips(t.hex_token[h]) as u32;
        }
    }
    let mean = total.iter().sum::<u32>() as f32 / 5.0;
    total.map(|x| {
        if x == 0 {
            1.5
        } else {
            (mean / x as f32).powf(w.scarce).clamp(0.75, 1.5)
        }
    })
}

/// Points anyone at the table sees: buildings, longest road and largest
/// army (not the hidden victory point cards).
#[inline]
pub(in super::super) fn visible_points(s: &State, q: u8) -> u8 {
    s.building_points[q as usize]
        + 2 * u8::from(s.longest_road == q)
        + 2 * u8::from(s.largest_army == q)
}

/// Production of seat `p` per resource, in pips, less what the robber
/// blocks.
#[inline]
fn effective_production(t: &Topology, s: &State, p: u8) -> [f32; 5] {
    let mut prod = s.production[p as usize].map(f32::from);
    let r = t.hex_resource[s.robber as usize];
    if r < 5 {
        prod[r as usize] -= relief(t, s, p);
    }
    prod
}

/// What a settlement spot `c` is worth to a seat producing `prod`, in
/// weighted pips.
#[inline]
fn spot_value(t: &Topology, w: &Weights, prod: &[f32; 5], c: u8) -> f32 {
    let sc = &t.scarcity;
    let cp = &t.corner_prod[c as usize];
    let mut v = 0.0;
    for r in 0..5 {
        if cp[r] > 0 {
            v += sc[r] * cp[r] as f32;
            if prod[r] <= 0.0 {
                v += w.spot_new;
            }
        }
    }
    if t.corner_harbour[c as usize] != 0 {
        v += w.spot_harbour;
    }
    v
}

/// The spots seat `p` reaches: the best and second-best values at
/// distance 0 (a free spot at a road's end) and at distance 1 (one road
/// further), and whether any spot is reached at distance 0.
fn reach(t: &Topology, s: &State, w: &Weights, prod: &[f32; 5], p: u8) -> (f32, f32, f32) {
    let i = p as usize;
    let others = s.others_buildings(p);
    let roads = s.all_roads();
    let (mut d0, mut d1, mut second) = (0.0f32, 0.0f32, 0.0f32);
    let mut seen1 = 0u128;
    let push = |v: f32, best: &mut f32, second: &mut f32| {
        if v > *best {
            *second = second.max(*best);
            *best = v;
        } else {
            *second = second.max(v);
        }
    };
    for c in bits(s.ends[i] & !others) {
        if s.free_spot(t, c) {
            let v = spot_value(t, w, prod, c);
            push(v, &mut d0, &mut second);
        }
        for f in bits(t.corner_edge_mask[c as usize] & !roads) {
            let d = t.other_end(f, c);
            if seen1 & (1 << d) != 0 || s.ends[i] & (1 << d) != 0 {
                continue;
            }
            seen1 |= 1 << d;
            if s.free_spot(t, d) {
                let v = spot_value(t, w, prod, d);
                push(v, &mut d1, &mut second);
            }
        }
    }
    // `second` holds the runner-up over both distances; the best of
    // distance 1 is counted on its own.
    (d0, d1, second.min(d0.max(d1)))
}

/// Cards still missing for `cost` from `hand`, after the trades the
/// surplus allows at `rates`.
#[inline]
pub(super) fn missing(hand: &[u8; 5], cost: &[u8; 5], rates: &[u8; 5]) -> u8 {
    let mut miss = 0u8;
    let mut trades = 0u8;
    for r in 0..5 {
        if hand[r] < cost[r] {
            miss += cost[r] - hand[r];
        } else {
            trades += (hand[r] - cost[r]) / rates[r];
        }
    }
    miss.saturating_sub(trades)
}

/// The planner's value of state `s` for `seat`: see the module docs.
/// Another seat's value is read from the same state (hidden cards as the
/// state holds them).
pub fn planner_value(t: &Topology, s: &State, seat: u8) -> f32 {
    value_with(t, s, seat, &WEIGHTS)
}

/// [`planner_value`] with the weights given (the setup's or the game's).
pub(in super::super) fn value_with(t: &Topology, s: &State, p: u8, w: &Weights) -> f32 {
    let sc = &t.scarcity;
    let i = p as usize;
    let mut v = w.vp * s.points(p) as f32;
    let prod = effective_production(t, s, p);
    let mut kinds = 0;
    let mut total = 0.0;
    for r in 0..5 {
        v += w.prod * sc[r] * prod[r];
        total += prod[r];
        kinds += u8::from(prod[r] > 0.0);
    }
    v += w.kinds * kinds as f32;
    v += w.city_pair * prod[0].min(prod[4]) + w.road_pair * prod[1].min(prod[3]);
    // Harbours.
    let hb = s.harbours[i];
    if hb & 1 != 0 {
        v += w.h3 + w.h3_pip * total;
    }
    for r in bits(u128::from(hb >> 1)) {
        v += w.h2 + w.h2_pip * prod[r as usize];
    }
    // Dice totals covered.
    let mut numbers = 0u16;
    for c in bits(s.building_mask[i]) {
        for &h in &t.corner_hexes[c as usize] {
            if h != NONE {
                numbers |= 1 << t.hex_token[h as usize];
            }
        }
    }
    v += w.numbers * (numbers & !1).count_ones() as f32;
    // Expansion.
    let mut spot_now = false;
    if s.settlements_left[i] > 0 {
        let (d0, d1, second) = reach(t, s, w, &prod, p);
        spot_now = d0 > 0.0;
        v += w.reach0 * d0 + w.reach1 * d1.max(d0) + w.reach2 * second;
    }
    // Longest road.
    let built = 15 - s.roads_left[i];
    v += w.road * built.min(12) as f32;
    v += w.road_len * s.road_len[i].min(15) as f32;
    if s.longest_road != p {
        let to_beat = if s.longest_road == NONE {
            5
        } else {
            s.road_len[s.longest_road as usize] + 1
        };
        let mine = s.road_len[i].max(built.min(4));
        if mine + 2 >= to_beat && s.roads_left[i] > 0 {
            v += w.road_race * (3 - (to_beat - mine.min(to_beat)).min(3)) as f32 / 3.0;
        }
    }
    // Development cards and largest army.
    let held = |k: usize| (s.dev[i][k] + s.dev_new[i][k]) as f32;
    v += w.knight * s.knights[i] as f32 + w.knight_held * held(dev::KNIGHT);
    v += w.dev_held * (held(dev::ROAD_BUILDING) + held(dev::YEAR_OF_PLENTY) + held(dev::MONOPOLY));
    if s.largest_army != p {
        let to_beat = if s.largest_army == NONE {
            3
        } else {
            s.knights[s.largest_army as usize] + 1
        };
        let mine = s.knights[i] + s.dev[i][dev::KNIGHT] + s.dev_new[i][dev::KNIGHT];
        if mine + 2 >= to_beat {
            v += w.army_race * (3 - (to_beat - mine.min(to_beat)).min(3)) as f32 / 3.0;
        }
    }
    // The hand.
    let hand = &s.hands[i];
    let cards: u8 = hand.iter().sum();
    v += w.card * cards.min(7) as f32 - w.over * cards.saturating_sub(7) as f32;
    let rates = s.rates(p);
    let mut need = u8::MAX;
    let settled = s.settlements_left[i] < 5 && s.cities_left[i] > 0;
    if settled {
        need = need.min(missing(hand, &CITY_COST, &rates));
    }
    if spot_now {
        need = need.min(missing(hand, &SETTLEMENT_COST, &rates));
    }
    if s.deck_pos < s.deck_len {
        need = need.min(missing(hand, &DEV_COST, &rates) + 1);
    }
    if need != u8::MAX {
        v -= w.missing * need as f32;
        if need == 0 {
            v += w.ready;
        }
    }
    v
}

/// Blocked pips of `p` under the robber, as what a knight frees.
pub(super) fn relief(t: &Topology, s: &State, p: u8) -> f32 {
    let h = s.robber as usize;
    if t.hex_resource[h] >= 5 {
        return 0.0;
    }
    let mut k = 0.0;
    for c in bits(t.hex_corner_mask[h] & s.building_mask[p as usize]) {
        k += if s.corners[c as usize] & CITY != 0 {
            2.0
        } else {
            1.0
        };
    }
    k * pips(t.hex_token[h]) as f32
}
