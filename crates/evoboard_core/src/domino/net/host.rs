//! The host: a listening socket, a reader and a writer thread per
//! connection (`host/conn.rs`), and one thread that owns the match
//! (`host/host_loop.rs`) and is the only one to change it.

use super::super::spec::{AgentSpec, EvalSpec, Preset};
use super::guard::MAX_MATCH_QUEUE;
use super::{ClientMsg, DEFAULT_PORT, NetError, SeatSpec};
use serde::Serialize;
use std::net::{SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

mod admission;
mod conn;
mod host_loop;

use conn::ConnIo;

/// The longest `start_after`, `round_pause` or turn time a host takes (one day).
pub const MAX_HOST_WAIT: Duration = Duration::from_secs(24 * 3600);

/// The default time a person has for one turn before the stand-in plays it.
pub const DEFAULT_TURN_TIME: Duration = Duration::from_secs(60);

/// How a hosted match is set up.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// Who plays each seat.
    pub seats: [SeatSpec; 4],
    /// The match seed (deals, AI tie-breaks).
    pub seed: u64,
    /// The address to listen on (`0.0.0.0`: every interface).
    pub bind: String,
    /// The TCP port (0: any free port, see [`HostHandle::local_addr`]).
    pub port: u16,
    /// How long an AI seat waits before it moves, so people can follow.
    pub ai_delay: Duration,
    /// The AI that plays for a person who left (or has not come yet when
    /// the match starts without them).
    pub stand_in: AgentSpec,
    /// After a round, how long the host waits for every person's `Ready`
    /// before it deals anyway.
    pub round_pause: Duration,
    /// Start with stand-ins for the human seats still empty after this
    /// long (`None`: wait until every human seat has a person).
    pub start_after: Option<Duration>,
    /// The code a client must give in its `Hello` (`None`: anyone may
    /// join; `domino host` always sets one, see [`new_join_code`](super::new_join_code)).
    pub join_code: Option<String>,
    /// How long a person has for one turn before the stand-in plays that
    /// turn for them and the seat is told (`None`: no limit).
    pub turn_time: Option<Duration>,
}

impl Default for HostConfig {
    fn default() -> HostConfig {
        let t1 = Preset::named("t1").map_or(AgentSpec::Eval(EvalSpec::Basic), |p| {
            AgentSpec::Eval(EvalSpec::Preset(p))
        });
        HostConfig {
            seats: [
                SeatSpec::Human,
                SeatSpec::Ai(t1.clone()),
                SeatSpec::Human,
                SeatSpec::Ai(t1.clone()),
            ],
            seed: 1,
            bind: "0.0.0.0".into(),
            port: DEFAULT_PORT,
            ai_delay: Duration::from_millis(600),
            stand_in: t1,
            round_pause: Duration::from_secs(20),
            start_after: None,
            join_code: None,
            turn_time: Some(DEFAULT_TURN_TIME),
        }
    }
}

/// Four seats from `human,ai:t1,human,ai:t1` (an agent's own commas, as in
/// `ai:coef:1,2,3,4,5,6,7`, stay with it).
///
/// ```
/// use evoboard_core::domino::net::{SeatSpec, parse_seats};
/// let s = parse_seats("human,ai:t1,human,ai:coef:1,2,3,4,5,6,7")?;
/// assert_eq!(s[0], SeatSpec::Human);
/// assert_eq!(s[3].to_string(), "ai:coef:1,2,3,4,5,6,7");
/// assert!(parse_seats("human,human").is_err());
/// # Ok::<(), evoboard_core::domino::net::NetError>(())
/// ```
pub fn parse_seats(text: &str) -> Result<[SeatSpec; 4], NetError> {
    let mut parts: Vec<String> = Vec::new();
    for piece in text.split(',') {
        let p = piece.trim();
        match parts.last_mut() {
            Some(last) if !(p == "human" || p.starts_with("ai:")) && last.starts_with("ai:") => {
                last.push(',');
                last.push_str(p);
            }
            _ => parts.push(p.to_string()),
        }
    }
    let seats = parts
        .iter()
        .map(|p| p.parse())
        .collect::<Result<Vec<SeatSpec>, NetError>>()?;
    seats
        .try_into()
        .map_err(|v: Vec<SeatSpec>| NetError::BadConfig {
            reason: format!(
                "--seats takes four seats (0, 1, 2, 3), each `human` or `ai:AGENT`, e.g. \
             human,ai:t1,human,ai:t1; got {} in `{text}`",
                v.len()
            ),
        })
}

