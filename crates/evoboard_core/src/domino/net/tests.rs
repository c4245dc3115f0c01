//! Tests of the network seats: whole matches between bots over
//! 127.0.0.1, the hidden-information guarantee checked on every message,
//! and the faults (malformed, out-of-turn and illegal messages, seat and
//! version refusals, a disconnect and a rejoin, the host going away).

use super::*;
use crate::domino::{Agent, EvalAgent, LocalMatch, Opening, Tile, Turn, choose_turn};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// A host on 127.0.0.1, any port, no AI delay.
fn config(seats: &str, seed: u64) -> HostConfig {
    HostConfig {
        seats: parse_seats(seats).unwrap(),
        seed,
        bind: "127.0.0.1".into(),
        port: 0,
        ai_delay: Duration::ZERO,
        round_pause: Duration::from_secs(5),
        ..HostConfig::default()
    }
}

fn t1() -> Box<dyn Agent> {
    "t1".parse::<crate::domino::AgentSpec>()
        .unwrap()
        .build()
        .unwrap()
}

/// Wait for a thread's answer, failing instead of hanging.
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(RecvTimeoutError::Timeout) => panic!("no answer within {secs} s"),
        Err(RecvTimeoutError::Disconnected) => panic!("the thread panicked"),
    }
}

/// Tiles written as `a-b` in a text (not inside a longer number such as
/// a score `205-60`).
fn text_tiles(s: &str) -> Vec<Tile> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    for i in 1..b.len().saturating_sub(1) {
        let (x, y) = (b[i - 1], b[i + 1]);
        let before = i >= 2 && b[i - 2].is_ascii_digit();
        let after = i + 2 < b.len() && b[i + 2].is_ascii_digit();
        if b[i] == b'-'
            && (b'0'..=b'6').contains(&x)
            && (b'0'..=b'6').contains(&y)
            && !before
            && !after
        {
            out.push(Tile::new(x - b'0', y - b'0'));
        }
    }
    out
}

/// Every tile in a JSON value: `a-b` in strings and `[a, b]` arrays of
/// pips, skipping the keys in `skip` (numbers that are not tiles).
fn json_tiles(v: &Value, skip: &[&str], out: &mut Vec<Tile>) {
    match v {
        Value::String(s) => out.extend(text_tiles(s)),
        Value::Array(a) => {
            let pips: Vec<u64> = a.iter().filter_map(Value::as_u64).collect();
            if a.len() == 2 && pips.len() == 2 && pips.iter().all(|&p| p <= 6) {
                out.push(Tile::new(pips[0] as u8, pips[1] as u8));
            }
            for x in a {
                json_tiles(x, skip, out);
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                if !skip.contains(&k.as_str()) {
                    json_tiles(x, skip, out);
                }
            }
        }
        _ => {}
    }
}

