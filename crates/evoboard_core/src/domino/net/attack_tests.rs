//! Hostile guests on 127.0.0.1: a flood, a client that does not read, a
//! slow partial line, a seat hijack without the token, a wrong join code,
//! a person who never moves (the turn timer) and too many connections.
//! Each asserts the match still ends for the others in its normal time.

use super::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

const CODE: &str = "QX7K2M";

/// A match with no AI delay between two bots on 127.0.0.1 ends in about a
/// second; "normal time" in these tests is well under this.
const NORMAL: Duration = Duration::from_secs(20);

fn config(seats: &str, turn_ms: u64) -> HostConfig {
    HostConfig {
        seats: parse_seats(seats).unwrap(),
        seed: 5,
        bind: "127.0.0.1".into(),
        port: 0,
        ai_delay: Duration::ZERO,
        round_pause: Duration::from_secs(5),
        join_code: Some(CODE.into()),
        turn_time: Some(Duration::from_millis(turn_ms)),
        ..HostConfig::default()
    }
}

/// Bots at `seats` (with the code), joined on their own threads.
fn bots(addr: &str, seats: &[u8]) -> Vec<std::thread::JoinHandle<Result<BotResult, NetError>>> {
    seats
        .iter()
        .map(|&seat| {
            let addr = addr.to_string();
            std::thread::spawn(move || {
                let agent = "t1".parse::<crate::domino::AgentSpec>()?.build()?;
                let j = JoinOptions::new(Some(seat), &format!("bot{seat}")).with_code(CODE);
                run_bot_joined(&addr, &j, agent.as_ref(), &mut |_| {})
            })
        })
        .collect()
}

/// Wait for the bots and the host, failing past `limit`; the report and
/// how long the match took.
fn finish(
    host: HostHandle,
    bots: Vec<std::thread::JoinHandle<Result<BotResult, NetError>>>,
    limit: Duration,
) -> (HostReport, Vec<BotResult>, Duration) {
    let start = Instant::now();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let results: Vec<BotResult> = bots
            .into_iter()
            .map(|b| b.join().unwrap().unwrap())
            .collect();
        let _ = tx.send((host.wait(), results));
    });
    let (report, results) = rx
        .recv_timeout(limit)
        .unwrap_or_else(|_| panic!("the match did not end within {limit:?}"));
    (report, results, start.elapsed())
}

fn raw(addr: &str) -> TcpStream {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s
}

fn hello(seat: u8, name: &str, code: Option<&str>, token: Option<&str>) -> String {
    let m = ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        seat: Some(seat),
        name: name.into(),
        code: code.map(String::from),
        token: token.map(String::from),
    };
    to_line(&m)
}

fn next(r: &mut BufReader<TcpStream>) -> Option<HostMsg> {
    let mut s = String::new();
    r.read_line(&mut s).ok()?;
    serde_json::from_str(&s).ok()
}

#[test]
fn a_flooding_client_neither_stalls_nor_bloats_the_host() {
    let host = Host::start(config("human,human,ai:t1,ai:t1", 60_000)).unwrap();
    let addr = host.local_addr().to_string();
    // 20,000 junk lines as fast as the socket takes them, never reading.
    let mut flood = raw(&addr);
    std::thread::spawn(move || {
        let junk = "\u{1b}]0;pwned\u{7}\u{1b}[2J not json at all\n".repeat(20_000);
        let _ = flood.write_all(junk.as_bytes());
        std::thread::sleep(Duration::from_secs(60));
    });
    std::thread::sleep(Duration::from_millis(200));
    let bots = bots(&addr, &[0, 1]);
    let (r, results, took) = finish(host, bots, NORMAL);
    assert!(r.winner_team.is_some(), "{}", r.ended);
    assert_eq!(results[0].scores, r.scores);
    assert!(took < NORMAL, "{took:?}");
    // Refusals are counted, only the first few are kept, and no peer byte
    // that drives a terminal is in them.
    assert!(r.refused_count >= 1, "{}", r.refused_count);
    assert!(r.refused.len() <= REFUSALS_KEPT);
    assert!(
        r.refused.iter().all(|l| !l.contains('\u{1b}')),
        "{:?}",
        r.refused
    );
    assert!(r.refused[0].contains("malformed"), "{:?}", r.refused);
}

