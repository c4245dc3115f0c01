//! The bots: a value-function bot (one-ply greedy: it tries each legal
//! action on a copy of the state and keeps the one whose resulting state
//! it values most) and a weighted-random bot (cities, settlements and
//! development cards weighted up, as in the well-known simulators); the
//! planner ([`super::planner`]) and the search bot
//! ([`super::search_bot`]) have files of their own.

use super::state::{Action, CITY, CITY_COST, Phase, SETTLEMENT_COST, State, below, bits, dev};
use super::topology::{NONE, Topology};
use crate::boards::catan::pips;
use crate::rng::Rng;
use std::fmt;
use std::str::FromStr;

/// Which bot plays a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bot {
    /// One-ply greedy over a hand-written value of production, diversity,
    /// harbours, victory points, development and road length.
    #[default]
    Value,
    /// Weighted random: in games ([`super::play_game`]) the kind of
    /// action is drawn first, a city weighted 10,000, a settlement 1,000,
    /// a development card 100 and every other kind 1, then one legal
    /// instance of it ([`State::random_action`], no list of the legal
    /// actions); [`Bot::choose`] on a given list weights each action so.
    Random,
    /// Deterministic one-ply lookahead over a weighted evaluation of the
    /// position ([`super::planner_value`]): production with diversity and
    /// scarcity, harbours, expansion, longest road and largest army,
    /// development cards, the hand; bank trades only to complete a build.
    Planner,
    /// Flat Monte Carlo over the planner's best few actions: truncated
    /// rollouts with the planner at every seat, the hidden cards
    /// re-dealt before each, scored by the planner's value against the
    /// best opponent's; more effort on the setup.
    Search,
}

impl Bot {
    /// The spellings `--bots` accepts.
    pub const ALLOWED: &'static str = "value, random, planner, search";

    /// Name as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Bot::Value => "value",
            Bot::Random => "random",
            Bot::Planner => "planner",
            Bot::Search => "search",
        }
    }

    /// This bot's pick among `legal` (not empty) in state `s`.
    pub fn choose(self, t: &Topology, s: &State, legal: &[Action], rng: &mut Rng) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        match self {
            Bot::Random => weighted_random(legal, rng),
            Bot::Value => value_choice(t, s, legal, rng),
            Bot::Planner => super::planner::planner_choice(t, s, legal, rng),
            Bot::Search => super::search_bot::search_choice(t, s, legal, rng),
        }
    }
}

impl fmt::Display for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Bot {
    type Err = crate::choice::NotAllowed;

    fn from_str(s: &str) -> Result<Bot, crate::choice::NotAllowed> {
        match s {
            "value" => Ok(Bot::Value),
            "random" => Ok(Bot::Random),
            "planner" => Ok(Bot::Planner),
            "search" => Ok(Bot::Search),
            _ => Err(crate::choice::NotAllowed::new("bot", s, Bot::ALLOWED)),
        }
    }
}

fn weight(a: Action) -> u32 {
    match a {
        Action::City(_) => 10_000,
        Action::Settlement(_) => 1_000,
        Action::BuyDev => 100,
        _ => 1,
    }
}

fn weighted_random(legal: &[Action], rng: &mut Rng) -> Action {
    let total: u32 = legal.iter().map(|&a| weight(a)).sum();
    let mut k = below(rng, total);
    for &a in legal {
        let w = weight(a);
        if k < w {
            return a;
        }
        k -= w;
    }
    legal[legal.len() - 1]
}

/// Value of a victory point.
const POINT: f32 = 1000.0;
/// Value of one pip of production (one card per 36 rolls).
const PIP: f32 = 12.0;
/// Value of each resource produced at all.
const DIVERSITY: f32 = 20.0;
/// Value of a card in hand (up to 7).
const CARD: f32 = 3.0;
/// Cost of each card missing for the nearer of a settlement and a city.
const MISSING: f32 = 15.0;
/// Value of an unplayed development card and of a knight played.
const DEV_CARD: f32 = 40.0;
/// Expected value of buying an unknown card (a fifth are points).
const BUY_DEV: f32 = 150.0;
/// Most random value added to each action's (two pips' worth): bots
/// differ from game to game, and ties break at random.
const NOISE: f32 = 24.0;
/// Value of a road built (and half again for a road of one's longest
/// road, from five on).
const ROAD: f32 = 8.0;
/// Value of each pip at the best spot one's roads reach.
const SPOT_PIP: f32 = 6.0;

