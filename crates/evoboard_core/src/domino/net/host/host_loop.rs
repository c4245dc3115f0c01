//! The match thread: the only owner of the [`LocalMatch`]. It handles
//! each connection's messages in arrival order, runs the AI seats, deals
//! rounds and sends every seated person a fresh snapshot after each
//! change.

use super::super::super::agents::{Agent, EvalAgent};
use super::super::super::local_match::{Actor, LocalMatch};
use super::super::guard::GuessThrottle;
use super::super::snapshot::TableSnapshot;
use super::super::{ClientMsg, HostMsg, NetError, Refusal, SeatSpec};
use super::conn::ConnIo;
use super::{Ev, HostConfig, HostReport, SeatReport, StandIn};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod conns;
mod seats;

/// The longest the match thread sleeps before it looks at its clocks.
const TICK: Duration = Duration::from_millis(200);

/// What a malformed line is answered with.
const EXAMPLES: &str = "one JSON object per line, e.g. \
{\"Hello\":{\"version\":1,\"seat\":0,\"name\":\"Ana\"}}, {\"Open\":{\"tile\":[6,6]}}, \
{\"Play\":{\"mv\":{\"tile\":[5,6],\"arm\":0}}}, \"Pass\", \"Ready\", \"Bye\"";

/// One connection.
struct Conn {
    io: ConnIo,
    peer: SocketAddr,
    seat: Option<u8>,
    name: String,
    /// When it connected (an unseated one times out after [`HELLO_TIMEOUT`]).
    since: Instant,
}

/// The person who owns a seat: the first to take it, and the token that
/// lets them (and only them) come back.
struct Owner {
    token: String,
    name: String,
}

/// How a connection is ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Close {
    /// Send what is queued (a `Closing`, a refusal), then close.
    Polite,
    /// Cut at once (a flood, a client that does not read, a timeout).
    Cut,
}

/// The match and the people at it.
pub(super) struct HostLoop {
    cfg: HostConfig,
    lm: LocalMatch,
    conns: BTreeMap<u64, Conn>,
    seat_conn: [Option<u64>; 4],
    names: [String; 4],
    /// For a human seat played by the stand-in: the person it stands in
    /// for (`Some(None)`: nobody came yet).
    standing_in: [Option<Option<String>>; 4],
    started: bool,
    created: Instant,
    ready: [bool; 4],
    round_over_since: Option<Instant>,
    last_change: Instant,
    people: [Vec<String>; 4],
    owners: [Option<Owner>; 4],
    stand_ins: Vec<StandIn>,
    refused: Vec<String>,
    refused_count: u64,
    dropped: Vec<String>,
    dropped_count: u64,
    /// Connections to end once the current event is handled.
    to_drop: Vec<(u64, String, Close)>,
    /// The turn being timed: (round, tiles down, log length) and since when.
    turn: ((u32, usize, usize), Instant),
    /// A word for a seat, sent with its next snapshot.
    notice: [Option<String>; 4],
    turn_timeouts: [u32; 4],
    sent: (u64, u64, u64),
    /// Wrong join codes, throttled.
    guesses: GuessThrottle,
    /// Warnings for the person running the host (someone guesses the
    /// code), taken by [`HostHandle::alerts`](super::HostHandle::alerts).
    pub(super) alerts: Arc<Mutex<Vec<String>>>,
    /// When the last guessing warning was given.
    last_alert: Option<Instant>,
}

/// `0, 2` for a list of seats (`none` if empty).
fn list(seats: &[u8]) -> String {
    if seats.is_empty() {
        return "none".into();
    }
    let v: Vec<String> = seats.iter().map(u8::to_string).collect();
    v.join(", ")
}

