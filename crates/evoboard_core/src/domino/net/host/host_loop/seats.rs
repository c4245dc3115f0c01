//! Who may sit where: the join code, seat owners and their tokens, and the
//! name checked at `Hello`.

use super::super::super::guard::{
    Verdict, WRONG_CODES_PER_MINUTE, WRONG_CODES_PER_MINUTE_NEW_ADDRESSES, check_name,
    new_seat_token, same_secret,
};
use super::super::super::{HostMsg, PROTOCOL_VERSION, Refusal, SeatSpec};
use super::{Close, HostLoop, Owner, list};
use std::time::{Duration, Instant};

impl HostLoop {
    /// Human seats nobody sits at or owns: what a `Hello` without a token
    /// may take.
    fn open_seats(&self) -> Vec<u8> {
        let mut v = self.human_seats();
        v.retain(|&k| self.seat_conn[k as usize].is_none() && self.owners[k as usize].is_none());
        v
    }

    /// Refuse, say `Closing`, and close the connection once handled; the
    /// host's log says why in a few words, from the code.
    fn refuse_and_close(&mut self, id: u64, code: Refusal, reason: String) {
        let why = match code {
            Refusal::Version => "wrong protocol version",
            Refusal::Throttled => "throttled: too many wrong join codes",
            Refusal::WrongCode => "gave a wrong join code",
            Refusal::CodeNeeded => "gave no join code",
            _ => "refused",
        };
        self.refuse(id, code, reason.clone());
        self.send(id, &HostMsg::Closing { reason });
        self.to_drop.push((id, why.to_string(), Close::Polite));
    }

    /// A `Hello`: check the version, the join code and the name, then
    /// grant a seat: an open one, or with its token the seat the token
    /// owns (a stale connection at it is cut).
    pub(super) fn hello(
        &mut self,
        id: u64,
        version: u32,
        want: Option<u8>,
        name: String,
        code: Option<String>,
        token: Option<String>,
    ) {
        if let Some(s) = self.conns.get(&id).and_then(|c| c.seat) {
            let reason = format!("already seated at seat {s}; send \"Bye\" and reconnect to move");
            return self.refuse(id, Refusal::AlreadySeated, reason);
        }
        if version != PROTOCOL_VERSION {
            let reason = format!(
                "protocol version {version} is not spoken here: this host speaks version {PROTOCOL_VERSION}"
            );
            return self.refuse_and_close(id, Refusal::Version, reason);
        }
        if let Some(expected) = self.cfg.join_code.clone() {
            let given = code.as_deref().map(|c| c.trim().to_ascii_uppercase());
            let peer = self.conns.get(&id).map(|c| c.peer.ip());
            if let (Some(_), Some(ip)) = (&given, peer)
                && let Verdict::Throttled(reason) = self.guesses.verdict(ip, Instant::now())
            {
                self.guess_alert();
                return self.refuse_and_close(id, Refusal::Throttled, reason);
            }
            match given {
                Some(c) if same_secret(&c, &expected.to_ascii_uppercase()) => {}
                Some(_) => {
                    if let Some(ip) = peer {
                        self.guesses.wrong_code(ip, Instant::now());
                    }
                    self.guess_alert();
                    let reason = "wrong join code: ask the host for the code it printed".into();
                    return self.refuse_and_close(id, Refusal::WrongCode, reason);
                }
                None => {
                    let reason = "this table needs its join code: ask the host for the code it \
                                  printed and join with --code CODE"
                        .into();
                    return self.refuse_and_close(id, Refusal::CodeNeeded, reason);
                }
            }
        }
        let name = match check_name(&name) {
            Ok(n) => n,
            Err(reason) => return self.refuse(id, Refusal::Name, reason),
        };
        if self.lm.result().is_some() {
            return self.refuse(id, Refusal::MatchOver, "the match is over".into());
        }
        let Some(seat) = self.pick_seat(id, want, token.as_deref().filter(|t| !t.is_empty()))
        else {
            return;
        };
        // The owner came back while their old connection still hangs: the
        // old one goes, without a stand-in.
        if let Some(other) = self.seat_conn[seat as usize].filter(|&o| o != id) {
            if let Some(c) = self.conns.get_mut(&other) {
                c.seat = None;
            }
            let why = "its seat was taken back with the seat's token";
            self.to_drop.push((other, why.into(), Close::Cut));
        }
        let name = if name.is_empty() {
            format!("seat {seat}")
        } else {
            name
        };
        let token = match &mut self.owners[seat as usize] {
            Some(o) => {
                o.name = name.clone();
                o.token.clone()
            }
            None => {
                let token = new_seat_token();
                self.owners[seat as usize] = Some(Owner {
                    token: token.clone(),
                    name: name.clone(),
                });
                token
            }
        };
        if let Some(c) = self.conns.get_mut(&id) {
            c.seat = Some(seat);
            c.name = name.clone();
            c.io.seated();
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
            token,
        };
        self.send(id, &welcome);
        self.last_change = Instant::now();
        self.broadcast();
    }

