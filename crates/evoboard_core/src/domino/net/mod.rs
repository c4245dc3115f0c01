//! Seats over the network: a small versioned protocol over plain TCP, one
//! JSON object per line, with the host as the authority.
//!
//! The [`Host`] owns a [`LocalMatch`](super::LocalMatch): it deals, checks
//! every move, scores, runs the AI seats and sends each connected person a
//! [`TableSnapshot`] of what that seat may know after every change. A
//! client sends intents ([`ClientMsg`]) and draws what it is told
//! ([`HostMsg`]). [`Client`] is a blocking client (tests, bots), [`NetClient`]
//! a non-blocking one for a frame loop (a reader thread and a channel),
//! [`run_bot`] plays a seat headless with any agent.
//!
//! No async runtime and no Bevy: threads and `std::sync::mpsc`, so the host
//! and the bot build with `--no-default-features --features cli`.
//!
//! Messages, as JSON lines (serde's externally tagged enums):
//!
//! ```text
//! client → host  {"Hello":{"version":1,"seat":2,"name":"Ana","code":"K7QX3M","token":null}}
//!                {"Open":{"tile":[6,6]}}  {"Play":{"mv":{"tile":[5,6],"arm":0}}}
//!                "Pass"  "Ready"  "Bye"
//! host → client  {"Welcome":{"version":1,"seat":2,"names":[…],"token":"…"}}
//!                {"Snapshot":{…}}  {"Refused":{"reason":"…"}}  {"Closing":{"reason":"…"}}
//! ```

#[cfg(test)]
mod attack_tests;
mod bot;
mod client;
mod guard;
mod host;
#[cfg(test)]
mod lockout_tests;
mod record;
mod snapshot;
#[cfg(test)]
mod tests;

pub use bot::{BotResult, run_bot, run_bot_joined, run_bot_with};
pub use client::{Client, JoinOptions, NetClient};
pub use guard::{
    CONNECTS_BURST_PER_ADDRESS, CONNECTS_PER_MINUTE_PER_ADDRESS, HANDSHAKE_TIMEOUT, HELLO_TIMEOUT,
    JOIN_CODE_LEN, LINE_BURST, LINES_PER_SECOND, MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS,
    MAX_MATCH_QUEUE, MAX_NAME_CHARS, MAX_QUEUED_PER_CLIENT, PARTIAL_LINE_TIMEOUT, REFUSALS_KEPT,
    WRITE_TIMEOUT, WRONG_CODE_BURST, WRONG_CODE_BURST_NEW_ADDRESSES, WRONG_CODE_BURST_PER_ADDRESS,
    WRONG_CODES_PER_MINUTE, WRONG_CODES_PER_MINUTE_NEW_ADDRESSES,
    WRONG_CODES_PER_MINUTE_PER_ADDRESS, code_bits, new_join_code, sanitize_peer_text,
};
pub use host::{Host, HostConfig, HostHandle, HostReport, SeatReport, StandIn, parse_seats};
pub use snapshot::{
    LogEvent, LogLine, PlacedTile, PublicSummary, SeatChoice, SnapshotResult, TableSnapshot,
};

use super::error::DominoError;
use super::spec::AgentSpec;
use super::table::Move;
use super::tiles::Tile;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What kind of refusal a [`HostMsg::Refused`] (and a
/// [`NetError::Refused`]) is: a code a program matches, sent on the wire
/// beside the sentence a person reads.
///
/// ```
/// use evoboard_core::domino::net::{HostMsg, Refusal};
/// let line = r#"{"Refused":{"code":"WrongCode","reason":"wrong join code"}}"#;
/// let msg: HostMsg = serde_json::from_str(line).unwrap();
/// assert!(matches!(msg, HostMsg::Refused { code: Refusal::WrongCode, .. }));
/// // An older host sends no code.
/// let old: HostMsg = serde_json::from_str(r#"{"Refused":{"reason":"no"}}"#).unwrap();
/// assert!(matches!(old, HostMsg::Refused { code: Refusal::Other, .. }));
/// // A newer host's code this client does not know.
/// let new: HostMsg = serde_json::from_str(r#"{"Refused":{"code":"Later","reason":"no"}}"#).unwrap();
/// assert!(matches!(new, HostMsg::Refused { code: Refusal::Other, .. }));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Refusal {
    /// The line is no message of the protocol.
    Malformed,
    /// A message before `Hello`.
    HelloFirst,
    /// `Hello` from a connection that already has a seat.
    AlreadySeated,
    /// The client speaks another protocol version (the host closes).
    Version,
    /// The table needs its join code and none was given (the host closes).
    CodeNeeded,
    /// A wrong join code (the host closes).
    WrongCode,
    /// Too many wrong join codes from this address or in all: not even
    /// looked at (the host closes).
    Throttled,
    /// The name is refused (empty, too long, invisible characters, or it
    /// passes for the table's own labels).
    Name,
    /// No such seat (out of 0..4) or an AI seat.
    NoSuchSeat,
    /// The seat is someone else's (taken, or owned by a person who left;
    /// or the seat token is for another seat or for no seat here).
    SeatTaken,
    /// Every human seat has its person.
    TableFull,
    /// The match waits for people.
    NotStarted,
    /// Another seat is to move.
    NotYourTurn,
    /// The round is over: `Ready` is awaited.
    RoundOver,
    /// The match is over.
    MatchOver,
    /// The move breaks the rules.
    IllegalMove,
    /// The host closed the connection before granting a seat (a full host,
    /// the handshake's time ran out, the host stopping).
    Closed,
    /// A refusal this client does not know (an older or newer host).
    #[default]
    #[serde(other)]
    Other,
}
use std::str::FromStr;

