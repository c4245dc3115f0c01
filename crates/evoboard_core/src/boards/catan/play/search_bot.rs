//! The search bot: flat Monte Carlo over the planner's best few actions.
//! Each candidate is tried in the same set of truncated rollouts (common
//! random numbers): the hidden cards re-dealt from what the seat can see
//! ([`determinize`]: the undrawn development deck and the other seats'
//! unplayed development cards, shuffled together and dealt back in the
//! same numbers), the candidate applied, then the planner plays every
//! seat to the end of the decision's turn; the leaf is the seat's
//! [`planner_value`] less the best opponent's (a win or loss on the way
//! counts as such). The main phase (and special building) is searched
//! so; a setup settlement is chosen by playing the rest of the setup
//! with planners ([`super::search_setup`]); the robber, discards and the
//! roll are left to the planner. Every draw comes from the game's
//! generator (one draw seeds the rollouts), and the rollouts reuse one
//! thread-local buffer: nothing is allocated per candidate.

use super::planner::{WEIGHTS, action_value, planner_choice, planner_value};
use super::state::{Action, Phase, State, below};
use super::topology::Topology;
use crate::rng::{Rng, RngCore, derive_seed, seeded};
use std::cell::RefCell;

/// How hard to search one kind of decision.
#[derive(Clone, Copy, Debug)]
struct Effort {
    /// Candidates (the planner's best).
    k: usize,
    /// Rollouts per candidate.
    n: u32,
    /// Turns each rollout plays past the decision's turn.
    turns: u16,
    /// Candidates the planner values this far below its best are dropped.
    margin: f32,
}

/// A decision of the main phase: a horizon of one turn (the rest of the
/// seat's own turn, played by the planner) measured best; longer
/// horizons and searched setup placements both lost strength against
/// planners (the setup is left to the planner).
const MAIN: Effort = Effort {
    k: 8,
    n: 16,
    turns: 1,
    margin: 120.0,
};
/// Most candidates of any effort.
pub(super) const MAX_K: usize = 8;
/// Leaf value of a win (a loss counts its negative).
const WIN: f32 = 2000.0;

thread_local! {
    /// The legal-action buffer of the rollouts.
    pub(super) static BUF: RefCell<Vec<Action>> = RefCell::new(Vec::with_capacity(128));
}

/// The search bot's pick among `legal` (more than one action) in `s`.
pub(super) fn search_choice(t: &Topology, s: &State, legal: &[Action], rng: &mut Rng) -> Action {
    match s.phase {
        Phase::Main | Phase::SpecialBuild(_) => search(t, s, legal, rng, MAIN),
        Phase::SetupSettlement => super::search_setup::setup_choice(t, s, legal, rng),
        _ => planner_choice(t, s, legal, rng),
    }
}

fn search(t: &Topology, s: &State, legal: &[Action], rng: &mut Rng, e: Effort) -> Action {
    let p = s.actor();
    let mut cand = [(Action::EndTurn, f32::NEG_INFINITY); MAX_K];
    let mut n = candidates(t, s, p, legal, e.k, &mut cand);
    if n == 0 {
        return planner_choice(t, s, legal, rng);
    }
    while n > 1 && cand[n - 1].1 < cand[0].1 - e.margin {
        n -= 1;
    }
    if n == 1 {
        return cand[0].0;
    }
    let base = rng.next_u64();
    let mut total = [0.0f32; MAX_K];
    BUF.with(|b| {
        let buf = &mut *b.borrow_mut();
        for j in 0..e.n {
            let seed = derive_seed(base, j as u64);
            for (k, &(a, _)) in cand[..n].iter().enumerate() {
                let mut r = seeded(seed);
                let mut st = *s;
                determinize(&mut st, p, &mut r);
                let a = st.resolve(a, &mut r);
                st.apply(t, a);
                rollout(t, &mut st, s.turns + e.turns, &mut r, buf);
                total[k] += leaf(t, &st, p);
            }
        }
    });
    let mut best = 0;
    let mut ties = 1;
    for k in 1..n {
        if total[k] > total[best] + 1e-3 {
            best = k;
            ties = 1;
        } else if total[k] >= total[best] - 1e-3 {
            ties += 1;
            if below(rng, ties) == 0 {
                best = k;
            }
        }
    }
    cand[best].0
}

