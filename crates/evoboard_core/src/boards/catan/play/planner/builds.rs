//! The builds a hand pays for: which bank trades the planner considers
//! ([`trade_completes`], [`trade_on_path`]) and what the best build after
//! them is worth ([`build_after`]).

use super::super::state::{
    Action, CITY_COST, DEV_COST, ROAD_COST, SETTLEMENT_COST, State, at_least, bits,
};
use super::super::topology::Topology;
use super::value::{Weights, missing, value_with};

/// Whether trading `give` for `get` lets `p` pay for a build it cannot
/// pay for now (a city or settlement it has a place for, a road it has
/// a place for, a development card).
pub(super) fn trade_completes(t: &Topology, s: &State, p: u8, give: u8, get: u8) -> bool {
    let i = p as usize;
    let mut hand = s.hands[i];
    hand[give as usize] -= s.rate(p, give);
    hand[get as usize] += 1;
    let ok = |cost: &[u8; 5]| at_least(&hand, cost) == 31;
    let had = |cost: &[u8; 5]| s.can_pay(p, cost);
    // A settlement on the board: cities put theirs back in the box.
    let has_settlement = s.settlements_left[i] < 5;
    (s.cities_left[i] > 0 && has_settlement && ok(&CITY_COST) && !had(&CITY_COST))
        || (s.settlements_left[i] > 0
            && s.settlement_spots(p) != 0
            && ok(&SETTLEMENT_COST)
            && !had(&SETTLEMENT_COST))
        || (s.deck_pos < s.deck_len && ok(&DEV_COST) && !had(&DEV_COST))
        || (s.roads_left[i] > 0
            && ok(&ROAD_COST)
            && !had(&ROAD_COST)
            && s.settlements_left[i] > 0
            && s.settlement_spots(p) == 0
            && s.road_candidates(t, p) != 0)
}

/// Whether trading `give` for `get` is a step of a series of bank trades
/// that pays for a build (a city, a settlement it has a place for, a
/// development card): the hand, traded at its rates, pays for it, `get`
/// is short for it and `give` is spare.
pub(super) fn trade_on_path(s: &State, p: u8, give: u8, get: u8) -> bool {
    let i = p as usize;
    let hand = &s.hands[i];
    let rates = s.rates(p);
    let (give, get) = (give as usize, get as usize);
    let fits = |cost: &[u8; 5]| {
        hand[get] < cost[get]
            && hand[give] >= cost[give] + rates[give]
            && missing(hand, cost, &rates) == 0
    };
    (s.cities_left[i] > 0 && s.settlements_left[i] < 5 && fits(&CITY_COST))
        || (s.settlements_left[i] > 0 && s.settlement_spots(p) != 0 && fits(&SETTLEMENT_COST))
        || (s.deck_pos < s.deck_len && fits(&DEV_COST))
}

/// The hand, after bank trades at `rates` (the largest surplus traded for
/// each card short), that holds `cost`; `None` if trades cannot make it.
fn trade_for(hand: &[u8; 5], cost: &[u8; 5], rates: &[u8; 5]) -> Option<[u8; 5]> {
    let mut h = *hand;
    for r in 0..5 {
        while h[r] < cost[r] {
            let mut give = 5;
            let mut most = 0;
            for k in 0..5 {
                let spare = h[k].saturating_sub(cost[k]);
                if spare >= rates[k] && spare > most {
                    most = spare;
                    give = k;
                }
            }
            if give == 5 {
                return None;
            }
            h[give] -= rates[give];
            h[r] += 1;
        }
    }
    Some(h)
}

/// The best value for `p` of a build (a city, a settlement, a
/// development card) its hand in `s` pays for after bank trades; −∞ if
/// none.
pub(super) fn build_after(t: &Topology, s: &State, p: u8, w: &Weights) -> f32 {
    let i = p as usize;
    let rates = s.rates(p);
    let mut best = f32::NEG_INFINITY;
    let mut built = |hand: [u8; 5], a: Action| {
        let mut n = *s;
        n.hands[i] = hand;
        let bonus = if a == Action::BuyDev {
            n.pay(p, &DEV_COST);
            w.buy_dev
        } else {
            n.apply_for(t, p, a);
            0.0
        };
        best = best.max(value_with(t, &n, p, w) + bonus);
    };
    if s.cities_left[i] > 0
        && let Some(h) = trade_for(&s.hands[i], &CITY_COST, &rates)
    {
        for c in bits(s.building_mask[i]) {
            if s.corners[c as usize] == p {
                built(h, Action::City(c));
            }
        }
    }
    let spots = s.settlement_spots(p);
    if s.settlements_left[i] > 0
        && spots != 0
        && let Some(h) = trade_for(&s.hands[i], &SETTLEMENT_COST, &rates)
    {
        for c in bits(spots) {
            built(h, Action::Settlement(c));
        }
    }
    if s.deck_pos < s.deck_len
        && let Some(h) = trade_for(&s.hands[i], &DEV_COST, &rates)
    {
        built(h, Action::BuyDev);
    }
    best
}
