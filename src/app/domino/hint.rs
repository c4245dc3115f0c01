//! The hint: on a person's turn, "Hint" (or H) asks what the AI partner
//! would play there, as a background job, and the screen lists every
//! option with its expected points, the best one's tile outlined.
//!
//! The search is the Monte Carlo agent with [`HINT_DETERMINIZATIONS`]
//! (256) sampled deals; its playout policy is the partner's evaluation
//! agent when the partner is one (t1…t4, s1…s4, basic, hand), else the
//! default policy (t1). It sees only what the person's seat sees. The
//! seed is derived from the match seed, the round and the number of turns
//! played, so the same position always gives the same hint.

use super::DominoGame;
use crate::app::shell::jobs::{JobSlot, ScreenJob, panicked};
use crate::domino::net::TableSnapshot;
use crate::domino::{
    AgentSpec, DEFAULT_POLICY, EvalAgent, Hint, MonteCarloAgent, Round, Tile, Turn, hint_public,
    hint_round,
};
use crate::plugin::JobPanicked;
use crate::rng::derive_seed;
use bevy::prelude::*;

/// Sampled deals per hint (the strength-3 search).
pub const HINT_DETERMINIZATIONS: u32 = 256;

/// The position a hint is for: seat, round, turns logged so far.
pub type HintKey = (u8, u32, usize);

/// The hint on screen and the one being computed.
#[derive(Resource, Default)]
pub struct DominoHint {
    /// The position asked about.
    pub key: Option<HintKey>,
    /// The search's seed for that position.
    pub seed: u64,
    /// The playout policy used (an agent name).
    pub policy: String,
    /// The hint, or why there is none.
    pub result: Option<Result<Hint, String>>,
    /// Ask on every person's turn (`--show hint`).
    pub always: bool,
    job: JobSlot<HintOutcome>,
}

/// What a hint job gives: the hint, or why there is none.
pub type HintOutcome = Result<Hint, String>;

impl std::fmt::Debug for DominoHint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DominoHint")
            .field("key", &self.key)
            .field("seed", &self.seed)
            .field("pending", &self.pending())
            .finish()
    }
}

impl DominoHint {
    /// Whether a hint is being computed.
    pub fn pending(&self) -> bool {
        self.job.busy()
    }

    /// The best option's tile (to outline in the hand).
    pub fn best_tile(&self) -> Option<Tile> {
        match self.result.as_ref()?.as_ref().ok()?.best {
            Turn::Open(t) => Some(t),
            Turn::Play(m) => Some(m.tile),
            Turn::Pass => None,
        }
    }

    /// Start computing for `key` with `work` on a background thread.
    fn start(
        &mut self,
        key: HintKey,
        seed: u64,
        policy: String,
        work: impl FnOnce() -> Result<Hint, String> + Send + 'static,
    ) {
        self.key = Some(key);
        self.seed = seed;
        self.policy = policy;
        self.result = None;
        self.job.start("domino hint", work);
    }

    /// Forget the hint of a position that has passed (a running search is
    /// cancelled).
    fn forget_stale(&mut self, now: Option<HintKey>) {
        if self.key.is_some() && self.key != now {
            self.forget();
        }
    }

    /// Forget the hint (the screen went away; a running search is
    /// cancelled and asked again when the screen is back).
    pub fn forget(&mut self) {
        self.key = None;
        self.result = None;
        self.job.cancel();
    }
}

impl ScreenJob<HintOutcome> for DominoHint {
    fn slot(&mut self) -> &mut JobSlot<HintOutcome> {
        &mut self.job
    }
    fn finished(&mut self, outcome: Result<HintOutcome, JobPanicked>) {
        self.result = Some(outcome.unwrap_or_else(|why| Err(panicked("hint's search", &why))));
    }
}