/// Check what each seat received: its `hand` is exactly its tiles (the
/// four seats' hands partition the 28 tiles in every round and shrink by
/// what the seat played), and no other tile appears anywhere before it is
/// laid (the forced 6-6 excepted: the rules say who holds it).
fn check_hidden(records: &[(u8, Vec<HostMsg>)]) {
    // The dealt hands of every (round, seat), from the seat's own view.
    let mut dealt: BTreeMap<(u32, u8), BTreeSet<Tile>> = BTreeMap::new();
    // Tiles laid in each round, from the last snapshot of the round.
    let mut laid: BTreeMap<u32, BTreeSet<Tile>> = BTreeMap::new();
    let mut snapshots = 0;
    for (seat, msgs) in records {
        for s in msgs.iter().filter_map(HostMsg::snapshot) {
            snapshots += 1;
            assert_eq!(s.seat, *seat);
            let mut hand: BTreeSet<Tile> = s.hand.iter().copied().collect();
            assert_eq!(hand.len(), s.hand.len(), "a tile twice in a hand");
            assert_eq!(s.hand_counts[*seat as usize] as usize, hand.len());
            for p in &s.placements {
                assert!(!hand.contains(&p.tile), "a laid tile still in the hand");
                if p.seat == *seat {
                    hand.insert(p.tile);
                }
            }
            for o in 0..4u8 {
                let by_o = s.placements.iter().filter(|p| p.seat == o).count();
                assert_eq!(s.hand_counts[o as usize] as usize + by_o, 7);
            }
            let before = dealt.insert((s.round_number, *seat), hand.clone());
            if let Some(before) = before {
                assert_eq!(
                    before, hand,
                    "seat {seat}'s hand changed other than by its plays"
                );
            }
            let set: BTreeSet<Tile> = s.placements.iter().map(|p| p.tile).collect();
            let e = laid.entry(s.round_number).or_default();
            if set.len() > e.len() {
                *e = set;
            }
        }
    }
    assert!(snapshots > 50, "only {snapshots} snapshots");
    let rounds: BTreeSet<u32> = dealt.keys().map(|k| k.0).collect();
    for r in &rounds {
        let mut all = BTreeSet::new();
        for seat in 0..4u8 {
            let h = &dealt[&(*r, seat)];
            assert_eq!(h.len(), 7, "round {r} seat {seat}");
            all.extend(h.iter().copied());
        }
        assert_eq!(
            all.len(),
            28,
            "round {r}: the hands do not partition the set"
        );
    }
    for (seat, msgs) in records {
        for msg in msgs {
            let v = serde_json::to_value(msg).unwrap();
            let Some(s) = msg.snapshot() else {
                let mut tiles = Vec::new();
                json_tiles(&v, &[], &mut tiles);
                assert!(tiles.is_empty(), "{tiles:?} in {v}");
                continue;
            };
            let r = s.round_number;
            let on_table: BTreeSet<Tile> = s.placements.iter().map(|p| p.tile).collect();
            // The forced opening double is public by the rules until laid.
            let known = |t: &Tile, round: u32, table: &BTreeSet<Tile>| {
                table.contains(t)
                    || dealt[&(round, *seat)].contains(t)
                    || (round == r && s.opening == Opening::Forced(*t))
            };
            // The log: a line of an earlier round may name that round's
            // laid tiles, a line of this round only what is on the table.
            for l in &s.log {
                let table = if l.round == r {
                    &on_table
                } else {
                    &laid[&l.round]
                };
                let mut tiles = text_tiles(&l.text);
                json_tiles(&serde_json::to_value(&l.event).unwrap(), &[], &mut tiles);
                for t in tiles {
                    assert!(
                        known(&t, l.round, table),
                        "seat {seat}, round {r}: log line `{}` names {t}, not yet laid",
                        l.text
                    );
                }
            }
            // Everything else but the seat's own hand and choices.
            let mut tiles = Vec::new();
            let skip = [
                "hand",
                "choice",
                "log",
                "score",
                "score_before_round",
                "points",
                "opening",
                "next_opener",
                "waiting_for",
                "hand_counts",
            ];
            json_tiles(&v, &skip, &mut tiles);
            for t in tiles {
                assert!(
                    on_table.contains(&t) || dealt[&(r, *seat)].contains(&t),
                    "seat {seat}, round {r}: {t} appears before it is laid"
                );
            }
            if let Opening::Forced(t) = s.opening {
                assert_eq!(t, Tile::DOUBLE_SIX);
                assert!(dealt[&(r, s.opener)].contains(&t));
            }
        }
    }
}

/// Four bots at four human seats; every message recorded.
fn bot_match(seed: u64) -> (HostReport, Vec<(u8, BotResult, Vec<HostMsg>)>) {
    let host = Host::start(config("human,human,human,human", seed)).unwrap();
    let addr = host.local_addr().to_string();
    let bots: Vec<_> = (0..4u8)
        .map(|seat| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let mut msgs = Vec::new();
                let agent = t1();
                let r = run_bot_with(
                    &addr,
                    Some(seat),
                    &format!("bot{seat}"),
                    agent.as_ref(),
                    &mut |m| msgs.push(m.clone()),
                )
                .unwrap();
                (seat, r, msgs)
            })
        })
        .collect();
    within(120, move || {
        let out: Vec<_> = bots.into_iter().map(|b| b.join().unwrap()).collect();
        (host.wait(), out)
    })
}

