//! The first settlement: the planner's best few spots, each valued with
//! the second settlement the others' picks likely leave it.

use super::super::state::{Action, State, bits};
use super::super::topology::{NONE, Topology};
use super::value::{WEIGHTS, value_with};
use super::{Best, action_value};
use crate::rng::Rng;

/// Spots of the first settlement looked at (the planner's best).
const FIRST: usize = 6;
/// Spots of the second settlement looked at (the richest left).
const SECOND: usize = 8;

/// The richest corner of `free` (the first on a tie), or [`NONE`].
fn richest(t: &Topology, free: u128) -> u8 {
    let mut top = (0u8, NONE);
    for c in bits(free) {
        let k = t.corner_pips[c as usize];
        if top.1 == NONE || k > top.0 {
            top = (k, c);
        }
    }
    top.1
}

/// `p`'s first settlement among `legal`: each of the planner's best
/// [`FIRST`] spots is valued as the planner values it plus
/// [`Weights::second_pick`](super::Weights) times the best position with
/// a second settlement, after the others, until `p`'s second turn, each
/// took the richest free spot (the best of the [`SECOND`] richest left).
pub(super) fn first_settlement(
    t: &Topology,
    s: &State,
    p: u8,
    legal: &[Action],
    rng: &mut Rng,
) -> Action {
    let w = &WEIGHTS;
    let mut cand = [(Action::EndTurn, f32::NEG_INFINITY); FIRST];
    for &a in legal {
        let Some(v) = action_value(t, s, p, a, w) else {
            continue;
        };
        if v > cand[FIRST - 1].1 {
            let mut i = FIRST - 1;
            while i > 0 && cand[i - 1].1 < v {
                cand[i] = cand[i - 1];
                i -= 1;
            }
            cand[i] = (a, v);
        }
    }
    let setup = w.setup();
    let others = 2 * (s.seats - 1 - p) as usize;
    let mut best = Best::new();
    for &(a, v) in &cand {
        let Action::Settlement(c) = a else {
            continue;
        };
        let mut next = *s;
        next.place_settlement(t, p, c);
        for _ in 0..others {
            let d = richest(t, t.all_corners & !next.blocked);
            if d == NONE {
                break;
            }
            next.blocked |= 1 << d | t.corner_adj_mask[d as usize];
        }
        let mut free = t.all_corners & !next.blocked;
        let mut second = f32::NEG_INFINITY;
        for _ in 0..SECOND {
            let d = richest(t, free);
            if d == NONE {
                break;
            }
            free &= !(1u128 << d);
            let mut n2 = next;
            n2.place_settlement(t, p, d);
            second = second.max(value_with(t, &n2, p, &setup));
        }
        if second > f32::NEG_INFINITY {
            best.offer(a, v + w.second_pick * second, rng);
        } else {
            best.offer(a, v, rng);
        }
    }
    if best.value == f32::NEG_INFINITY {
        legal[0]
    } else {
        best.action
    }
}