/// Who sat at a seat during a hosted match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatReport {
    /// The seat.
    pub seat: u8,
    /// How it was set up (`human`, `ai:t1`).
    pub spec: String,
    /// The people who sat there, in order (a rejoin appears again).
    pub people: Vec<String>,
}

/// An AI that took a person's seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandIn {
    /// The seat.
    pub seat: u8,
    /// The person it stood in for (`None`: nobody had come when the match
    /// started).
    pub person: Option<String>,
    /// The agent.
    pub agent: String,
    /// The round it took over in.
    pub round: u32,
    /// Why (`disconnected`, `said bye`, `never came`…).
    pub why: String,
}

/// How a hosted match went.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HostReport {
    /// The winning team (0 = seats 0 and 2), `None` if the host stopped
    /// before the end.
    pub winner_team: Option<usize>,
    /// The score (team A, team B).
    pub scores: [u32; 2],
    /// Rounds played (the current one if stopped).
    pub rounds: u32,
    /// Who sat where.
    pub seats: Vec<SeatReport>,
    /// Every AI stand-in.
    pub stand_ins: Vec<StandIn>,
    /// The first refused messages ([`REFUSALS_KEPT`](super::REFUSALS_KEPT)
    /// at most, peer text cleaned): who sent it and why.
    pub refused: Vec<String>,
    /// How many messages were refused in all.
    pub refused_count: u64,
    /// Connections dropped by the host's guards (wrong join code, a flood,
    /// a client that does not read, a timeout, the host full), with why;
    /// the first [`REFUSALS_KEPT`](super::REFUSALS_KEPT).
    pub dropped: Vec<String>,
    /// How many connections the guards dropped in all.
    pub dropped_count: u64,
    /// Turns the stand-in played for a person whose turn time ran out, per
    /// seat.
    pub turn_timeouts: [u32; 4],
    /// Why the host ended (`the match is over`, `the host was stopped`).
    pub ended: String,
    /// Messages sent to clients.
    pub messages_sent: u64,
    /// Bytes sent to clients.
    pub bytes_sent: u64,
    /// The largest message sent, in bytes.
    pub max_message_bytes: u64,
}

/// What the reader threads and the handle tell the match thread.
pub(super) enum Ev {
    /// A new connection (its id, its writer and socket, the peer).
    Conn(u64, ConnIo, SocketAddr),
    /// A line from a connection, parsed or not.
    Line(u64, Result<ClientMsg, String>),
    /// A connection ended.
    Gone(u64, String),
    /// [`HostHandle::shutdown`].
    Shutdown,
}

impl HostConfig {
    /// Check the limits: waits within `MAX_HOST_WAIT` (a day), a join code of 4
    /// to 32 letters and digits.
    pub fn check(&self) -> Result<(), NetError> {
        let bad = |reason: String| Err(NetError::BadConfig { reason });
        let waits = [
            ("the round pause", Some(self.round_pause)),
            ("the AI delay", Some(self.ai_delay)),
            ("start after", self.start_after),
            ("the turn time", self.turn_time),
        ];
        for (what, d) in waits {
            if d.is_some_and(|d| d > MAX_HOST_WAIT) {
                return bad(format!(
                    "{what} is at most {} s (one day)",
                    MAX_HOST_WAIT.as_secs()
                ));
            }
        }
        if let Some(c) = &self.join_code
            && (!(4..=32).contains(&c.len()) || !c.chars().all(|c| c.is_ascii_alphanumeric()))
        {
            return bad(format!(
                "a join code is 4 to 32 letters and digits, e.g. K7QX3M; got `{}`",
                super::sanitize_peer_text(c)
            ));
        }
        Ok(())
    }
}

/// Starts hosted matches.
#[derive(Debug)]
pub struct Host;

