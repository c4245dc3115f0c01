//! A headless client that plays its seat with an agent: tests, bots and
//! `evoboard domino join --bot AGENT`.

use super::super::advisor::{Turn, choose_turn};
use super::super::agents::Agent;
use super::client::{Client, JoinOptions};
use super::snapshot::SnapshotResult;
use super::{ClientMsg, HostMsg, NetError};
use crate::rng::derive_seed;
use serde::Serialize;

/// How a bot's match went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BotResult {
    /// The seat it played.
    pub seat: u8,
    /// The winning team (0 = seats 0 and 2).
    pub winner_team: usize,
    /// The final score (team A, team B).
    pub scores: [u32; 2],
    /// Rounds played.
    pub rounds: u32,
    /// Messages received from the host (welcome and closing included).
    pub messages_received: u64,
    /// How many of its messages the host refused (0 when all is well).
    pub refused: u64,
    /// The seat's token from the host's welcome (to come back to it).
    pub token: String,
}

/// Play seat `seat` (`None`: the first free human seat) of the match at
/// `addr` with `agent` until the match is over; see [`run_bot_with`].
pub fn run_bot(
    addr: &str,
    seat: Option<u8>,
    name: &str,
    agent: &dyn Agent,
) -> Result<BotResult, NetError> {
    run_bot_with(addr, seat, name, agent, &mut |_| {})
}

/// [`run_bot`], showing every message after the welcome to `on_msg`.
///
/// On each snapshot where its seat must act, the bot asks
/// [`choose_turn`] with the snapshot's
/// [`public_round`](super::TableSnapshot::public_round) (a seed from the
/// seat, round and turn, so the same match plays the same) and sends the
/// turn once; after each round it sends `Ready`. Errors: the connection
/// or seat refused, or the host ending before the match is over
/// ([`NetError::HostEnded`]).
pub fn run_bot_with(
    addr: &str,
    seat: Option<u8>,
    name: &str,
    agent: &dyn Agent,
    on_msg: &mut dyn FnMut(&HostMsg),
) -> Result<BotResult, NetError> {
    run_bot_joined(addr, &JoinOptions::new(seat, name), agent, on_msg)
}

/// [`run_bot_with`] with a join code and a seat token ([`JoinOptions`]).
pub fn run_bot_joined(
    addr: &str,
    join: &JoinOptions,
    agent: &dyn Agent,
    on_msg: &mut dyn FnMut(&HostMsg),
) -> Result<BotResult, NetError> {
    let mut c = Client::join(addr, join)?;
    let me = c.seat();
    let mut acted: Option<(u32, usize)> = None;
    let mut readied: Option<u32> = None;
    let mut result: Option<SnapshotResult> = None;
    let mut refused = 0;
    loop {
        let msg = match c.recv() {
            Ok(m) => m,
            Err(NetError::HostEnded { reason }) => {
                return match result {
                    Some(r) => Ok(BotResult {
                        seat: me,
                        winner_team: r.winner_team,
                        scores: r.scores,
                        rounds: r.rounds,
                        messages_received: c.messages_received(),
                        refused,
                        token: c.token().to_string(),
                    }),
                    None => Err(NetError::HostEnded { reason }),
                };
            }
            Err(e) => return Err(e),
        };
        on_msg(&msg);
        let s = match &msg {
            HostMsg::Snapshot(s) => s,
            HostMsg::Refused { .. } => {
                refused += 1;
                continue;
            }
            _ => continue,
        };
        if s.result.is_some() {
            result = s.result;
            continue;
        }
        let key = (s.round_number, s.history.len());
        if s.started && s.my_turn() && acted != Some(key) {
            acted = Some(key);
            let seed = derive_seed(derive_seed(me as u64, s.round_number as u64), key.1 as u64);
            let out = match choose_turn(agent, &s.public_round(), seed)? {
                Turn::Open(tile) => ClientMsg::Open { tile },
                Turn::Play(mv) => ClientMsg::Play { mv },
                Turn::Pass => ClientMsg::Pass,
            };
            c.send(&out)?;
        }
        if s.round_over && readied != Some(s.round_number) {
            readied = Some(s.round_number);
            c.send(&ClientMsg::Ready)?;
        }
    }
}