#[test]
fn bots_play_whole_matches_and_hidden_tiles_stay_hidden() {
    for seed in [3, 11] {
        let (report, bots) = bot_match(seed);
        let winner = report.winner_team.expect("the match ended");
        assert!(report.scores[winner] >= 200, "{report:?}");
        assert!(report.refused.is_empty(), "{:?}", report.refused);
        assert!(report.stand_ins.is_empty(), "{:?}", report.stand_ins);
        for (seat, r, _) in &bots {
            assert_eq!(r.seat, *seat);
            assert_eq!(r.winner_team, winner);
            assert_eq!(r.scores, report.scores);
            assert_eq!(r.rounds, report.rounds);
            assert_eq!(r.refused, 0);
        }
        let records: Vec<(u8, Vec<HostMsg>)> = bots.into_iter().map(|(s, _, m)| (s, m)).collect();
        check_hidden(&records);
    }
}

#[test]
fn the_leak_check_catches_a_leak() {
    // The same check on a doctored record must fail: seat 0 is told
    // seat 1's hand in a log line.
    let (_, bots) = bot_match(5);
    let mut records: Vec<(u8, Vec<HostMsg>)> = bots.into_iter().map(|(s, _, m)| (s, m)).collect();
    let other = records[1]
        .1
        .iter()
        .find_map(HostMsg::snapshot)
        .unwrap()
        .hand
        .clone();
    let unplayed = other
        .iter()
        .find(|t| **t != Tile::DOUBLE_SIX)
        .copied()
        .unwrap();
    if let Some(HostMsg::Snapshot(s)) = records[0].1.iter_mut().find(|m| m.snapshot().is_some()) {
        let mut l = s.log[0].clone();
        l.text = format!("East holds {unplayed}.");
        s.log.push(l);
    }
    let caught = std::panic::catch_unwind(|| check_hidden(&records));
    assert!(caught.is_err(), "a leaked {unplayed} went unnoticed");
}

/// Read one JSON line from a raw socket.
fn raw_line(r: &mut BufReader<TcpStream>) -> HostMsg {
    let mut s = String::new();
    r.read_line(&mut s).unwrap();
    serde_json::from_str(&s).unwrap()
}