/// The planner's best `k` (at most [`MAX_K`]) of `legal` for `p` into
/// `cand`, best first (earlier actions first on ties); how many.
pub(super) fn candidates(
    t: &Topology,
    s: &State,
    p: u8,
    legal: &[Action],
    k: usize,
    cand: &mut [(Action, f32); MAX_K],
) -> usize {
    let mut n = 0;
    for &a in legal {
        let Some(v) = action_value(t, s, p, a, &WEIGHTS) else {
            continue;
        };
        if n == k && v <= cand[n - 1].1 {
            continue;
        }
        let mut i = n.min(k - 1);
        if n < k {
            n += 1;
        }
        while i > 0 && cand[i - 1].1 < v {
            cand[i] = cand[i - 1];
            i -= 1;
        }
        cand[i] = (a, v);
    }
    n
}

/// Play `s` on with the planner at every seat until the turn `until`
/// begins or the game ends.
fn rollout(t: &Topology, s: &mut State, until: u16, rng: &mut Rng, buf: &mut Vec<Action>) {
    while s.phase != Phase::Over && !(s.turns >= until && s.phase == Phase::PreRoll) {
        let p = s.actor();
        s.legal(t, buf);
        let a = if buf.len() == 1 {
            buf[0]
        } else {
            planner_choice(t, s, buf, rng)
        };
        let a = s.resolve(a, rng);
        s.apply_for(t, p, a);
    }
}

/// The leaf value for `p`: its planner value less the best opponent's,
/// or a win or a loss.
fn leaf(t: &Topology, s: &State, p: u8) -> f32 {
    if s.phase == Phase::Over {
        return if s.winner == p { WIN } else { -WIN };
    }
    let mine = planner_value(t, s, p);
    let mut best = f32::NEG_INFINITY;
    for q in (0..s.seats).filter(|&q| q != p) {
        best = best.max(planner_value(t, s, q));
    }
    mine - best
}

/// Re-deal what `me` cannot see: the undrawn development cards and the
/// other seats' unplayed ones (held and bought this turn), shuffled
/// together by `rng` and dealt back in the same numbers. The cards dealt
/// depend only on how many of each kind are out of `me`'s sight (public:
/// the deck less `me`'s cards and the cards played) and on `rng`, not on
/// where they are.
pub(super) fn determinize(s: &mut State, me: u8, rng: &mut Rng) {
    let mut counts = [0u8; 5];
    for &k in &s.deck[s.deck_pos as usize..s.deck_len as usize] {
        counts[k as usize] += 1;
    }
    let seats = s.seats as usize;
    for q in (0..seats).filter(|&q| q != me as usize) {
        for (k, n) in counts.iter_mut().enumerate() {
            *n += s.dev[q][k] + s.dev_new[q][k];
        }
    }
    let mut pool = [0u8; 34];
    let mut n = 0;
    for (k, &c) in counts.iter().enumerate() {
        for _ in 0..c {
            pool[n] = k as u8;
            n += 1;
        }
    }
    if n < 2 {
        return;
    }
    for i in (1..n).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        pool.swap(i, j);
    }
    let mut next = 0;
    let mut deal = |hand: &mut [u8; 5]| {
        let m: u8 = hand.iter().sum();
        *hand = [0; 5];
        for _ in 0..m {
            hand[pool[next] as usize] += 1;
            next += 1;
        }
    };
    for q in (0..seats).filter(|&q| q != me as usize) {
        deal(&mut s.dev[q]);
        deal(&mut s.dev_new[q]);
    }
    let start = s.deck_pos as usize;
    let len = s.deck_len as usize;
    s.deck[start..len].copy_from_slice(&pool[next..n]);
    debug_assert_eq!(len - start, n - next);
}

#[cfg(test)]
mod tests {
    use super::super::tests::base;
    use super::super::*;
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_search_game() {
        let t = base();
        let mut buf = Vec::new();
        let bots = [Bot::Planner, Bot::Search, Bot::Planner, Bot::Value];
        let a = play_game(&t, &bots, 7, &mut buf, None).0;
        let b = play_game(&t, &bots, 7, &mut buf, None).0;
        assert_eq!(a, b);
        assert!(a.winner.is_some());
    }

    /// A game played by planners up to turn `turns`, with cards bought.
    fn midgame(t: &Topology, turns: u16) -> (State, crate::rng::Rng) {
        let mut rng = seeded(5);
        let mut s = State::new(t, 4, &mut rng);
        let mut buf = Vec::new();
        while s.turns < turns && s.phase != Phase::Over {
            s.legal(t, &mut buf);
            let a = Bot::Planner.choose(t, &s, &buf, &mut rng);
            let a = s.resolve(a, &mut rng);
            s.apply(t, a);
        }
        (s, rng)
    }