#[test]
fn a_seated_client_that_does_not_read_never_holds_the_match() {
    let host = Host::start(config("human,human,human,ai:t1", 200)).unwrap();
    let addr = host.local_addr().to_string();
    // Seat 2 says hello, then sends junk and never reads a byte.
    let mut deaf = raw(&addr);
    deaf.write_all(hello(2, "Deaf", Some(CODE), None).as_bytes())
        .unwrap();
    let mut junk = deaf.try_clone().unwrap();
    std::thread::spawn(move || {
        for _ in 0..2_000 {
            if junk.write_all(b"\"Pass\"\n").is_err() {
                break;
            }
        }
        std::thread::sleep(Duration::from_secs(60));
    });
    let bots = bots(&addr, &[0, 1]);
    let (r, _, took) = finish(host, bots, NORMAL);
    assert!(r.winner_team.is_some(), "{}", r.ended);
    assert!(took < NORMAL, "{took:?}");
    // Its turns were played for it when its time ran out.
    assert!(r.turn_timeouts[2] > 0, "{:?}", r.turn_timeouts);
    drop(deaf);
}

#[test]
fn a_slow_partial_line_is_cut_and_the_match_goes_on() {
    let host = Host::start(config("human,human,ai:t1,ai:t1", 60_000)).unwrap();
    let addr = host.local_addr().to_string();
    let slow = raw(&addr);
    let mut w = slow.try_clone().unwrap();
    std::thread::spawn(move || {
        for b in b"{\"Hello\":{\"version\":1,\"seat\":0,\"name\":\"Slow\",\"code\":\"".repeat(10) {
            if w.write_all(&[b]).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
    });
    let bots = bots(&addr, &[0, 1]);
    let (r, _, took) = finish(host, bots, NORMAL);
    assert!(r.winner_team.is_some() && took < NORMAL, "{took:?}");
    // A host that waits for people cuts a seated person's line unfinished
    // for 10 s (a stranger without a seat goes after HELLO_TIMEOUT, 5 s).
    let host = Host::start(config("human,human,ai:t1,ai:t1", 60_000)).unwrap();
    let addr = host.local_addr().to_string();
    let mut slow = raw(&addr);
    slow.write_all(hello(0, "Slow", Some(CODE), None).as_bytes())
        .unwrap();
    let mut r = BufReader::new(slow.try_clone().unwrap());
    assert!(matches!(next(&mut r), Some(HostMsg::Welcome { .. })));
    let start = Instant::now();
    let mut buf = [0u8; 64];
    loop {
        if slow.write_all(b"{").is_err() {
            break;
        }
        match slow.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        assert!(start.elapsed() < PARTIAL_LINE_TIMEOUT + Duration::from_secs(5));
    }
    let waited = start.elapsed();
    host.shutdown();
    let r = host.wait();
    assert!(waited >= PARTIAL_LINE_TIMEOUT, "{waited:?}");
    assert!(
        r.dropped.iter().any(|d| d.contains("unfinished")),
        "{:?}",
        r.dropped
    );
}

#[test]
fn a_seat_cannot_be_taken_without_its_token_and_the_owner_comes_back() {
    let host = Host::start(HostConfig {
        ai_delay: Duration::from_millis(40),
        ..config("human,human,ai:t1,ai:t1", 60_000)
    })
    .unwrap();
    let addr = host.local_addr().to_string();
    let j = JoinOptions::new(Some(0), "Ana").with_code(CODE);
    let ana = Client::join(&addr, &j).unwrap();
    let token = ana.token().to_string();
    assert_eq!(token.len(), 32);
    // Before the start: the seat is taken.
    let stranger = JoinOptions::new(Some(0), "Ana").with_code(CODE);
    let refused = |j: &JoinOptions| match Client::join(&addr, j) {
        Err(NetError::Refused { code, reason }) => (code, reason),
        other => panic!("{other:?}"),
    };
    let (code, reason) = refused(&stranger);
    assert_eq!(code, Refusal::SeatTaken, "{reason}");
    let bob = bots(&addr, &[1]);
    // Ana drops after the start; a stranger asks for her seat by her
    // name, without and with a made-up token.
    std::thread::sleep(Duration::from_millis(100));
    drop(ana);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(refused(&stranger).0, Refusal::SeatTaken);
    let forged = stranger.clone().with_token(&"0".repeat(32));
    assert_eq!(refused(&forged).0, Refusal::SeatTaken);
    // The real Ana comes back with her token and plays to the end.
    let back = JoinOptions::new(Some(0), "Ana")
        .with_code(CODE)
        .with_token(&token);
    let agent = "t1"
        .parse::<crate::domino::AgentSpec>()
        .unwrap()
        .build()
        .unwrap();
    let mine = run_bot_joined(&addr, &back, agent.as_ref(), &mut |_| {}).unwrap();
    let (r, results, took) = finish(host, bob, NORMAL);
    assert!(took < NORMAL);
    assert_eq!(mine.scores, r.scores);
    assert_eq!(mine.token, token);
    assert_eq!(results[0].scores, r.scores);
    // Records credit only Ana (twice: she came back), never the stranger.
    assert_eq!(
        r.seats[0].people,
        vec!["Ana".to_string(), "Ana".to_string()]
    );
    assert!(r.refused_count >= 3);
}

#[test]
fn a_wrong_or_missing_join_code_is_refused_and_closed() {
    let host = Host::start(config("human,human,ai:t1,ai:t1", 60_000)).unwrap();
    let addr = host.local_addr().to_string();
    for (code, want) in [
        (None, Refusal::CodeNeeded),
        (Some("WRONG7"), Refusal::WrongCode),
    ] {
        let s = raw(&addr);
        let mut w = s.try_clone().unwrap();
        w.write_all(hello(0, "Eve", code, None).as_bytes()).unwrap();
        let mut r = BufReader::new(s);
        match next(&mut r) {
            Some(HostMsg::Refused { code, reason }) => assert_eq!(code, want, "{reason}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(next(&mut r), Some(HostMsg::Closing { .. })));
        assert!(next(&mut r).is_none(), "the connection closes");
    }
    // A name with escape codes is refused (the connection stays).
    let s = raw(&addr);
    let mut w = s.try_clone().unwrap();
    w.write_all(hello(0, "Eve\u{1b}[2J", Some(CODE), None).as_bytes())
        .unwrap();
    let mut r = BufReader::new(s);
    assert!(matches!(
        next(&mut r),
        Some(HostMsg::Refused { code: Refusal::Name, reason }) if reason.contains("U+001B")
    ));
    let bots = bots(&addr, &[0, 1]);
    let (rep, _, took) = finish(host, bots, NORMAL);
    assert!(rep.winner_team.is_some() && took < NORMAL);
    assert_eq!(rep.seats[0].people, vec!["bot0".to_string()]);
    assert!(
        rep.dropped.iter().any(|d| d.contains("wrong join code")),
        "{:?}",
        rep.dropped
    );
}

#[test]
fn the_turn_timer_plays_for_a_person_who_never_moves_and_tells_them() {
    let host = Host::start(config("human,human,ai:t1,ai:t1", 150)).unwrap();
    let addr = host.local_addr().to_string();
    let idle = JoinOptions::new(Some(0), "Idle").with_code(CODE);
    let mut c = Client::join(&addr, &idle).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let bots = bots(&addr, &[1]);
    let start = Instant::now();
    let mut notices = Vec::new();
    loop {
        match c.recv() {
            Ok(HostMsg::Snapshot(s)) => {
                if let Some(n) = &s.notice {
                    notices.push(n.clone());
                }
                if s.round_over {
                    let _ = c.send(&ClientMsg::Ready);
                }
            }
            Ok(_) => {}
            Err(NetError::HostEnded { .. }) => break,
            Err(e) => panic!("{e}"),
        }
    }
    let (r, _, _) = finish(host, bots, NORMAL);
    assert!(start.elapsed() < NORMAL + NORMAL, "{:?}", start.elapsed());
    assert!(r.winner_team.is_some(), "{}", r.ended);
    assert!(r.turn_timeouts[0] > 0, "{:?}", r.turn_timeouts);
    assert_eq!(notices.len() as u32, r.turn_timeouts[0]);
    assert!(notices[0].contains("ran out"), "{notices:?}");
    // The seat stayed the person's: no stand-in took it.
    assert!(r.stand_ins.iter().all(|s| s.seat != 0), "{:?}", r.stand_ins);
}

#[test]
fn connections_past_the_cap_are_told_the_host_is_full() {
    // Every connection here comes from 127.0.0.1, so the cap per address
    // is the one met (the total cap is tested on `Admission`).
    let host = Host::start(config("human,human,ai:t1,ai:t1", 60_000)).unwrap();
    let addr = host.local_addr().to_string();
    let held: Vec<TcpStream> = (0..MAX_CONNECTIONS_PER_ADDRESS)
        .map(|_| raw(&addr))
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut r = BufReader::new(raw(&addr));
    match next(&mut r) {
        Some(HostMsg::Closing { reason }) => {
            assert!(reason.contains("full"), "{reason}");
            assert!(reason.contains("from one address"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // Idle connections that take no seat go after HELLO_TIMEOUT; closing
    // them frees the places at once.
    drop(held);
    std::thread::sleep(Duration::from_millis(500));
    let bots = bots(&addr, &[0, 1]);
    let (rep, _, took) = finish(host, bots, NORMAL);
    assert!(rep.winner_team.is_some() && took < NORMAL);
}