/// The seed of the hint for a position (same position, same hint).
pub fn hint_seed(match_seed: u64, key: HintKey) -> u64 {
    derive_seed(
        derive_seed(match_seed, 0x4849_4e54),
        ((key.1 as u64) << 32) | ((key.2 as u64) << 3) | key.0 as u64,
    )
}

/// The playout policy: the partner's evaluation agent when it has one
/// (`partner_agent` its agent name), else the default (t1).
pub fn hint_policy(partner_agent: Option<&str>) -> (String, EvalAgent) {
    let own = partner_agent
        .and_then(|n| n.parse::<AgentSpec>().ok())
        .and_then(|s| match s {
            AgentSpec::Eval(e) => e.build().ok().map(|a| (e.to_string(), a)),
            AgentSpec::Search(_) => None,
        });
    own.unwrap_or_else(|| {
        let fallback = DEFAULT_POLICY
            .parse::<AgentSpec>()
            .ok()
            .and_then(|s| match s {
                AgentSpec::Eval(e) => e.build().ok(),
                AgentSpec::Search(_) => None,
            })
            .unwrap_or_else(EvalAgent::basic);
        (DEFAULT_POLICY.to_string(), fallback)
    })
}

/// The position of the local person to move whose hand is shown.
pub fn local_key(g: &DominoGame) -> Option<HintKey> {
    let seat = g.shown_hand()?;
    super::input::shown_to_move(g).then(|| (seat, g.game.round_number(), g.game.log().len()))
}

/// Ask for a hint for the local person to move (the "Hint" button and H).
pub fn request_local(g: &DominoGame, hint: &mut DominoHint) {
    let Some(key) = local_key(g) else { return };
    if hint.key == Some(key) {
        return;
    }
    let partner = (key.0 + 2) % 4;
    let (policy_name, policy) = hint_policy(g.seats[partner as usize].agent_name().as_deref());
    let seed = hint_seed(g.game.seed(), key);
    let round: Round = g.game.round().clone();
    hint.start(key, seed, policy_name, move || {
        let agent = MonteCarloAgent::new(HINT_DETERMINIZATIONS, policy);
        hint_round(&round, key.0, &agent, seed).map_err(|e| e.to_string())
    });
}

/// The position of a networked seat to move.
pub fn remote_key(s: &TableSnapshot) -> Option<HintKey> {
    s.my_turn()
        .then(|| (s.seat, s.round_number, s.history.len() + s.log.len()))
}

/// Ask for a hint in a networked match (from the snapshot: only what the
/// seat knows).
pub fn request_remote(s: &TableSnapshot, match_seed: u64, hint: &mut DominoHint) {
    let Some(key) = remote_key(s) else { return };
    if hint.key == Some(key) {
        return;
    }
    let partner = ((key.0 + 2) % 4) as usize;
    let agent = s.players[partner].strip_prefix("ai:");
    let (policy_name, policy) = hint_policy(agent);
    let seed = hint_seed(match_seed, key);
    let state = s.public_round();
    hint.start(key, seed, policy_name, move || {
        let agent = MonteCarloAgent::new(HINT_DETERMINIZATIONS, policy);
        hint_public(&state, &agent, seed).map_err(|e| e.to_string())
    });
}

/// Every frame: drop a stale hint, and with `--show hint` ask on every
/// person's turn (the hint itself arrives with its job's end).
pub fn follow_hint(
    game: Option<Res<DominoGame>>,
    net: Option<Res<super::DominoNet>>,
    mut hint: ResMut<DominoHint>,
) {
    let now = match (&net, &game) {
        (Some(n), _) => n.snapshot.as_ref().and_then(remote_key),
        (None, Some(g)) => local_key(g),
        _ => None,
    };
    hint.forget_stale(now);
    if hint.always && hint.key.is_none() {
        match (&net, &game) {
            (Some(n), _) => {
                if let Some(s) = &n.snapshot {
                    request_remote(s, 0, &mut hint);
                }
            }
            (None, Some(g)) => request_local(g, &mut hint),
            _ => {}
        }
    }
}
