//! The planner bot: a deterministic weighted evaluation of a position
//! ([`planner_value`], in the spirit of the well-known value-function
//! bots) and a one-ply lookahead over a pruned list of the legal actions
//! (bank trades only towards a build the hand pays for after trades). A
//! bank trade, a year of plenty or a monopoly is worth at least the build
//! it pays for ([`builds`], less [`Weights::follow_up`]); the first
//! settlement is valued with the second the others' picks likely leave
//! ([`setup`]). No noise: ties are broken by the game's generator.
//!
//! What a position is worth to a seat: victory points; production per
//! resource (minus what the robber blocks), scarce resources counting
//! more, with a bonus per resource produced, per dice number covered and
//! for the city (grain + ore) and expansion (lumber + brick) pairs;
//! harbours that match the production; the best settlement spots its
//! roads reach (distance 0) or reach with one road more (distance 1);
//! road length and knights towards longest road and largest army;
//! development cards held; the cards in hand, less the cards still
//! missing (after the trades the hand allows) for the nearest build, less
//! the cards over seven (what a seven would take).

mod builds;
mod setup;
mod value;

pub use value::planner_value;
use value::relief;
pub(super) use value::{WEIGHTS, Weights, scarcity, value_with, visible_points};

use super::state::{Action, CITY, DEV_COST, MAX_SEATS, Phase, State, below, bits};
use super::topology::{NONE, Topology};
use crate::boards::catan::pips;
use crate::rng::Rng;

/// Keeps the best-valued action, ties broken at random (reservoir draw:
/// the `k`-th tie replaces the pick with chance 1/k).
struct Best {
    action: Action,
    value: f32,
    ties: u32,
}

impl Best {
    fn new() -> Best {
        Best {
            action: Action::EndTurn,
            value: f32::NEG_INFINITY,
            ties: 0,
        }
    }

    #[inline]
    fn offer(&mut self, a: Action, v: f32, rng: &mut Rng) {
        if v > self.value + 1e-3 {
            self.action = a;
            self.value = v;
            self.ties = 1;
        } else if v >= self.value - 1e-3 {
            self.ties += 1;
            if below(rng, self.ties) == 0 {
                self.action = a;
            }
        }
    }
}

/// The planner's pick among `legal` (more than one action) in `s`.
pub(super) fn planner_choice(t: &Topology, s: &State, legal: &[Action], rng: &mut Rng) -> Action {
    let p = s.actor();
    match s.phase {
        Phase::PreRoll if legal.contains(&Action::Roll) => return pre_roll(t, s, p, legal),
        Phase::Robber => return robber_choice(t, s, p, legal, rng),
        Phase::SetupSettlement if s.setup_step < s.seats => {
            return setup::first_settlement(t, s, p, legal, rng);
        }
        _ => {}
    }
    let mut best = Best::new();
    for &a in legal {
        if let Some(v) = action_value(t, s, p, a, &WEIGHTS) {
            best.offer(a, v, rng);
        }
    }
    if best.value == f32::NEG_INFINITY {
        legal[0]
    } else {
        best.action
    }
}

/// The planner's value of taking `a` (one ply; the setup's settlements
/// look one road further), or `None` for an action it does not consider
/// (a bank trade towards no build).
pub(super) fn action_value(t: &Topology, s: &State, p: u8, a: Action, w: &Weights) -> Option<f32> {
    let mut next = *s;
    let mut bonus = 0.0;
    match a {
        Action::Settlement(c) if s.phase == Phase::SetupSettlement => {
            let w = &w.setup();
            next.apply_for(t, p, a);
            let mut best = f32::NEG_INFINITY;
            for e in bits(t.corner_edge_mask[c as usize] & !next.all_roads()) {
                let mut n2 = next;
                n2.apply_for(t, p, Action::Road(e));
                best = best.max(value_with(t, &n2, p, w));
            }
            return Some(if best == f32::NEG_INFINITY {
                value_with(t, &next, p, w)
            } else {
                best
            });
        }
        Action::Road(_) if matches!(s.phase, Phase::SetupRoad(_)) => {
            next.apply_for(t, p, a);
            return Some(value_with(t, &next, p, &w.setup()));
        }
        Action::Trade { give, get } => {
            if !builds::trade_completes(t, s, p, give, get)
                && !builds::trade_on_path(s, p, give, get)
            {
                return None;
            }
            next.apply_for(t, p, a);
            let v = value_with(t, &next, p, w);
            return Some(v.max(builds::build_after(t, &next, p, w) - w.follow_up));
        }
        // Cards taken can be spent at once: no penalty for a hand over
        // seven, and worth at least the build they pay for.
        Action::YearOfPlenty(..) | Action::Monopoly(_) => {
            next.apply_for(t, p, a);
            let over = next.hand_size(p).saturating_sub(7) as f32;
            let v = value_with(t, &next, p, w) + w.over * over;
            return Some(v.max(builds::build_after(t, &next, p, w) - w.follow_up));
        }
        Action::BuyDev => {
            next.pay(p, &DEV_COST);
            bonus = w.buy_dev;
        }
        Action::Knight => {
            next.apply_for(t, p, a);
            bonus = relief(t, s, p) * w.prod + 3.0 * w.card;
        }
        Action::RoadBuilding => {
            next.apply_for(t, p, a);
            bonus = w.dev_held + 2.0 * w.card * 2.0;
        }
        Action::Roll => {
            // Outside the plain pre-roll choice: rolling is what one
            // would do anyway.
            bonus = 1.0;
        }
        _ => next.apply_for(t, p, a),
    }
    let mut v = value_with(t, &next, p, w) + bonus;
    if a == Action::EndTurn {
        v += 0.25;
    }
    Some(v)
}