    /// Tell the person running the host that someone guesses the join
    /// code: at the first wrong code, then at most every 10 s.
    fn guess_alert(&mut self) {
        let now = Instant::now();
        if self
            .last_alert
            .is_some_and(|t| now.duration_since(t) < Duration::from_secs(10))
        {
            return;
        }
        self.last_alert = Some(now);
        let g = &self.guesses;
        let text = format!(
            "someone may be guessing the join code: {} wrong codes from {} addresses so far, \
             {} more refused unchecked by the throttle (at most {} a minute are looked at)",
            g.wrong,
            g.addresses,
            g.throttled,
            WRONG_CODES_PER_MINUTE + WRONG_CODES_PER_MINUTE_NEW_ADDRESSES
        );
        if let Ok(mut a) = self.alerts.lock()
            && a.len() < 1000
        {
            a.push(text);
        }
    }

    /// The seat a `Hello` may have, or `None` after refusing it.
    fn pick_seat(&mut self, id: u64, want: Option<u8>, token: Option<&str>) -> Option<u8> {
        let (humans, open) = (list(&self.human_seats()), list(&self.open_seats()));
        if let Some(tok) = token {
            let owned = (0..4u8).find(|&k| {
                self.owners[k as usize]
                    .as_ref()
                    .is_some_and(|o| same_secret(&o.token, tok))
            });
            let reason = match (owned, want) {
                (Some(k), Some(w)) if w != k => {
                    format!("this seat token is for seat {k}, not seat {w}")
                }
                (Some(k), _) => return Some(k),
                (None, _) => format!(
                    "this seat token belongs to no seat here (a token is good only at the host \
                     that gave it); free human seats: {open}"
                ),
            };
            self.refuse(id, Refusal::SeatTaken, reason);
            return None;
        }
        let (code, reason) = match want {
            Some(k) if k >= 4 => (
                Refusal::NoSuchSeat,
                format!(
                    "seat {k} does not exist: seats are 0..4 (human seats: {humans}; free: {open})"
                ),
            ),
            Some(k) => {
                if let SeatSpec::Ai(s) = &self.cfg.seats[k as usize] {
                    (
                        Refusal::NoSuchSeat,
                        format!(
                            "seat {k} is an AI seat (ai:{s}); human seats: {humans}; free: {open}"
                        ),
                    )
                } else if let Some(other) = self.seat_conn[k as usize] {
                    let by = self
                        .conns
                        .get(&other)
                        .map_or("someone", |c| c.name.as_str());
                    (
                        Refusal::SeatTaken,
                        format!("seat {k} is taken by {by}; free human seats: {open}"),
                    )
                } else if let Some(o) = &self.owners[k as usize] {
                    (
                        Refusal::SeatTaken,
                        format!(
                            "seat {k} is {}'s: coming back to it needs the seat token their \
                             client was given; free human seats: {open}",
                            o.name
                        ),
                    )
                } else {
                    return Some(k);
                }
            }
            None => match self.open_seats().first() {
                Some(&k) => return Some(k),
                None => (
                    Refusal::TableFull,
                    format!(
                        "the table is full: every human seat ({humans}) has its person; \
                         a person who left comes back with their seat token"
                    ),
                ),
            },
        };
        self.refuse(id, code, reason);
        None
    }
}