#[test]
fn refusals_a_disconnect_and_a_rejoin_leave_the_match_running() {
    // AI seats wait 20 ms, so the match outlasts the rejoin.
    let cfg = HostConfig {
        ai_delay: Duration::from_millis(20),
        ..config("human,ai:t1,human,ai:t1", 17)
    };
    let host = Host::start(cfg).unwrap();
    let addr = host.local_addr().to_string();
    let mut a = Client::connect(&addr, Some(0), "Ana").unwrap();
    a.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    assert_eq!(a.seat(), 0);
    // Refusals before the start.
    a.send_raw("this is not json").unwrap();
    a.send(&ClientMsg::Pass).unwrap();
    let mut codes = Vec::new();
    while codes.len() < 2 {
        if let HostMsg::Refused { code, .. } = a.recv().unwrap() {
            codes.push(code);
        }
    }
    assert_eq!(codes, [Refusal::Malformed, Refusal::NotStarted]);
    let refused = |seat: u8| match Client::connect(&addr, Some(seat), "Bob") {
        Err(NetError::Refused { code, .. }) => code,
        other => panic!("seat {seat}: {other:?}"),
    };
    assert_eq!(refused(0), Refusal::SeatTaken);
    assert_eq!(refused(1), Refusal::NoSuchSeat);
    assert_eq!(refused(9), Refusal::NoSuchSeat);
    // A wrong protocol version: refused and closed.
    let mut raw = TcpStream::connect(&addr).unwrap();
    raw.write_all(b"{\"Hello\":{\"version\":99,\"seat\":2,\"name\":\"Old\"}}\n")
        .unwrap();
    let mut rr = BufReader::new(raw);
    assert!(
        matches!(raw_line(&mut rr), HostMsg::Refused { code: Refusal::Version, reason } if reason.contains("version 99"))
    );
    assert!(matches!(raw_line(&mut rr), HostMsg::Closing { .. }));
    // Seat 2: a bot held back at its first turn, so the out-of-turn test
    // is not a race.
    let (go_tx, go_rx) = channel::<()>();
    let addr2 = addr.clone();
    let partner = std::thread::spawn(move || {
        let agent = t1();
        let mut gated = true;
        run_bot_with(&addr2, Some(2), "Bia", agent.as_ref(), &mut |m| {
            if gated && m.snapshot().is_some_and(|s| s.started && s.my_turn()) {
                gated = false;
                let _ = go_rx.recv_timeout(Duration::from_secs(30));
            }
        })
        .unwrap()
    });
    let agent = EvalAgent::basic();
    let mut acted = None;
    let (mut out_of_turn, mut illegal, mut rejoined) = (false, false, false);
    let mut check_rejoin = false;
    let mut go = Some(go_tx);
    let mut refusals = Vec::new();
    let result = loop {
        let s = match a.recv() {
            Ok(HostMsg::Snapshot(s)) => s,
            Ok(HostMsg::Refused { code, .. }) => {
                refusals.push(code);
                if refusals.contains(&Refusal::NotYourTurn)
                    && let Some(g) = go.take()
                {
                    g.send(()).unwrap();
                }
                continue;
            }
            Ok(_) => continue,
            Err(e) => panic!("{e}"),
        };
        if check_rejoin {
            // The rejoined seat gets the whole table at once.
            check_rejoin = false;
            assert!(s.round_number >= 2 && s.started && !s.log.is_empty());
            assert_eq!(s.players[0], "person");
        }
        if let Some(r) = s.result {
            break r;
        }
        if !s.started {
            continue;
        }
        if s.to_move == Some(2) && !out_of_turn {
            out_of_turn = true;
            a.send(&ClientMsg::Pass).unwrap();
        }
        if s.round_number == 2 && !rejoined {
            // Leave mid-match and come back: the stand-in plays meanwhile.
            rejoined = true;
            let token = a.token().to_string();
            drop(a);
            // Without the token the seat stays Ana's.
            match Client::connect(&addr, Some(0), "Ana") {
                Err(NetError::Refused { code, reason }) => {
                    assert_eq!(code, Refusal::SeatTaken, "{reason}")
                }
                other => panic!("a hijack without the token: {other:?}"),
            }
            let mut tries = 0;
            let back = JoinOptions::new(Some(0), "Ana").with_token(&token);
            a = loop {
                match Client::join(&addr, &back) {
                    Ok(c) => break c,
                    Err(NetError::Refused { code, reason }) if tries < 50 => {
                        // The host may read the new hello before the old
                        // connection's end.
                        assert_eq!(code, Refusal::SeatTaken, "{reason}");
                        tries += 1;
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    Err(e) => panic!("rejoin: {e} after {tries} tries"),
                }
            };
            a.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
            check_rejoin = true;
            continue;
        }
        if s.my_turn() && acted != Some((s.round_number, s.history.len())) {
            acted = Some((s.round_number, s.history.len()));
            if !illegal {
                illegal = true;
                let foreign = Tile::all().find(|t| !s.hand.contains(t)).unwrap();
                a.send(&ClientMsg::Play {
                    mv: crate::domino::Move {
                        tile: foreign,
                        arm: 0,
                    },
                })
                .unwrap();
            }
            let msg = match choose_turn(&agent, &s.public_round(), 1).unwrap() {
                Turn::Open(tile) => ClientMsg::Open { tile },
                Turn::Play(mv) => ClientMsg::Play { mv },
                Turn::Pass => ClientMsg::Pass,
            };
            a.send(&msg).unwrap();
        }
        if s.round_over {
            a.send(&ClientMsg::Ready).unwrap();
        }
    };
    let bia = within(60, move || partner.join().unwrap());
    let report = within(60, move || host.wait());
    assert_eq!(report.winner_team, Some(result.winner_team));
    assert_eq!(bia.scores, report.scores);
    assert!(refusals.contains(&Refusal::NotYourTurn), "{refusals:?}");
    assert!(refusals.contains(&Refusal::IllegalMove), "{refusals:?}");
    assert!(report.refused.len() >= 7, "{:?}", report.refused);
    // The stand-in took seat 0 while Ana was away, and she came back.
    assert!(
        report
            .stand_ins
            .iter()
            .any(|s| s.seat == 0 && s.person.as_deref() == Some("Ana")),
        "{:?}",
        report.stand_ins
    );
    assert_eq!(
        report.seats[0].people,
        vec!["Ana".to_string(), "Ana".to_string()]
    );
    assert!(result.rounds >= 2 && report.scores[result.winner_team] >= 200);
}

#[test]
fn a_host_that_stops_ends_the_clients_match_clearly() {
    let host = Host::start(config("human,human,ai:basic,ai:basic", 2)).unwrap();
    let addr = host.local_addr().to_string();
    let mut c = Client::connect(&addr, None, "Ana").unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    assert_eq!(c.seat(), 0);
    let nc = NetClient::connect(&addr, None, "Bob").unwrap();
    let welcomed = within(20, move || {
        loop {
            if let Some(HostMsg::Welcome { seat, .. }) = nc.try_recv() {
                return (seat, nc);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    });
    let (seat, nc) = welcomed;
    assert_eq!(seat, 1);
    assert!(nc.is_connected());
    host.shutdown();
    let report = within(20, move || host.wait());
    assert_eq!(report.winner_team, None);
    assert!(report.ended.contains("stopped"));
    let err = loop {
        match c.recv() {
            Ok(_) => {}
            Err(e) => break e,
        }
    };
    assert!(matches!(err, NetError::HostEnded { .. }), "{err:?}");
    assert!(
        err.to_string()
            .starts_with("the host ended the match: the host was stopped"),
        "{err}"
    );
    let nc = within(20, move || {
        while nc.is_connected() {
            std::thread::sleep(Duration::from_millis(5));
        }
        nc
    });
    let msgs = nc.drain();
    assert!(
        matches!(msgs.last(), Some(HostMsg::Closing { .. })),
        "{msgs:?}"
    );
    let why = nc.end_reason().unwrap().to_string();
    assert!(
        why.starts_with("the host ended the match: the host was stopped"),
        "{why}"
    );
    // Nobody listens any more.
    assert!(matches!(
        Client::connect(&addr, None, "Cy"),
        Err(NetError::Io { .. })
    ));
}

#[test]
fn a_local_match_snapshot_drives_choose_turn() {
    let agents: [Option<Box<dyn Agent>>; 4] = [None, Some(t1()), Some(t1()), Some(t1())];
    let mut m = LocalMatch::new(agents, 9);
    let mut turns = 0;
    while m.result().is_none() && turns < 400 {
        m.run_ai();
        let s = m.snapshot(0);
        if m.result().is_some() {
            break;
        }
        assert!(s.my_turn(), "{:?}", m.next_actor());
        assert_eq!(s.hand.len(), m.round().hand(0).len() as usize);
        let turn = choose_turn(&EvalAgent::basic(), &s.public_round(), 3).unwrap();
        match turn {
            Turn::Open(t) => m.human_open(t).unwrap(),
            Turn::Play(mv) => m.human_play(mv).unwrap(),
            Turn::Pass => m.human_pass().unwrap(),
        }
        turns += 1;
    }
    let r = m.result().unwrap();
    assert!(r.score[r.winner] >= 200);
    let s = m.snapshot(1);
    assert_eq!(s.result.map(|r| r.scores), Some(r.score));
    assert_eq!(s.summaries.len() as u32, r.rounds);
}

#[test]
fn seats_and_addresses_say_what_is_allowed() {
    let e = parse_seats("human,robot,human,ai:t1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("`human` or `ai:AGENT`"), "{e}");
    let e = parse_seats("human,ai:t9,human,ai:t1")
        .unwrap_err()
        .to_string();
    assert!(e.contains("t1..t4"), "{e}");
    let e = parse_seats("human,human,human").unwrap_err().to_string();
    assert!(e.contains("four seats"), "{e}");
    let e = Client::connect("no-port-here", None, "x")
        .unwrap_err()
        .to_string();
    assert!(e.contains("HOST:PORT"), "{e}");
    let cfg = HostConfig {
        bind: "not an address".into(),
        ..config("human,human,human,human", 1)
    };
    assert!(matches!(Host::start(cfg), Err(NetError::BadAddress { .. })));
}
