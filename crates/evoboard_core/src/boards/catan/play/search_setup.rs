//! The search bot's setup settlements: the planner's best few spots, each
//! followed by the rest of the setup as the planners would play it (the
//! seats all planners, ties broken by one draw of the game's generator),
//! and valued after the setup by the seat's planner value less
//! [`OTHERS`] times the best other seat's.

use super::planner::{planner_choice, planner_value};
use super::search_bot::{BUF, MAX_K, candidates};
use super::state::{Action, Phase, State};
use super::topology::Topology;
use crate::rng::{Rng, RngCore, seeded};

/// Spots looked at (the planner's best).
const SPOTS: usize = 8;
/// How much the best other seat's value after the setup counts against
/// one's own.
const OTHERS: f32 = 0.6;

/// The search bot's pick among `legal` (setup settlements) in `s`.
pub(super) fn setup_choice(t: &Topology, s: &State, legal: &[Action], rng: &mut Rng) -> Action {
    let p = s.actor();
    let mut cand = [(Action::EndTurn, f32::NEG_INFINITY); MAX_K];
    let n = candidates(t, s, p, legal, SPOTS, &mut cand);
    if n == 0 {
        return planner_choice(t, s, legal, rng);
    }
    let seed = rng.next_u64();
    let mut best = (cand[0].0, f32::NEG_INFINITY);
    BUF.with(|b| {
        let buf = &mut *b.borrow_mut();
        for &(a, _) in &cand[..n] {
            let mut r = seeded(seed);
            let mut st = *s;
            st.apply(t, a);
            while matches!(st.phase, Phase::SetupSettlement | Phase::SetupRoad(_)) {
                let q = st.actor();
                st.legal(t, buf);
                let x = if buf.len() == 1 {
                    buf[0]
                } else {
                    planner_choice(t, &st, buf, &mut r)
                };
                st.apply_for(t, q, x);
            }
            let mut other = f32::NEG_INFINITY;
            for q in (0..st.seats).filter(|&q| q != p) {
                other = other.max(planner_value(t, &st, q));
            }
            let v = planner_value(t, &st, p) - OTHERS * other;
            if v > best.1 + 1e-3 {
                best = (a, v);
            }
        }
    });
    best.0
}
