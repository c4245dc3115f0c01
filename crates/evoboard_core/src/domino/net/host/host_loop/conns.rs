//! The match thread's side of the connections: queueing messages without
//! waiting, counting refusals, ending connections (politely or cut) and
//! the timeouts of connections that take no seat.

use super::super::super::guard::{HELLO_TIMEOUT, MAX_QUEUED_PER_CLIENT, REFUSALS_KEPT};
use super::super::super::{HostMsg, Refusal, to_line};
use super::super::StandIn;
use super::super::conn::QueueError;
use super::{Close, Conn, HostLoop};
use std::sync::Arc;
use std::time::Instant;

impl HostLoop {
    /// Who a connection is, for the refusal log.
    pub(super) fn who(&self, id: u64) -> String {
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

    /// Refuse a message: counted, the first [`REFUSALS_KEPT`] kept word
    /// for word, and the reason sent to the connection.
    pub(super) fn refuse(&mut self, id: u64, code: Refusal, reason: String) {
        self.refused_count += 1;
        if self.refused.len() < REFUSALS_KEPT {
            self.refused.push(format!("{}: {reason}", self.who(id)));
        }
        self.send(id, &HostMsg::Refused { code, reason });
    }

    /// Queue a message for a connection without waiting; a client whose
    /// queue is full (it does not read) or whose writer stopped is dropped
    /// once the current event is handled.
    pub(super) fn send(&mut self, id: u64, msg: &HostMsg) {
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        let line: Arc<str> = Arc::from(to_line(msg));
        let n = line.len() as u64;
        match c.io.queue(line) {
            Ok(()) => {
                self.sent.0 += 1;
                self.sent.1 += n;
                self.sent.2 = self.sent.2.max(n);
            }
            Err(QueueError::Full) => self.to_drop.push((
                id,
                format!("does not read: {MAX_QUEUED_PER_CLIENT} messages waited for it"),
                Close::Cut,
            )),
            Err(QueueError::Closed) => {
                self.to_drop
                    .push((id, "cannot be written to".into(), Close::Cut));
            }
        }
    }

    /// End the connections marked while handling an event.
    pub(super) fn flush_drops(&mut self) {
        while let Some((id, why, how)) = self.to_drop.pop() {
            self.drop_conn(id, &why, how);
        }
    }

    /// Drop connections that have not taken a seat within [`HELLO_TIMEOUT`].
    pub(super) fn expire_unseated(&mut self) {
        let late: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| c.seat.is_none() && c.since.elapsed() > HELLO_TIMEOUT)
            .map(|(&id, _)| id)
            .collect();
        for id in late {
            let why = format!("took no seat within {} s", HELLO_TIMEOUT.as_secs());
            self.to_drop.push((id, why, Close::Cut));
        }
    }

    /// A connection ended: an AI stands in for its seat at once. Before
    /// the start the seat is free again and its person is not credited.
    pub(super) fn drop_conn(&mut self, id: u64, why: &str, how: Close) {
        let Some(c) = self.conns.remove(&id) else {
            return;
        };
        if !matches!(why, "disconnected" | "said bye") {
            self.dropped_count += 1;
            if self.dropped.len() < REFUSALS_KEPT {
                self.dropped
                    .push(format!("connection {id} from {}: {why}", c.peer));
            }
        }
        match how {
            Close::Polite => c.io.close(),
            Close::Cut => c.io.cut(),
        }
        let Some(seat) = c.seat else {
            return;
        };
        if self.seat_conn[seat as usize] != Some(id) {
            return;
        }
        self.seat_conn[seat as usize] = None;
        if self.lm.result().is_some() {
            return;
        }
        if !self.started {
            // Gone before the start: the seat is free again, nobody is
            // credited, and the stand-in is ready should nobody come.
            self.owners[seat as usize] = None;
            self.people[seat as usize].pop();
            self.names[seat as usize] = format!("seat {seat}");
            self.lm.set_agent(seat, self.cfg.stand_in.build().ok());
            self.standing_in[seat as usize] = Some(None);
            self.last_change = Instant::now();
            self.broadcast();
            return;
        }
        let agent = self.stand_in();
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
    pub(super) fn close_all(&mut self, why: &str) {
        let ids: Vec<u64> = self.conns.keys().copied().collect();
        for id in ids {
            self.send(
                id,
                &HostMsg::Closing {
                    reason: why.to_string(),
                },
            );
        }
        for (_, c) in std::mem::take(&mut self.conns) {
            c.io.close();
        }
    }
}