/// The value of state `s` for seat `p`, given `spot` (from
/// [`best_spot`]).
pub fn value(t: &Topology, s: &State, p: u8, spot: u8) -> f32 {
    let i = p as usize;
    let prod = &s.production[i];
    let mut v = POINT * s.points(p) as f32;
    let mut seen = 0;
    for (r, &x) in prod.iter().enumerate() {
        v += PIP * x as f32;
        seen += usize::from(x > 0);
        if s.harbours[i] & (2 << r) != 0 {
            v += 10.0 + 2.0 * x as f32;
        }
    }
    v += DIVERSITY * seen as f32;
    if s.harbours[i] & 1 != 0 {
        v += 15.0;
    }
    let hand = &s.hands[i];
    let cards: u8 = hand.iter().sum();
    v += CARD * cards.min(7) as f32 - CARD * cards.saturating_sub(7) as f32;
    let missing =
        |cost: &[u8; 5]| -> u8 { (0..5).map(|r| cost[r].saturating_sub(hand[r])).sum::<u8>() };
    let mut need = u8::MAX;
    if spot > 0 && s.settlements_left[i] > 0 {
        need = missing(&SETTLEMENT_COST);
    }
    if s.cities_left[i] > 0 && s.settlements_left[i] < 5 {
        need = need.min(missing(&CITY_COST));
    }
    if need != u8::MAX {
        v -= MISSING * need as f32;
    }
    let held: u8 = s.dev[i][..dev::VICTORY_POINT].iter().sum::<u8>()
        + s.dev_new[i][..dev::VICTORY_POINT].iter().sum::<u8>();
    v += DEV_CARD * (held + s.knights[i]) as f32;
    let built = 15 - s.roads_left[i];
    v += ROAD * built.min(10) as f32 + 0.5 * ROAD * s.road_len[i].min(10) as f32;
    v += SPOT_PIP * spot as f32;
    // Production the robber blocks.
    let h = s.robber as usize;
    for &c in &t.hex_corners[h] {
        let b = s.corners[c as usize];
        if b != NONE && b & !CITY == p {
            v -= PIP * pips(t.hex_token[h]) as f32 * if b & CITY != 0 { 2.0 } else { 1.0 };
        }
    }
    v
}

/// Pips of the best corner where `p` could build a settlement now (its
/// roads reach it), or half that of one a road further; 0 if none.
pub fn best_spot(t: &Topology, s: &State, p: u8) -> u8 {
    let (best, near) = spot_parts(t, s, p);
    best.max(near)
}

/// The two parts of [`best_spot`]: pips of the best spot reached, half
/// those of the best spot a road further.
fn spot_parts(t: &Topology, s: &State, p: u8) -> (u8, u8) {
    let mut parts = (0, 0);
    for c in bits(s.ends[p as usize]) {
        reach_from(t, s, p, c, &mut parts);
    }
    parts
}

/// Add what corner `c` at the end of one of `p`'s roads reaches to
/// `parts` (see [`spot_parts`]).
#[inline]
fn reach_from(t: &Topology, s: &State, p: u8, c: u8, parts: &mut (u8, u8)) {
    let b = s.corners[c as usize];
    if b != NONE && b & !CITY != p {
        return;
    }
    if s.free_spot(t, c) {
        parts.0 = parts.0.max(t.corner_pips[c as usize]);
    }
    for f in bits(t.corner_edge_mask[c as usize] & !s.all_roads()) {
        let d = t.other_end(f, c);
        let half = t.corner_pips[d as usize] / 2;
        if half > parts.1 && s.free_spot(t, d) {
            parts.1 = half;
        }
    }
}

/// [`best_spot`] after `a` (a road) by the incremental rule
/// [`value_choice`] uses; for tests.
#[cfg(test)]
pub(super) fn incremental_spot(t: &Topology, s: &State, p: u8, a: Action) -> u8 {
    let Action::Road(e) = a else {
        return best_spot(t, s, p);
    };
    let mut next = *s;
    next.apply(t, a);
    let mut parts = spot_parts(t, s, p);
    for &c in &t.edge_corners[e as usize] {
        reach_from(t, &next, p, c, &mut parts);
    }
    parts.0.max(parts.1)
}