    #[test]
    fn the_search_bot_does_not_read_hidden_cards() {
        let t = base();
        let (mut s, rng) = midgame(&t, 40);
        // Seat 1 holds some unplayed cards and the deck has cards left.
        s.dev[1] = [1, 0, 1, 0, 1];
        let mut counts = [0u8; 5];
        for &k in &s.deck[s.deck_pos as usize..s.deck_len as usize] {
            counts[k as usize] += 1;
        }
        assert!(s.deck_len - s.deck_pos > 5);
        let mut buf = Vec::new();
        let mut decided = 0;
        // Walk the game on; at each main-phase decision of the searcher,
        // a state with the deck reordered and seat 1's cards swapped for
        // the deck's gives the same pick.
        let mut rng = rng;
        for _ in 0..300 {
            if s.phase == Phase::Over {
                break;
            }
            s.legal(&t, &mut buf);
            if s.phase == Phase::Main && buf.len() > 1 {
                let mut other = s;
                let (a, b) = (other.deck_pos as usize, other.deck_len as usize);
                other.deck[a..b].reverse();
                // Swap one of seat 1's cards with a deck card of another kind.
                let q = 1 + (s.actor() == 1) as usize;
                if let Some(k) = (0..5).find(|&k| other.dev[q][k] > 0)
                    && let Some(pos) = (a..b).find(|&i| other.deck[i] as usize != k)
                {
                    let j = other.deck[pos] as usize;
                    other.dev[q][k] -= 1;
                    other.dev[q][j] += 1;
                    other.deck[pos] = k as u8;
                }
                let x = Bot::Search.choose(&t, &s, &buf, &mut rng.clone());
                let y = Bot::Search.choose(&t, &other, &buf, &mut rng.clone());
                assert_eq!(x, y);
                decided += 1;
            }
            let a = Bot::Planner.choose(&t, &s, &buf, &mut rng);
            let a = s.resolve(a, &mut rng);
            s.apply(&t, a);
        }
        assert!(decided > 5, "{decided} decisions compared");
    }

    #[test]
    fn determinizing_keeps_the_counts_and_the_seats_own_cards() {
        let t = base();
        let (mut s, _) = midgame(&t, 40);
        s.dev[0] = [2, 1, 0, 0, 1];
        s.dev[2] = [1, 0, 1, 1, 0];
        s.dev_new[3] = [1, 0, 0, 0, 0];
        let before = s;
        let mut rng = seeded(3);
        determinize(&mut s, 0, &mut rng);
        assert_eq!(s.dev[0], before.dev[0]);
        let total = |s: &State| {
            let mut c = [0u8; 5];
            for &k in &s.deck[s.deck_pos as usize..s.deck_len as usize] {
                c[k as usize] += 1;
            }
            for q in 1..4 {
                for (k, n) in c.iter_mut().enumerate() {
                    *n += s.dev[q][k] + s.dev_new[q][k];
                }
            }
            c
        };
        assert_eq!(total(&s), total(&before));
        for q in 1..4 {
            assert_eq!(
                s.dev[q].iter().sum::<u8>(),
                before.dev[q].iter().sum::<u8>()
            );
            assert_eq!(
                s.dev_new[q].iter().sum::<u8>(),
                before.dev_new[q].iter().sum::<u8>()
            );
        }
    }

    /// The strength figures (slow: run in release with `--ignored`):
    /// one searcher against three planners and one planner against three
    /// value bots, rotated, on the beginner island and the standard one.
    #[test]
    #[ignore]
    fn strength_figures() {
        use super::super::tests::board;
        use crate::boards::catan::CatanLayout;
        let games = std::env::var("FIG_GAMES")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(2000);
        let threads = std::env::var("FIG_THREADS")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(2);
        let search_only = std::env::var("FIG_SEARCH_ONLY").is_ok();
        let beginner = crate::boards::analysis::catan_table::official_beginner();
        let (official, _) = placed_harbours(beginner, 1);
        let standard = board(CatanLayout::base());
        for (hero, foe) in [(Bot::Planner, Bot::Value), (Bot::Search, Bot::Planner)] {
            if search_only && hero != Bot::Search {
                continue;
            }
            for (name, b) in [("official", &official), ("standard", &standard)] {
                let mut bots = [foe; MAX_SEATS];
                bots[0] = hero;
                let cfg = PlayConfig {
                    seats: 4,
                    bots,
                    rotate: true,
                    ..PlayConfig::uniform(games, foe, 1, threads)
                };
                let r = play_test(b, &cfg, &|_| true).unwrap();
                let s = r.lineup_win_share[0];
                println!(
                    "{hero} vs 3 {foe} on {name}: {} / {} decided, share {:.3} [{:.3}, {:.3}], {:.1} games/s",
                    s.wins,
                    r.games - r.draws,
                    s.share,
                    s.low,
                    s.high,
                    r.games_per_sec
                );
            }
        }
    }
}