/// The protocol version; a [`ClientMsg::Hello`] with another one is
/// refused.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest line a host reads from a client (64 KiB); a longer line
/// ends the connection.
pub const MAX_CLIENT_LINE: usize = 64 * 1024;

/// The longest line a client reads from the host (4 MiB).
pub const MAX_HOST_LINE: usize = 4 * 1024 * 1024;

/// The default TCP port of `evoboard domino host`.
pub const DEFAULT_PORT: u16 = 7878;

/// Who plays a seat of a hosted match.
///
/// Parsed from and printed as `human` or `ai:AGENT` (AGENT any agent name,
/// see [`AGENT_NAMES_HELP`](super::AGENT_NAMES_HELP)).
///
/// ```
/// use evoboard_core::domino::net::SeatSpec;
/// let s: SeatSpec = "ai:t1".parse()?;
/// assert_eq!(s.to_string(), "ai:t1");
/// assert_eq!("human".parse::<SeatSpec>()?, SeatSpec::Human);
/// assert!("robot".parse::<SeatSpec>().is_err());
/// # Ok::<(), evoboard_core::domino::net::NetError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum SeatSpec {
    /// A person, who joins over the network.
    Human,
    /// An AI run by the host.
    Ai(AgentSpec),
}

impl FromStr for SeatSpec {
    type Err = NetError;

    fn from_str(s: &str) -> Result<SeatSpec, NetError> {
        let s = s.trim();
        if s == "human" {
            return Ok(SeatSpec::Human);
        }
        match s.strip_prefix("ai:") {
            Some(agent) => agent
                .parse()
                .map(SeatSpec::Ai)
                .map_err(|e| NetError::BadSeat {
                    text: s.to_string(),
                    reason: e.to_string(),
                }),
            None => Err(NetError::BadSeat {
                text: s.to_string(),
                reason: "a seat is `human` or `ai:AGENT` (e.g. ai:t1, ai:mc:64)".into(),
            }),
        }
    }
}

impl fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatSpec::Human => write!(f, "human"),
            SeatSpec::Ai(a) => write!(f, "ai:{a}"),
        }
    }
}

/// A message from a client to the host, one JSON object per line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClientMsg {
    /// Take a seat: `seat` a human seat (0..4), or `None` for the first
    /// free one; with the seat's `token`, retakes it after a disconnect.
    Hello {
        /// Must be [`PROTOCOL_VERSION`].
        version: u32,
        /// The seat wanted.
        seat: Option<u8>,
        /// The person's name, shown to the others (1 to
        /// [`MAX_NAME_CHARS`] printable characters).
        name: String,
        /// The host's join code (required when the host has one).
        #[serde(default)]
        code: Option<String>,
        /// The seat token from an earlier [`HostMsg::Welcome`]: required to
        /// come back to a seat someone already took.
        #[serde(default)]
        token: Option<String>,
    },
    /// Open the round with this double (the seat's turn, spinner not down).
    Open {
        /// The double.
        tile: Tile,
    },
    /// Lay a tile on an arm.
    Play {
        /// The move.
        mv: Move,
    },
    /// Pass (only when nothing fits).
    Pass,
    /// Ready for the next round (after a round ends).
    Ready,
    /// Leaving; an AI stands in for the seat.
    Bye,
}