/// Before the dice: a knight when the robber blocks one's production or
/// the knight takes largest army; otherwise roll.
fn pre_roll(t: &Topology, s: &State, p: u8, legal: &[Action]) -> Action {
    if legal.contains(&Action::Knight) && (relief(t, s, p) >= 3.0 || s.knight_takes_army(p)) {
        return Action::Knight;
    }
    Action::Roll
}

/// The robber goes where it blocks the most production of the others,
/// the leaders counting more, never on one's own buildings if it can be
/// helped; it robs the leader there (the fuller hand on a tie).
fn robber_choice(t: &Topology, s: &State, p: u8, legal: &[Action], rng: &mut Rng) -> Action {
    let mut lead = [0.0f32; MAX_SEATS];
    let mut top = 0u8;
    for q in 0..s.seats {
        top = top.max(visible_points(s, q));
    }
    for q in 0..s.seats {
        let vp = visible_points(s, q);
        lead[q as usize] = 1.0 + vp as f32 / 3.0 + if vp == top { 0.7 } else { 0.0 };
    }
    let mut best = Best::new();
    for &a in legal {
        let Action::Robber { hex, victim, .. } = a else {
            continue;
        };
        let h = hex as usize;
        let pip = if t.hex_resource[h] < 5 {
            pips(t.hex_token[h]) as f32
        } else {
            0.0
        };
        let mut v = 0.0;
        for c in bits(t.hex_corner_mask[h] & s.all_buildings()) {
            let b = s.corners[c as usize];
            let q = b & !CITY;
            let k = if b & CITY != 0 { 2.0 } else { 1.0 };
            if q == p {
                v -= 4.0 * pip * k;
            } else {
                v += pip * k * lead[q as usize];
            }
        }
        if victim != NONE {
            v += 2.0 + lead[victim as usize] + 0.1 * s.hand_size(victim) as f32;
        }
        best.offer(a, v, rng);
    }
    if best.value == f32::NEG_INFINITY {
        legal[0]
    } else {
        best.action
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{base, board};
    use super::super::*;
    use super::*;
    use crate::boards::catan::CatanLayout;
    use crate::rng::seeded;

    #[test]
    fn the_same_seed_gives_the_same_planner_game() {
        let t = base();
        let mut buf = Vec::new();
        let bots = [Bot::Planner, Bot::Value, Bot::Planner, Bot::Random];
        for seed in 0..4 {
            let a = play_game(&t, &bots, seed, &mut buf, None).0;
            let b = play_game(&t, &bots, seed, &mut buf, None).0;
            assert_eq!(a, b);
        }
    }

    #[test]
    fn the_planner_is_deterministic_given_the_generator() {
        let t = base();
        let mut buf = Vec::new();
        let mut rng = seeded(9);
        let mut s = State::new(&t, 4, &mut rng);
        let mut steps = 0;
        while s.phase != Phase::Over && s.turns < 200 {
            s.legal(&t, &mut buf);
            let a = Bot::Planner.choose(&t, &s, &buf, &mut rng.clone());
            let b = Bot::Planner.choose(&t, &s, &buf, &mut rng.clone());
            assert_eq!(a, b);
            assert!(buf.contains(&a));
            let a = s.resolve(Bot::Planner.choose(&t, &s, &buf, &mut rng), &mut rng);
            s.apply(&t, a);
            steps += 1;
        }
        assert!(steps > 50);
    }

    #[test]
    fn the_planner_values_points_and_plays_whole_games() {
        let t = base();
        let mut s = State::new(&t, 4, &mut seeded(1));
        let before = planner_value(&t, &s, 0);
        s.apply(&t, Action::Settlement(20));
        assert!(planner_value(&t, &s, 0) > before + 50.0);
        let f = Topology::new(&board(CatanLayout::five_six())).unwrap();
        let mut buf = Vec::new();
        let (r, _) = play_game(&f, &[Bot::Planner; 6], 3, &mut buf, None);
        assert!(r.winner.is_some());
    }
}
