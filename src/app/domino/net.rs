//! Seats over the network: the domino screen as a client of
//! [`crate::domino::net`]. "Join" connects a [`NetClient`] to a host;
//! "Host a match" starts the engine-free [`Host`] on its own threads and
//! joins it as the local person's seat. The screen then draws the
//! [`TableSnapshot`]s the host sends (`net_ui.rs`) and sends intents (open,
//! play, pass, ready); the host is the authority. A host that goes away
//! ends the match with its reason on screen.

use crate::domino::Tile;
use crate::domino::net::{
    ClientMsg, Host, HostConfig, HostHandle, HostMsg, JoinOptions, NetClient, SeatChoice, SeatSpec,
    TableSnapshot,
};
use crate::domino::{Move, parse_agent};
use bevy::prelude::*;
use std::sync::Mutex;
use std::time::Duration;

/// The connection to a host and what it last said.
#[derive(Resource)]
pub struct DominoNet {
    /// The host's address, `HOST:PORT`.
    pub addr: String,
    /// The seat the host granted (`None` until its welcome).
    pub seat: Option<u8>,
    /// The names at the four seats.
    pub names: [String; 4],
    /// The last snapshot (what this seat may know).
    pub snapshot: Option<TableSnapshot>,
    /// Why the match ended for this client (host gone, match over): shown
    /// on screen.
    pub ended: Option<String>,
    /// The host's last refusal.
    pub refused: Option<String>,
    /// Messages received from the host.
    pub messages: u64,
    /// The hand tile picked (index into the shown hand).
    pub selected: Option<usize>,
    /// A tile that fits several ends: the person is choosing where.
    pub choosing_end: Option<Tile>,
    /// The hosted match when this app hosts it.
    pub host: Option<HostHandle>,
    /// The hosted match's seed (for its record).
    pub host_seed: u64,
    /// The hosted match's last warning (someone guessing the join code).
    pub host_alert: Option<String>,
    /// The round a `Ready` was sent after.
    ready_sent: u32,
    /// An intent was sent and the host has not answered yet.
    awaiting: bool,
    /// Whether the end was printed (scripted runs).
    pub reported: bool,
    /// The seat's secret from the host's welcome: given back (`--token`,
    /// the join form's token box) it takes this seat again after a drop.
    pub token: Option<String>,
    /// The join code this client gave (to rejoin with it).
    pub code: Option<String>,
    client: Mutex<NetClient>,
}

impl std::fmt::Debug for DominoNet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DominoNet")
            .field("addr", &self.addr)
            .field("seat", &self.seat)
            .field("ended", &self.ended)
            .finish()
    }
}

impl DominoNet {
    /// Connect to the host at `addr` (`HOST:PORT`) asking for `j.seat`
    /// (the first free person's seat when `None`) as `j.name`, with the
    /// host's join code and, to come back to a seat, its token.
    pub fn join(addr: &str, j: &JoinOptions) -> Result<DominoNet, String> {
        let client = NetClient::join(addr, j).map_err(|e| e.to_string())?;
        Ok(DominoNet {
            addr: addr.to_string(),
            seat: None,
            names: Default::default(),
            snapshot: None,
            ended: None,
            refused: None,
            messages: 0,
            selected: None,
            choosing_end: None,
            host: None,
            host_seed: 0,
            host_alert: None,
            ready_sent: 0,
            awaiting: false,
            reported: false,
            token: None,
            code: j.code.clone(),
            client: Mutex::new(client),
        })
    }

    /// Host a match on `port` (0: any free port) with `seats` and `seed`,
    /// on every interface, behind a fresh join code, and join it as the
    /// first person's seat. AI seats wait `ai_delay` before they move.
    pub fn host(
        port: u16,
        seats: [SeatSpec; 4],
        seed: u64,
        name: &str,
        ai_delay: Duration,
    ) -> Result<DominoNet, String> {
        let mine = seats
            .iter()
            .position(|s| *s == SeatSpec::Human)
            .ok_or("a hosted match needs a person's seat for you")?;
        let handle = Host::start(HostConfig {
            seats,
            seed,
            port,
            ai_delay,
            round_pause: Duration::from_secs(60),
            join_code: Some(crate::domino::net::new_join_code()),
            ..HostConfig::default()
        })
        .map_err(|e| e.to_string())?;
        let addr = format!("127.0.0.1:{}", handle.local_addr().port());
        let me = JoinOptions {
            code: handle.join_code().map(str::to_string),
            ..JoinOptions::new(Some(mine as u8), name)
        };
        let mut net = match DominoNet::join(&addr, &me) {
            Ok(n) => n,
            Err(e) => {
                handle.shutdown();
                return Err(e);
            }
        };
        net.host = Some(handle);
        net.host_seed = seed;
        Ok(net)
    }

    /// The code others give to join when this app hosts.
    pub fn join_code(&self) -> Option<&str> {
        self.host.as_ref().and_then(HostHandle::join_code)
    }