/// A message from the host to a client, one JSON object per line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum HostMsg {
    /// The seat was granted.
    Welcome {
        /// The host's [`PROTOCOL_VERSION`].
        version: u32,
        /// The seat granted.
        seat: u8,
        /// The names at the four seats.
        names: [String; 4],
        /// The seat's secret: keep it, and give it in
        /// [`ClientMsg::Hello`] to come back to this seat.
        #[serde(default)]
        token: String,
    },
    /// Everything the seat may know now; sent after every change.
    Snapshot(Box<TableSnapshot>),
    /// A message was refused (malformed, out of turn, illegal, seat
    /// taken…); the connection stays usable unless the host says
    /// [`HostMsg::Closing`].
    Refused {
        /// What kind of refusal, for a program to act on (missing from
        /// an older host's line: [`Refusal::Other`]).
        #[serde(default)]
        code: Refusal,
        /// Why, and what is allowed, for a person.
        reason: String,
    },
    /// The host is going away (match over, host stopped, version
    /// mismatch); the connection closes after it.
    Closing {
        /// Why.
        reason: String,
    },
}

impl HostMsg {
    /// The snapshot, if this is one.
    pub fn snapshot(&self) -> Option<&TableSnapshot> {
        match self {
            HostMsg::Snapshot(s) => Some(s),
            _ => None,
        }
    }
}

/// Why a network call failed; every message says what is allowed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum NetError {
    /// An address that does not parse or resolve.
    BadAddress {
        /// As given.
        addr: String,
        /// Why.
        reason: String,
    },
    /// A seat spelling that is neither `human` nor `ai:AGENT`.
    BadSeat {
        /// As given.
        text: String,
        /// What is allowed.
        reason: String,
    },
    /// A host configuration that cannot run.
    BadConfig {
        /// What is wrong and what is allowed.
        reason: String,
    },
    /// A socket error.
    Io {
        /// What was being done.
        what: String,
        /// The system's message.
        reason: String,
    },
    /// The host refused the request (seat taken, the table full, a wrong
    /// join code, seat out of 0..4, an AI seat, version mismatch…), or
    /// closed the connection before granting a seat.
    Refused {
        /// What kind of refusal.
        code: Refusal,
        /// The host's reason.
        reason: String,
    },
    /// The host ended the match or went away.
    HostEnded {
        /// Why (the host's [`HostMsg::Closing`] reason, or that the
        /// connection closed).
        reason: String,
    },
    /// The host sent something this client does not understand.
    Protocol {
        /// What.
        reason: String,
    },
    /// The engine refused (an agent that cannot be built, a bad state).
    Domino(DominoError),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::BadAddress { addr, reason } => write!(
                f,
                "bad address `{addr}`: {reason}; expected HOST:PORT, e.g. 127.0.0.1:{DEFAULT_PORT}"
            ),
            NetError::BadSeat { text, reason } => write!(f, "bad seat `{text}`: {reason}"),
            NetError::BadConfig { reason } => write!(f, "{reason}"),
            NetError::Io { what, reason } => write!(f, "{what}: {reason}"),
            NetError::Refused { reason, .. } => {
                write!(f, "the host refused: {}", crate::text_safe::clean(reason))
            }
            NetError::HostEnded { reason } => write!(
                f,
                "the host ended the match: {}",
                crate::text_safe::clean(reason)
            ),
            NetError::Protocol { reason } => write!(
                f,
                "the host sent something this client (protocol {PROTOCOL_VERSION}) does not understand: {}",
                crate::text_safe::clean(reason)
            ),
            NetError::Domino(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for NetError {}

impl From<DominoError> for NetError {
    fn from(e: DominoError) -> NetError {
        NetError::Domino(e)
    }
}

impl NetError {
    /// An [`NetError::Io`] for `what`.
    pub(crate) fn io(what: impl Into<String>, e: std::io::Error) -> NetError {
        NetError::Io {
            what: what.into(),
            reason: e.to_string(),
        }
    }
}

/// One JSON line (with its `\n`) for a message.
pub(crate) fn to_line<T: Serialize>(msg: &T) -> String {
    let mut s = serde_json::to_string(msg).unwrap_or_else(|e| format!("\"unserializable: {e}\""));
    s.push('\n');
    s
}

/// Resolve `HOST:PORT` to a socket address.
pub(crate) fn resolve(addr: &str) -> Result<std::net::SocketAddr, NetError> {
    use std::net::ToSocketAddrs;
    let bad = |reason: String| NetError::BadAddress {
        addr: addr.to_string(),
        reason,
    };
    let mut it = addr.to_socket_addrs().map_err(|e| bad(e.to_string()))?;
    it.next()
        .ok_or_else(|| bad("it resolves to no address".into()))
}