impl HostLoop {
    /// The match of `cfg`, dealt; human seats wait for their people.
    pub(super) fn new(cfg: HostConfig) -> Result<HostLoop, NetError> {
        cfg.stand_in.build()?;
        let mut agents: [Option<Box<dyn Agent>>; 4] = [None, None, None, None];
        for (a, spec) in agents.iter_mut().zip(&cfg.seats) {
            *a = Some(match spec {
                SeatSpec::Ai(s) => s.build()?,
                SeatSpec::Human => cfg.stand_in.build()?,
            });
        }
        let names = std::array::from_fn(|k| match &cfg.seats[k] {
            SeatSpec::Human => format!("seat {k}"),
            SeatSpec::Ai(s) => format!("AI {s}"),
        });
        let standing_in =
            std::array::from_fn(|k| matches!(cfg.seats[k], SeatSpec::Human).then_some(None));
        let now = Instant::now();
        Ok(HostLoop {
            lm: LocalMatch::new(agents, cfg.seed),
            cfg,
            conns: BTreeMap::new(),
            seat_conn: [None; 4],
            names,
            standing_in,
            started: false,
            created: now,
            ready: [false; 4],
            round_over_since: None,
            last_change: now,
            people: Default::default(),
            owners: Default::default(),
            stand_ins: Vec::new(),
            refused: Vec::new(),
            refused_count: 0,
            dropped: Vec::new(),
            dropped_count: 0,
            to_drop: Vec::new(),
            turn: ((0, 0, 0), now),
            notice: Default::default(),
            turn_timeouts: [0; 4],
            sent: (0, 0, 0),
            guesses: GuessThrottle::new(now),
            alerts: Arc::new(Mutex::new(Vec::new())),
            last_alert: None,
        })
    }