    /// The port others join on when this app hosts.
    pub fn hosted_port(&self) -> Option<u16> {
        self.host.as_ref().map(|h| h.local_addr().port())
    }

    /// Send an intent; a failure is kept as the end reason.
    pub fn send(&mut self, msg: ClientMsg) {
        let sent = match self.client.get_mut() {
            Ok(c) => c.send(&msg).map_err(|e| e.to_string()),
            Err(_) => Err("the connection is broken".to_string()),
        };
        if let Err(e) = sent
            && self.ended.is_none()
        {
            self.ended = Some(format!("cannot reach the host: {e}"));
        }
        self.choosing_end = None;
        self.awaiting = true;
    }

    /// What this seat may do now (its turn), from the last snapshot.
    pub fn choice(&self) -> Option<&SeatChoice> {
        self.snapshot
            .as_ref()
            .filter(|s| s.my_turn() && self.ended.is_none() && !self.awaiting)
            .and_then(|s| s.choice.as_ref())
    }

    /// The moves a tile can make now.
    pub fn moves_for(&self, tile: Tile) -> Vec<Move> {
        match self.choice() {
            Some(SeatChoice::Play(m)) => m.iter().copied().filter(|m| m.tile == tile).collect(),
            _ => Vec::new(),
        }
    }

    /// Whether `tile` can be played now.
    pub fn is_playable(&self, tile: Tile) -> bool {
        match self.choice() {
            Some(SeatChoice::Open(d)) => d.contains(&tile),
            Some(SeatChoice::Play(m)) => m.iter().any(|m| m.tile == tile),
            _ => false,
        }
    }

    /// Play `tile`: open with it, lay it where it fits, or ask which end
    /// when it fits several (distinct) ends.
    pub fn pick_tile(&mut self, tile: Tile) {
        match self.choice().cloned() {
            Some(SeatChoice::Open(d)) if d.contains(&tile) => self.send(ClientMsg::Open { tile }),
            Some(SeatChoice::Play(_)) => {
                let moves = self.moves_for(tile);
                let ends = self.distinct_ends(tile);
                match (moves.first(), ends.len()) {
                    (None, _) => {}
                    (Some(m), 0 | 1) => self.send(ClientMsg::Play { mv: *m }),
                    _ => self.choosing_end = Some(tile),
                }
            }
            _ => {}
        }
    }

    /// The ends `tile` can go to, one per distinct situation (same end
    /// number and both crosswise doubles or not merged), as arms.
    pub fn distinct_ends(&self, tile: Tile) -> Vec<u8> {
        let table = self.table();
        let mut seen: Vec<(u8, bool, bool)> = Vec::new();
        let mut out = Vec::new();
        for m in self.moves_for(tile) {
            let a = table.arms[m.arm as usize];
            let key = (a.end, a.double_end, a.len == 0);
            if !seen.contains(&key) {
                seen.push(key);
                out.push(m.arm);
            }
        }
        out
    }

    /// Lay the tile being placed on `arm`.
    pub fn pick_end(&mut self, arm: u8) {
        if let Some(tile) = self.choosing_end {
            let mv = Move { tile, arm };
            if self.moves_for(tile).contains(&mv) {
                self.send(ClientMsg::Play { mv });
            }
        }
    }

    /// Pass (only when nothing fits).
    pub fn pass(&mut self) {
        if matches!(self.choice(), Some(SeatChoice::MustPass)) {
            self.send(ClientMsg::Pass);
        }
    }

    /// Ready for the next round (once per round).
    pub fn ready(&mut self) {
        let round = self.snapshot.as_ref().map_or(0, |s| s.round_number);
        if self.ready_sent != round {
            self.ready_sent = round;
            self.send(ClientMsg::Ready);
        }
    }

    /// Whether a `Ready` was sent for the round that just ended.
    pub fn is_ready(&self) -> bool {
        self.snapshot
            .as_ref()
            .is_some_and(|s| s.round_number == self.ready_sent)
    }

    /// The table rebuilt from the snapshot's placements.
    pub fn table(&self) -> crate::domino::Table {
        let mut t = crate::domino::Table::new();
        for p in self.snapshot.iter().flat_map(|s| s.placements.iter()) {
            match p.arm {
                None => t.place_spinner(p.tile),
                Some(arm) => t.play(Move { tile: p.tile, arm }),
            }
        }
        t
    }