impl Host {
    /// Listen on `cfg.bind:cfg.port` and run the match on its own thread.
    /// Errors: an address that does not parse, a port in use, an agent
    /// that cannot be built.
    pub fn start(cfg: HostConfig) -> Result<HostHandle, NetError> {
        cfg.check()?;
        let addr = format!("{}:{}", cfg.bind, cfg.port);
        let sock = super::resolve(&addr)?;
        let listener = TcpListener::bind(sock)
            .map_err(|e| NetError::io(format!("cannot listen on {addr}"), e))?;
        let local = listener
            .local_addr()
            .map_err(|e| NetError::io("cannot read the listening address", e))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| NetError::io("cannot set up the listener", e))?;
        let code = cfg.join_code.clone();
        let state = host_loop::HostLoop::new(cfg)?;
        let alerts = Arc::clone(&state.alerts);
        let (tx, rx) = sync_channel(MAX_MATCH_QUEUE);
        let stop = Arc::new(AtomicBool::new(false));
        let asked = Arc::new(AtomicBool::new(false));
        let accept_tx = tx.clone();
        let accept_stop = Arc::clone(&stop);
        let acceptor = std::thread::Builder::new()
            .name("domino-net-accept".into())
            .spawn(move || conn::accept_loop(listener, accept_tx, accept_stop))
            .map_err(|e| NetError::io("cannot start the accept thread", e))?;
        let loop_stop = Arc::clone(&stop);
        let loop_asked = Arc::clone(&asked);
        let join = std::thread::Builder::new()
            .name("domino-net-host".into())
            .spawn(move || {
                let report = state.run(rx, &loop_asked);
                loop_stop.store(true, Ordering::Relaxed);
                report
            })
            .map_err(|e| NetError::io("cannot start the host thread", e))?;
        Ok(HostHandle {
            addr: local,
            code,
            tx,
            join: Some(join),
            acceptor: Some(acceptor),
            stop,
            asked,
            alerts,
        })
    }
}

/// A running host.
#[derive(Debug)]
pub struct HostHandle {
    addr: SocketAddr,
    code: Option<String>,
    tx: SyncSender<Ev>,
    join: Option<JoinHandle<HostReport>>,
    acceptor: Option<JoinHandle<()>>,
    stop: Arc<AtomicBool>,
    /// [`HostHandle::shutdown`] was asked (seen even when the queue is full).
    asked: Arc<AtomicBool>,
    alerts: Arc<Mutex<Vec<String>>>,
}

impl std::fmt::Debug for Ev {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ev::Conn(id, _, peer) => write!(f, "Conn({id}, {peer})"),
            Ev::Line(id, l) => write!(f, "Line({id}, {l:?})"),
            Ev::Gone(id, why) => write!(f, "Gone({id}, {why})"),
            Ev::Shutdown => write!(f, "Shutdown"),
        }
    }
}

impl HostHandle {
    /// The address the host listens on (the real port when started with
    /// port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The join code clients must give (`None`: an open table).
    pub fn join_code(&self) -> Option<&str> {
        self.code.as_deref()
    }

    /// Warnings for the person running the host since the last call
    /// (someone guessing the join code), oldest first.
    pub fn alerts(&self) -> Vec<String> {
        self.alerts
            .lock()
            .map(|mut a| std::mem::take(&mut *a))
            .unwrap_or_default()
    }

    /// Whether the match has ended (its thread has finished).
    pub fn has_ended(&self) -> bool {
        self.join.as_ref().is_none_or(|j| j.is_finished())
    }

    /// Stop the host: every client gets [`HostMsg::Closing`](super::HostMsg::Closing)
    /// and the connection closes; [`HostHandle::wait`] then returns.
    pub fn shutdown(&self) {
        self.asked.store(true, Ordering::Relaxed);
        let _ = self.tx.try_send(Ev::Shutdown);
    }

    /// Wait for the match to end (or [`HostHandle::shutdown`]) and report.
    pub fn wait(mut self) -> HostReport {
        let report = self.join.take().map(|j| j.join());
        self.stop.store(true, Ordering::Relaxed);
        // The listener is closed once `wait` returns.
        if let Some(a) = self.acceptor.take() {
            let _ = a.join();
        }
        match report {
            Some(Ok(r)) => r,
            _ => HostReport {
                winner_team: None,
                scores: [0, 0],
                rounds: 0,
                seats: Vec::new(),
                stand_ins: Vec::new(),
                refused: Vec::new(),
                refused_count: 0,
                dropped: Vec::new(),
                dropped_count: 0,
                turn_timeouts: [0; 4],
                ended: "the host thread failed".into(),
                messages_sent: 0,
                bytes_sent: 0,
                max_message_bytes: 0,
            },
        }
    }
}

impl Drop for HostHandle {
    fn drop(&mut self) {
        if self.join.is_some() {
            self.asked.store(true, Ordering::Relaxed);
            let _ = self.tx.try_send(Ev::Shutdown);
        }
        self.stop.store(true, Ordering::Relaxed);
    }
}