    /// Run until the match is over or the host is stopped.
    pub(super) fn run(mut self, rx: Receiver<Ev>, asked: &AtomicBool) -> HostReport {
        let ended = loop {
            if asked.load(Ordering::Relaxed) {
                break "the host was stopped".into();
            }
            self.expire_unseated();
            self.flush_drops();
            let advanced = self.advance();
            self.flush_drops();
            if let Some(why) = advanced {
                break why;
            }
            match rx.recv_timeout(self.next_wait()) {
                Ok(ev) => {
                    let mut stop = self.handle(ev);
                    self.flush_drops();
                    while stop.is_none() {
                        match rx.try_recv() {
                            Ok(ev) => stop = self.handle(ev),
                            Err(_) => break,
                        }
                        self.flush_drops();
                    }
                    if let Some(why) = stop {
                        break why;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break "the host was stopped".into(),
            }
        };
        self.close_all(&ended);
        self.report(ended)
    }

    fn human_seats(&self) -> Vec<u8> {
        (0..4u8)
            .filter(|&k| matches!(self.cfg.seats[k as usize], SeatSpec::Human))
            .collect()
    }

    fn free_seats(&self) -> Vec<u8> {
        let mut v = self.human_seats();
        v.retain(|&k| self.seat_conn[k as usize].is_none());
        v
    }

    /// Seated people whose `Ready` the host still waits for.
    fn waiting_ready(&self) -> Vec<u8> {
        (0..4u8)
            .filter(|&k| self.seat_conn[k as usize].is_some() && !self.ready[k as usize])
            .collect()
    }

    /// How long to sleep for the next event.
    fn next_wait(&self) -> Duration {
        let now = Instant::now();
        let until = |t: Instant| t.saturating_duration_since(now);
        let after = |t: Instant, d: Duration| t.checked_add(d).map(until);
        let due = if !self.started {
            self.cfg.start_after.and_then(|d| after(self.created, d))
        } else {
            match self.lm.next_actor() {
                Actor::Ai(_) => after(self.last_change, self.cfg.ai_delay),
                Actor::RoundOver => self
                    .round_over_since
                    .and_then(|t| after(t, self.cfg.round_pause)),
                Actor::Human(_) => self.cfg.turn_time.and_then(|d| after(self.turn.1, d)),
                Actor::MatchOver => None,
            }
        };
        due.map_or(TICK, |d| d.min(TICK))
    }

    /// Start the match, run AI turns and deal rounds as far as the clocks
    /// allow; `Some(why)` when the match is over.
    fn advance(&mut self) -> Option<String> {
        if !self.started {
            let free = self.free_seats();
            let timed = self
                .cfg
                .start_after
                .is_some_and(|d| self.created.elapsed() >= d);
            if !free.is_empty() && !timed {
                return None;
            }
            self.started = true;
            for k in free {
                self.stand_ins.push(StandIn {
                    seat: k,
                    person: None,
                    agent: self.cfg.stand_in.to_string(),
                    round: 1,
                    why: "nobody came before the start".into(),
                });
            }
            self.last_change = Instant::now();
            self.broadcast();
        }
        loop {
            let now = Instant::now();
            match self.lm.next_actor() {
                Actor::Ai(_) => {
                    if now.duration_since(self.last_change) < self.cfg.ai_delay {
                        return None;
                    }
                    if let Err(e) = self.lm.ai_step() {
                        return Some(format!("the host failed: {e}"));
                    }
                    self.last_change = now;
                    self.broadcast();
                }
                Actor::Human(seat) => {
                    let key = (
                        self.lm.round_number(),
                        self.lm.placements().len(),
                        self.lm.log().len(),
                    );
                    if key != self.turn.0 {
                        self.turn = (key, now);
                    }
                    match self.cfg.turn_time {
                        Some(t) if now.duration_since(self.turn.1) >= t => {
                            if let Err(e) = self.play_for(seat, t) {
                                return Some(format!("the host failed: {e}"));
                            }
                        }
                        _ => return None,
                    }
                }
                Actor::RoundOver => {
                    let since = *self.round_over_since.get_or_insert(now);
                    if !self.waiting_ready().is_empty()
                        && now.duration_since(since) < self.cfg.round_pause
                    {
                        return None;
                    }
                    if let Err(e) = self.lm.next_round() {
                        return Some(format!("the host failed: {e}"));
                    }
                    self.round_over_since = None;
                    self.ready = [false; 4];
                    self.last_change = now;
                    self.broadcast();
                }
                Actor::MatchOver => {
                    let r = self.lm.result()?;
                    return Some(format!(
                        "the match is over: team {} (seats {}) won {}-{} after {} rounds",
                        ["A", "B"][r.winner],
                        ["0 and 2", "1 and 3"][r.winner],
                        r.score[r.winner],
                        r.score[1 - r.winner],
                        r.rounds
                    ));
                }
            }
        }
    }

    /// Handle one event; `Some(why)` stops the host.
    fn handle(&mut self, ev: Ev) -> Option<String> {
        match ev {
            Ev::Conn(id, io, peer) => {
                self.conns.insert(
                    id,
                    Conn {
                        io,
                        peer,
                        seat: None,
                        name: String::new(),
                        since: Instant::now(),
                    },
                );
            }
            Ev::Line(id, Ok(msg)) => self.on_msg(id, msg),
            Ev::Line(id, Err(text)) => {
                self.refuse(
                    id,
                    Refusal::Malformed,
                    format!("malformed message {text}; expected {EXAMPLES}"),
                );
            }
            Ev::Gone(id, why) => self.drop_conn(id, &why, Close::Cut),
            Ev::Shutdown => return Some("the host was stopped".into()),
        }
        None
    }

    /// What plays each seat, in words.
    fn players(&self) -> [String; 4] {
        std::array::from_fn(|k| match &self.cfg.seats[k] {
            SeatSpec::Ai(s) => format!("ai:{s}"),
            SeatSpec::Human if self.seat_conn[k].is_some() => "person".into(),
            SeatSpec::Human if !self.started => "waiting for a person".into(),
            SeatSpec::Human => match &self.standing_in[k] {
                Some(Some(p)) => format!("{} standing in for {p}", self.cfg.stand_in),
                _ => format!("{} standing in", self.cfg.stand_in),
            },
        })
    }

    /// What `seat` may know now, with the host's names and players.
    fn snapshot_for(&self, seat: u8) -> TableSnapshot {
        let mut s = self.lm.snapshot(seat);
        s.notice = self.notice[seat as usize].clone();
        s.names = self.names.clone();
        s.players = self.players();
        s.started = self.started;
        s.waiting_for = if !self.started {
            self.free_seats()
        } else if self.lm.next_actor() == Actor::RoundOver {
            self.waiting_ready()
        } else {
            Vec::new()
        };
        s
    }

    /// A fresh snapshot to every seated person.
    fn broadcast(&mut self) {
        let seated: Vec<(u64, u8)> = self
            .conns
            .iter()
            .filter_map(|(&id, c)| c.seat.map(|s| (id, s)))
            .collect();
        for (id, seat) in seated {
            let msg = HostMsg::Snapshot(Box::new(self.snapshot_for(seat)));
            self.send(id, &msg);
        }
        self.notice = Default::default();
    }

    /// The AI that stands in for a person (the configured one, else the
    /// basic evaluator).
    fn stand_in(&self) -> Box<dyn Agent> {
        self.cfg
            .stand_in
            .build()
            .unwrap_or_else(|_| Box::new(EvalAgent::basic()))
    }

    /// A person's turn time ran out: the stand-in plays this one turn for
    /// them, the seat stays theirs and is told.
    fn play_for(&mut self, seat: u8, t: Duration) -> Result<(), NetError> {
        let agent = self.stand_in();
        self.lm.set_agent(seat, Some(agent));
        let step = self.lm.ai_step();
        self.lm.set_agent(seat, None);
        step?;
        self.turn_timeouts[seat as usize] += 1;
        self.notice[seat as usize] = Some(format!(
            "your {} s for the turn ran out: {} played it for you",
            t.as_secs(),
            self.cfg.stand_in
        ));
        self.last_change = Instant::now();
        self.broadcast();
        Ok(())
    }

    fn on_msg(&mut self, id: u64, msg: ClientMsg) {
        let seat = self.conns.get(&id).and_then(|c| c.seat);
        let (seat, msg) = match (seat, msg) {
            (
                _,
                ClientMsg::Hello {
                    version,
                    seat,
                    name,
                    code,
                    token,
                },
            ) => return self.hello(id, version, seat, name, code, token),
            (_, ClientMsg::Bye) => return self.drop_conn(id, "said bye", Close::Polite),
            (None, _) => {
                return self.refuse(
                    id,
                    Refusal::HelloFirst,
                    "say Hello first: {\"Hello\":{\"version\":1,\"seat\":null,\"name\":\"Ana\"}}"
                        .into(),
                );
            }
            (Some(s), m) => (s, m),
        };
        if msg == ClientMsg::Ready {
            if self.lm.next_actor() == Actor::RoundOver {
                self.ready[seat as usize] = true;
            }
            return;
        }
        if !self.started {
            let reason = format!(
                "the match has not started: waiting for people at seats {}",
                list(&self.free_seats())
            );
            return self.refuse(id, Refusal::NotStarted, reason);
        }
        match self.lm.next_actor() {
            Actor::Human(s) if s == seat => {}
            Actor::Human(s) | Actor::Ai(s) => {
                let reason = format!("not your turn: seat {s} is to move (you are seat {seat})");
                return self.refuse(id, Refusal::NotYourTurn, reason);
            }
            Actor::RoundOver => {
                return self.refuse(
                    id,
                    Refusal::RoundOver,
                    "the round is over: send \"Ready\" for the next deal".into(),
                );
            }
            Actor::MatchOver => {
                return self.refuse(id, Refusal::MatchOver, "the match is over".into());
            }
        }
        let done = match msg {
            ClientMsg::Open { tile } => self.lm.human_open(tile),
            ClientMsg::Play { mv } => self.lm.human_play(mv),
            _ => self.lm.human_pass(),
        };
        match done {
            Ok(()) => {
                self.last_change = Instant::now();
                self.broadcast();
            }
            Err(e) => self.refuse(id, Refusal::IllegalMove, e.to_string()),
        }
    }

    fn report(&self, ended: String) -> HostReport {
        let r = self.lm.result();
        HostReport {
            winner_team: r.map(|r| r.winner),
            scores: self.lm.score(),
            rounds: self.lm.round_number(),
            seats: (0..4u8)
                .map(|k| SeatReport {
                    seat: k,
                    spec: self.cfg.seats[k as usize].to_string(),
                    people: self.people[k as usize].clone(),
                })
                .collect(),
            stand_ins: self.stand_ins.clone(),
            refused: self.refused.clone(),
            refused_count: self.refused_count,
            dropped: self.dropped.clone(),
            dropped_count: self.dropped_count,
            turn_timeouts: self.turn_timeouts,
            ended,
            messages_sent: self.sent.0,
            bytes_sent: self.sent.1,
            max_message_bytes: self.sent.2,
        }
    }
}