    /// Take in what the host sent (every frame).
    pub fn poll(&mut self) {
        if let Some(a) = self.host.as_ref().and_then(|h| h.alerts().pop()) {
            warn!("domino: {a}");
            self.host_alert = Some(evoboard_core::text_safe::clean(&a));
        }
        let msgs = match self.client.get_mut() {
            Ok(c) => {
                self.messages = c.messages_received();
                c.drain()
            }
            Err(_) => Vec::new(),
        };
        for m in msgs {
            match m {
                HostMsg::Welcome {
                    seat, names, token, ..
                } => {
                    self.seat = Some(seat);
                    self.names = names;
                    self.token = (!token.is_empty()).then_some(token);
                }
                HostMsg::Snapshot(s) => {
                    if self.snapshot.as_ref().map(|o| o.round_number) != Some(s.round_number) {
                        self.selected = None;
                    }
                    self.names = s.names.clone();
                    self.snapshot = Some(*s);
                    self.refused = None;
                    self.awaiting = false;
                }
                HostMsg::Refused { reason, .. } => {
                    self.refused = Some(reason);
                    self.awaiting = false;
                }
                HostMsg::Closing { reason } => {
                    let over = self.snapshot.as_ref().is_some_and(|s| s.result.is_some());
                    self.ended.get_or_insert(if over {
                        format!("The match is over; the host closed the table ({reason}).")
                    } else {
                        format!("The host ended the match: {reason}")
                    });
                }
            }
        }
        let connected = self.client.get_mut().is_ok_and(|c| c.is_connected());
        if !connected && self.ended.is_none() {
            let why = self
                .client
                .get_mut()
                .ok()
                .and_then(|c| c.end_reason())
                .map_or("the connection closed".to_string(), |e| e.to_string());
            let over = self.snapshot.as_ref().is_some_and(|s| s.result.is_some());
            self.ended = Some(if over {
                format!("The match is over; {why}")
            } else {
                format!("The host went away: {why}. The match has ended.")
            });
        }
    }
}

impl Drop for DominoNet {
    fn drop(&mut self) {
        if let Some(h) = &self.host {
            h.shutdown();
        }
    }
}

/// The seats of `--seats` / the settings as a host's seats: people are
/// `human`, AIs their agent.
pub fn host_seats(seats: &[super::SeatController; 4]) -> Result<[SeatSpec; 4], String> {
    let mut out: [SeatSpec; 4] = std::array::from_fn(|_| SeatSpec::Human);
    for (i, s) in seats.iter().enumerate() {
        if let Some(name) = s.agent_name() {
            parse_agent(&name).map_err(|e| e.to_string())?;
            let spec: crate::domino::AgentSpec = name.parse().map_err(|e| format!("{e}"))?;
            out[i] = SeatSpec::Ai(spec);
        }
    }
    Ok(out)
}

/// Every frame when this app hosts: once the hosted match is over, its
/// record (people at the table, mode `Network`) goes to the record file,
/// like `evoboard domino host` does.
pub fn record_hosted(
    net: Option<ResMut<DominoNet>>,
    mut recs: ResMut<super::records::DominoRecords>,
) {
    let Some(mut n) = net else { return };
    if !n.host.as_ref().is_some_and(HostHandle::has_ended) {
        return;
    }
    if let Some(handle) = n.host.take() {
        let report = handle.wait();
        if let Some(r) = report.record(n.host_seed, &HostConfig::default().stand_in.to_string()) {
            recs.push(r);
        }
    }
}

/// Every frame: read the host's messages.
pub fn poll_net(net: Option<ResMut<DominoNet>>) {
    if let Some(mut n) = net {
        n.poll();
    }
}

/// Every frame in a scripted run with `--autoplay`: play this seat with
/// the first legal choice and say ready after each round.
pub fn autoplay_net(net: Option<ResMut<DominoNet>>, settings: Res<super::DominoSettings>) {
    let Some(mut n) = net else { return };
    if !settings.autoplay || n.ended.is_some() {
        return;
    }
    autoplay_step(&mut n);
}

/// One step of a driver that plays the first legal choice (tests and
/// `--autoplay`).
pub fn autoplay_step(n: &mut DominoNet) {
    match n.choice().cloned() {
        Some(SeatChoice::Open(d)) => {
            if let Some(t) = d.first() {
                n.send(ClientMsg::Open { tile: *t });
            }
        }
        Some(SeatChoice::Play(m)) => {
            if let Some(mv) = m.first() {
                n.send(ClientMsg::Play { mv: *mv });
            }
        }
        Some(SeatChoice::MustPass) => n.send(ClientMsg::Pass),
        None => {
            if n.snapshot
                .as_ref()
                .is_some_and(|s| s.round_over && s.result.is_none())
            {
                n.ready();
            }
        }
    }
}

/// One line on stdout when a networked match ends or the host goes away
/// (scripted runs and tests read it).
pub fn report_net(net: Option<ResMut<DominoNet>>) {
    let Some(mut n) = net else { return };
    if n.reported {
        return;
    }
    let result = n.snapshot.as_ref().and_then(|s| s.result);
    if let Some(r) = result {
        n.reported = true;
        crate::app::shell::scripted::say(format_args!(
            "domino: network match over, seat {}, winner team {}, score {}-{}, rounds {}, messages {}",
            n.seat.map_or("?".into(), |s| s.to_string()),
            ["A", "B"][r.winner_team.min(1)],
            r.scores[0],
            r.scores[1],
            r.rounds,
            n.messages
        ));
    } else if let Some(e) = n.ended.clone() {
        n.reported = true;
        crate::app::shell::scripted::say(format_args!("domino: network match ended: {e}"));
    }
}