fn value_choice(t: &Topology, s: &State, legal: &[Action], rng: &mut Rng) -> Action {
    let p = s.actor();
    match s.phase {
        Phase::PreRoll => return pre_roll(t, s, p, legal),
        Phase::Robber => return robber_choice(t, s, p, legal),
        _ => {}
    }
    let base_parts = spot_parts(t, s, p);
    let base_spot = base_parts.0.max(base_parts.1);
    let mut best = legal[0];
    let mut best_v = f32::NEG_INFINITY;
    for &a in legal {
        let mut next = *s;
        let mut bonus = 0.0;
        match a {
            Action::BuyDev => {
                next.pay(p, &super::state::DEV_COST);
                bonus = BUY_DEV;
            }
            Action::Knight => {
                next.apply(t, a);
                bonus = robber_relief(t, s, p);
            }
            // Playing a card gives up its value in hand; what it does is
            // valued in the state after it (road building: the roads to
            // come, here).
            Action::RoadBuilding => {
                next.apply(t, a);
                bonus = DEV_CARD + 2.0 * ROAD + SPOT_PIP;
            }
            Action::YearOfPlenty(..) | Action::Monopoly(_) => {
                next.apply(t, a);
                bonus = DEV_CARD;
            }
            _ => next.apply(t, a),
        }
        let spot = match a {
            // A road only adds reach: from its two ends (the spot it
            // stood on is still free).
            Action::Road(e) => {
                let mut parts = base_parts;
                for &c in &t.edge_corners[e as usize] {
                    reach_from(t, &next, p, c, &mut parts);
                }
                parts.0.max(parts.1)
            }
            Action::Settlement(_) => best_spot(t, &next, p),
            _ => base_spot,
        };
        let v = value(t, &next, p, spot) + bonus + NOISE * below(rng, 1024) as f32 / 1024.0;
        // Ties keep the earlier action; ending the turn comes last, so it
        // wins only a strict improvement over doing something.
        let v = if a == Action::EndTurn { v + 0.5 } else { v };
        if v > best_v {
            best_v = v;
            best = a;
        }
    }
    best
}

/// Pips of `p`'s production under the robber, as value (what a knight
/// would free).
fn robber_relief(t: &Topology, s: &State, p: u8) -> f32 {
    let h = s.robber as usize;
    let mut blocked = 0.0;
    for &c in &t.hex_corners[h] {
        let b = s.corners[c as usize];
        if b != NONE && b & !CITY == p {
            blocked += PIP * pips(t.hex_token[h]) as f32;
        }
    }
    blocked
}

/// Before the dice: play a knight when the robber blocks one's production
/// or the knight takes largest army; otherwise roll.
fn pre_roll(t: &Topology, s: &State, p: u8, legal: &[Action]) -> Action {
    if legal.contains(&Action::Knight) && (robber_relief(t, s, p) > 0.0 || s.knight_takes_army(p)) {
        return Action::Knight;
    }
    Action::Roll
}

/// The robber goes where it blocks the most production of the others,
/// weighted by their points, and never on one's own buildings if it can
/// be helped; it robs the leader there.
fn robber_choice(t: &Topology, s: &State, p: u8, legal: &[Action]) -> Action {
    let mut best = legal[0];
    let mut best_v = f32::NEG_INFINITY;
    for &a in legal {
        let Action::Robber { hex, victim, .. } = a else {
            continue;
        };
        let pip = pips(t.hex_token[hex as usize]) as f32;
        let mut v = 0.0;
        for &c in &t.hex_corners[hex as usize] {
            let b = s.corners[c as usize];
            if b == NONE {
                continue;
            }
            let q = b & !CITY;
            let k = if b & CITY != 0 { 2.0 } else { 1.0 };
            if q == p {
                v -= 3.0 * pip * k;
            } else {
                v += pip * k * (1.0 + s.points(q) as f32 / 3.0);
            }
        }
        if victim != NONE {
            v += 0.5 + s.points(victim) as f32 * 0.1 + s.hand_size(victim) as f32 * 0.05;
        }
        if v > best_v {
            best_v = v;
            best = a;
        }
    }
    best
}
