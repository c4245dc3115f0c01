//! The match thread: the only owner of the [`LocalMatch`]. It handles
//! each connection's messages in arrival order, runs the AI seats, deals
//! rounds and sends every seated person a fresh snapshot after each
//! change.

use super::super::super::agents::{Agent, EvalAgent};
use super::super::super::local_match::{Actor, LocalMatch};
use super::super::snapshot::TableSnapshot;
use super::super::{ClientMsg, HostMsg, NetError, PROTOCOL_VERSION, SeatSpec, to_line};
use super::{Ev, HostConfig, HostReport, SeatReport, StandIn};
use std::collections::BTreeMap;
use std::io::Write;
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// The longest the match thread sleeps before it looks at its clocks.
const TICK: Duration = Duration::from_millis(200);

/// What a malformed line is answered with.
const EXAMPLES: &str = "one JSON object per line, e.g. \
{\"Hello\":{\"version\":1,\"seat\":0,\"name\":\"Ana\"}}, {\"Open\":{\"tile\":[6,6]}}, \
{\"Play\":{\"mv\":{\"tile\":[5,6],\"arm\":0}}}, \"Pass\", \"Ready\", \"Bye\"";

/// One connection.
struct Conn {
    stream: TcpStream,
    peer: SocketAddr,
    seat: Option<u8>,
    name: String,
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
    stand_ins: Vec<StandIn>,
    refused: Vec<String>,
    tx: Option<Sender<Ev>>,
    sent: (u64, u64, u64),
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
            stand_ins: Vec::new(),
            refused: Vec::new(),
            tx: None,
            sent: (0, 0, 0),
        })
    }

    /// Run until the match is over or the host is stopped.
    pub(super) fn run(mut self, rx: Receiver<Ev>, tx: Sender<Ev>) -> HostReport {
        self.tx = Some(tx);
        let ended = loop {
            if let Some(why) = self.advance() {
                break why;
            }
            match rx.recv_timeout(self.next_wait()) {
                Ok(ev) => {
                    let mut stop = self.handle(ev);
                    while stop.is_none() {
                        match rx.try_recv() {
                            Ok(ev) => stop = self.handle(ev),
                            Err(_) => break,
                        }
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
        let due = if !self.started {
            self.cfg.start_after.map(|d| until(self.created + d))
        } else {
            match self.lm.next_actor() {
                Actor::Ai(_) => Some(until(self.last_change + self.cfg.ai_delay)),
                Actor::RoundOver => self
                    .round_over_since
                    .map(|t| until(t + self.cfg.round_pause)),
                _ => None,
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
                Actor::Human(_) => return None,
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
            Ev::Conn(id, stream, peer) => {
                self.conns.insert(
                    id,
                    Conn {
                        stream,
                        peer,
                        seat: None,
                        name: String::new(),
                    },
                );
            }
            Ev::Line(id, Ok(msg)) => self.on_msg(id, msg),
            Ev::Line(id, Err(text)) => {
                self.refuse(id, format!("malformed message {text}; expected {EXAMPLES}"));
            }
            Ev::Gone(id, why) => self.drop_conn(id, &why),
            Ev::Shutdown => return Some("the host was stopped".into()),
        }
        None
    }

    /// Who a connection is, for the refusal log.
    fn who(&self, id: u64) -> String {
        match self.conns.get(&id) {
            Some(Conn {
                seat: Some(s),
                name,
                ..
            }) => format!("seat {s} ({name})"),
            Some(c) => format!("connection {id} from {}", c.peer),
            None => format!("connection {id}"),
        }
    }

    fn refuse(&mut self, id: u64, reason: String) {
        self.refused.push(format!("{}: {reason}", self.who(id)));
        self.send(id, &HostMsg::Refused { reason });
    }

    fn send(&mut self, id: u64, msg: &HostMsg) {
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        let line = to_line(msg);
        match c.stream.write_all(line.as_bytes()) {
            Ok(()) => {
                let n = line.len() as u64;
                self.sent.0 += 1;
                self.sent.1 += n;
                self.sent.2 = self.sent.2.max(n);
            }
            Err(e) => {
                if let Some(tx) = &self.tx {
                    let _ = tx.send(Ev::Gone(id, format!("cannot be written to ({e})")));
                }
            }
        }
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
                },
            ) => return self.hello(id, version, seat, name),
            (_, ClientMsg::Bye) => return self.drop_conn(id, "said bye"),
            (None, _) => {
                return self.refuse(
                    id,
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
            return self.refuse(id, reason);
        }
        match self.lm.next_actor() {
            Actor::Human(s) if s == seat => {}
            Actor::Human(s) | Actor::Ai(s) => {
                let reason = format!("not your turn: seat {s} is to move (you are seat {seat})");
                return self.refuse(id, reason);
            }
            Actor::RoundOver => {
                return self.refuse(
                    id,
                    "the round is over: send \"Ready\" for the next deal".into(),
                );
            }
            Actor::MatchOver => return self.refuse(id, "the match is over".into()),
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
            Err(e) => self.refuse(id, e.to_string()),
        }
    }

    fn hello(&mut self, id: u64, version: u32, want: Option<u8>, name: String) {
        if let Some(s) = self.conns.get(&id).and_then(|c| c.seat) {
            let reason = format!("already seated at seat {s}; send \"Bye\" and reconnect to move");
            return self.refuse(id, reason);
        }
        if version != PROTOCOL_VERSION {
            let reason = format!(
                "protocol version {version} is not spoken here: this host speaks version {PROTOCOL_VERSION}"
            );
            self.refuse(id, reason.clone());
            self.send(id, &HostMsg::Closing { reason });
            return self.drop_conn(id, "wrong protocol version");
        }
        if self.lm.result().is_some() {
            return self.refuse(id, "the match is over".into());
        }
        let (humans, free) = (list(&self.human_seats()), list(&self.free_seats()));
        let seat = match want {
            Some(k) if k >= 4 => {
                let reason = format!(
                    "seat {k} does not exist: seats are 0..4 (human seats: {humans}; free: {free})"
                );
                return self.refuse(id, reason);
            }
            Some(k) => {
                if let SeatSpec::Ai(s) = &self.cfg.seats[k as usize] {
                    let reason = format!(
                        "seat {k} is an AI seat (ai:{s}); human seats: {humans}; free: {free}"
                    );
                    return self.refuse(id, reason);
                }
                if let Some(other) = self.seat_conn[k as usize] {
                    let by = self
                        .conns
                        .get(&other)
                        .map_or("someone", |c| c.name.as_str());
                    let reason = format!("seat {k} is taken by {by}; free human seats: {free}");
                    return self.refuse(id, reason);
                }
                k
            }
            None => match self.free_seats().first() {
                Some(&k) => k,
                None => {
                    let reason =
                        format!("no free human seat: the human seats ({humans}) are all taken");
                    return self.refuse(id, reason);
                }
            },
        };
        let name: String = name.trim().chars().take(40).collect();
        let name = if name.is_empty() {
            format!("seat {seat}")
        } else {
            name
        };
        if let Some(c) = self.conns.get_mut(&id) {
            c.seat = Some(seat);
            c.name = name.clone();
        }
        self.seat_conn[seat as usize] = Some(id);
        self.names[seat as usize] = name.clone();
        self.people[seat as usize].push(name);
        self.standing_in[seat as usize] = None;
        self.lm.set_agent(seat, None);
        let welcome = HostMsg::Welcome {
            version: PROTOCOL_VERSION,
            seat,
            names: self.names.clone(),
        };
        self.send(id, &welcome);
        self.last_change = Instant::now();
        self.broadcast();
    }

    /// A connection ended: an AI stands in for its seat at once.
    fn drop_conn(&mut self, id: u64, why: &str) {
        let Some(c) = self.conns.remove(&id) else {
            return;
        };
        let _ = c.stream.shutdown(Shutdown::Both);
        let Some(seat) = c.seat else {
            return;
        };
        self.seat_conn[seat as usize] = None;
        if self.lm.result().is_some() {
            return;
        }
        let agent: Box<dyn Agent> = self
            .cfg
            .stand_in
            .build()
            .unwrap_or_else(|_| Box::new(EvalAgent::basic()));
        self.lm.set_agent(seat, Some(agent));
        self.standing_in[seat as usize] = Some(Some(c.name.clone()));
        if self.started {
            self.stand_ins.push(StandIn {
                seat,
                person: Some(c.name),
                agent: self.cfg.stand_in.to_string(),
                round: self.lm.round_number(),
                why: why.to_string(),
            });
        }
        self.last_change = Instant::now();
        self.broadcast();
    }

    /// Tell every client why the host ends and close the connections.
    fn close_all(&mut self, why: &str) {
        let ids: Vec<u64> = self.conns.keys().copied().collect();
        for id in ids {
            self.send(
                id,
                &HostMsg::Closing {
                    reason: why.to_string(),
                },
            );
            if let Some(c) = self.conns.get(&id) {
                let _ = c.stream.shutdown(Shutdown::Write);
            }
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
            ended,
            messages_sent: self.sent.0,
            bytes_sent: self.sent.1,
            max_message_bytes: self.sent.2,
        }
    }
}
