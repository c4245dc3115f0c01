//! The host: a listening socket, a reader thread per connection, and one
//! thread that owns the match (`host/host_loop.rs`) and is the
//! only one to change it.

use super::super::spec::{AgentSpec, EvalSpec, Preset};
use super::client::{LineRead, read_line_limited};
use super::{ClientMsg, DEFAULT_PORT, MAX_CLIENT_LINE, NetError, SeatSpec};
use serde::Serialize;
use std::io::BufReader;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

mod host_loop;

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
        }
    }
}

/// Four seats from `human,ai:t1,human,ai:t1` (an agent's own commas, as in
/// `ai:coef:1,2,3,4,5,6,7`, stay with it).
///
/// ```
/// use evoboard::domino::net::{SeatSpec, parse_seats};
/// let s = parse_seats("human,ai:t1,human,ai:coef:1,2,3,4,5,6,7")?;
/// assert_eq!(s[0], SeatSpec::Human);
/// assert_eq!(s[3].to_string(), "ai:coef:1,2,3,4,5,6,7");
/// assert!(parse_seats("human,human").is_err());
/// # Ok::<(), evoboard::domino::net::NetError>(())
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
    /// Every refused message: who sent it and why.
    pub refused: Vec<String>,
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
    /// A new connection (its id, a socket to write to, the peer).
    Conn(u64, TcpStream, SocketAddr),
    /// A line from a connection, parsed or not.
    Line(u64, Result<ClientMsg, String>),
    /// A connection ended.
    Gone(u64, String),
    /// [`HostHandle::shutdown`].
    Shutdown,
}

/// Starts hosted matches.
#[derive(Debug)]
pub struct Host;

impl Host {
    /// Listen on `cfg.bind:cfg.port` and run the match on its own thread.
    /// Errors: an address that does not parse, a port in use, an agent
    /// that cannot be built.
    pub fn start(cfg: HostConfig) -> Result<HostHandle, NetError> {
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
        let state = host_loop::HostLoop::new(cfg)?;
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let accept_tx = tx.clone();
        let accept_stop = Arc::clone(&stop);
        let acceptor = std::thread::Builder::new()
            .name("domino-net-accept".into())
            .spawn(move || accept_loop(listener, accept_tx, accept_stop))
            .map_err(|e| NetError::io("cannot start the accept thread", e))?;
        let loop_tx = tx.clone();
        let loop_stop = Arc::clone(&stop);
        let join = std::thread::Builder::new()
            .name("domino-net-host".into())
            .spawn(move || {
                let report = state.run(rx, loop_tx);
                loop_stop.store(true, Ordering::Relaxed);
                report
            })
            .map_err(|e| NetError::io("cannot start the host thread", e))?;
        Ok(HostHandle {
            addr: local,
            tx,
            join: Some(join),
            acceptor: Some(acceptor),
            stop,
        })
    }
}

/// A running host.
#[derive(Debug)]
pub struct HostHandle {
    addr: SocketAddr,
    tx: Sender<Ev>,
    join: Option<JoinHandle<HostReport>>,
    acceptor: Option<JoinHandle<()>>,
    stop: Arc<AtomicBool>,
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

    /// Whether the match has ended (its thread has finished).
    pub fn has_ended(&self) -> bool {
        self.join.as_ref().is_none_or(|j| j.is_finished())
    }

    /// Stop the host: every client gets [`HostMsg::Closing`](super::HostMsg::Closing)
    /// and the connection closes; [`HostHandle::wait`] then returns.
    pub fn shutdown(&self) {
        let _ = self.tx.send(Ev::Shutdown);
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
            let _ = self.tx.send(Ev::Shutdown);
        }
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Accept connections until `stop`; each gets a reader thread.
fn accept_loop(listener: TcpListener, tx: Sender<Ev>, stop: Arc<AtomicBool>) {
    let mut next_id = 1u64;
    while !stop.load(Ordering::Relaxed) {
        match listener.accept() {
            Ok((stream, peer)) => {
                let id = next_id;
                next_id += 1;
                let _ = stream.set_nonblocking(false);
                let _ = stream.set_nodelay(true);
                let _ = stream.set_write_timeout(Some(Duration::from_secs(10)));
                let Ok(writer) = stream.try_clone() else {
                    continue;
                };
                if tx.send(Ev::Conn(id, writer, peer)).is_err() {
                    return;
                }
                let rtx = tx.clone();
                let spawned = std::thread::Builder::new()
                    .name(format!("domino-net-conn-{id}"))
                    .spawn(move || read_loop(id, stream, rtx));
                if spawned.is_err() {
                    let _ = tx.send(Ev::Gone(id, "the host could not start a reader".into()));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

/// Read a connection's lines and pass them on until it ends.
fn read_loop(id: u64, stream: TcpStream, tx: Sender<Ev>) {
    let mut reader = BufReader::new(stream);
    let mut buf = Vec::new();
    let why = loop {
        match read_line_limited(&mut reader, &mut buf, MAX_CLIENT_LINE) {
            Ok(LineRead::Line) => {}
            Ok(LineRead::Eof) => break "disconnected".to_string(),
            Ok(LineRead::TooLong) => {
                break format!("sent a line over {MAX_CLIENT_LINE} bytes (the limit)");
            }
            Err(e) => break format!("connection failed ({e})"),
        }
        if buf.iter().all(u8::is_ascii_whitespace) {
            buf.clear();
            continue;
        }
        let msg = serde_json::from_slice::<ClientMsg>(&buf).map_err(|e| {
            let text = String::from_utf8_lossy(&buf[..buf.len().min(80)]).into_owned();
            format!("`{text}` ({e})")
        });
        buf.clear();
        if tx.send(Ev::Line(id, msg)).is_err() {
            return;
        }
    };
    let _ = tx.send(Ev::Gone(id, why));
}
