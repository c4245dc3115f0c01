//! The domino screen over the network: the app joins a host and plays to
//! the end, notices a host that goes away, hosts a match itself behind a
//! join code and records it.

use super::domino_people::{fast, people_app, settle_records, t1};
use crate::app::domino::{self, DominoGame, DominoRecords};
use bevy::prelude::*;
use evoboard_core::domino::records::{self, MatchMode, SeatRecord};

fn local_host(seed: u64) -> evoboard_core::domino::net::HostHandle {
    use evoboard_core::domino::net::{Host, HostConfig, SeatSpec};
    let t1: evoboard_core::domino::AgentSpec = "t1".parse().unwrap();
    Host::start(HostConfig {
        seats: [
            SeatSpec::Human,
            SeatSpec::Ai(t1.clone()),
            SeatSpec::Ai(t1.clone()),
            SeatSpec::Ai(t1),
        ],
        seed,
        bind: "127.0.0.1".into(),
        port: 0,
        ai_delay: std::time::Duration::ZERO,
        round_pause: std::time::Duration::from_secs(30),
        ..Default::default()
    })
    .unwrap()
}

/// A local host seeded `seed` and an app (its records under `name`)
/// joined to it at seat 0.
fn joined_app(seed: u64, name: &str) -> (evoboard_core::domino::net::HostHandle, App) {
    let host = local_host(seed);
    let addr = format!("127.0.0.1:{}", host.local_addr().port());
    let mut app = people_app(name, fast([t1(), t1(), t1(), t1()], 1));
    app.insert_resource(
        domino::DominoNet::join(
            &addr,
            &evoboard_core::domino::net::JoinOptions::new(Some(0), "Ana"),
        )
        .unwrap(),
    );
    (host, app)
}

#[test]
fn the_app_joins_a_host_and_plays_a_networked_match_to_the_end() {
    let (host, mut app) = joined_app(31, "domino-net");
    let mut frames = 0;
    let mut my_turns = 0;
    loop {
        app.update();
        frames += 1;
        assert!(frames < 200_000, "the networked match did not end");
        let mut n = app.world_mut().resource_mut::<domino::DominoNet>();
        if let Some(s) = &n.snapshot {
            // Hidden information: only counts of the others' hands.
            assert_eq!(s.seat, 0);
            assert_eq!(s.hand.len(), s.hand_counts[0] as usize);
            if s.result.is_some() {
                break;
            }
        }
        assert!(n.ended.is_none(), "{:?}", n.ended);
        if n.choice().is_some() {
            my_turns += 1;
        }
        domino::autoplay_step(&mut n);
        std::thread::sleep(std::time::Duration::from_micros(300));
    }
    let n = app.world().resource::<domino::DominoNet>();
    let r = n.snapshot.as_ref().unwrap().result.unwrap();
    assert_eq!(n.seat, Some(0));
    assert!(my_turns > 5);
    assert!(n.messages > 20);
    // The local match stays paused behind the networked one.
    assert!(app.world().resource::<DominoGame>().paused);
    let report = host.wait();
    assert_eq!(report.winner_team, Some(r.winner_team));
    assert_eq!(report.scores, r.scores);
    assert_eq!(report.rounds, r.rounds);
}

#[test]
fn a_host_that_goes_away_ends_the_match_with_a_message() {
    let (host, mut app) = joined_app(32, "domino-net-gone");
    let addr = format!("127.0.0.1:{}", host.local_addr().port());
    let mut frames = 0;
    while app
        .world()
        .resource::<domino::DominoNet>()
        .snapshot
        .is_none()
    {
        app.update();
        frames += 1;
        assert!(frames < 100_000, "no snapshot");
        std::thread::sleep(std::time::Duration::from_micros(300));
    }
    host.shutdown();
    let _ = host.wait();
    let mut frames = 0;
    loop {
        app.update();
        frames += 1;
        assert!(frames < 100_000, "the end was not noticed");
        let n = app.world().resource::<domino::DominoNet>();
        if let Some(e) = &n.ended {
            assert!(e.contains("host"), "{e}");
            assert!(n.choice().is_none());
            // Leaving keeps what rejoining the seat takes in the join form.
            let token = n.token.clone().expect("the welcome gave a seat token");
            let mut form = domino::NetForm::default();
            form.remember(n);
            assert_eq!((form.addr.as_str(), form.seat), (addr.as_str(), Some(0)));
            assert_eq!(form.token, token);
            break;
        }
        std::thread::sleep(std::time::Duration::from_micros(300));
    }
}

#[test]
fn a_match_the_app_hosts_is_played_over_the_network_and_recorded() {
    use evoboard_core::domino::net::SeatSpec;
    let ai: evoboard_core::domino::AgentSpec = "t1".parse().unwrap();
    let seats = [
        SeatSpec::Human,
        SeatSpec::Ai(ai.clone()),
        SeatSpec::Ai(ai.clone()),
        SeatSpec::Ai(ai),
    ];
    let net = domino::DominoNet::host(0, seats, 41, "Ana", std::time::Duration::ZERO).unwrap();
    let mut app = people_app("domino-hosted", fast([t1(), t1(), t1(), t1()], 1));
    app.insert_resource(net);
    let mut frames = 0;
    loop {
        app.update();
        frames += 1;
        assert!(frames < 200_000, "the hosted match did not end");
        let mut n = app.world_mut().resource_mut::<domino::DominoNet>();
        if n.snapshot.as_ref().is_some_and(|s| s.result.is_some()) {
            break;
        }
        domino::autoplay_step(&mut n);
        std::thread::sleep(std::time::Duration::from_micros(300));
    }
    let result = app
        .world()
        .resource::<domino::DominoNet>()
        .snapshot
        .as_ref()
        .unwrap()
        .result
        .unwrap();
    // The host thread ends with the match; its record is then written.
    let mut frames = 0;
    while app.world().resource::<DominoRecords>().appended == 0 {
        app.update();
        frames += 1;
        assert!(frames < 20_000, "the hosted match was not recorded");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    settle_records(&mut app);
    let path = app.world().resource::<DominoRecords>().path.clone();
    let file = records::load(&path).unwrap();
    assert_eq!(file.matches.len(), 1);
    let r = &file.matches[0];
    assert_eq!(r.mode, MatchMode::Network);
    assert_eq!(r.seed, 41);
    assert_eq!(r.scores, result.scores);
    assert_eq!(r.rounds, result.rounds);
    assert_eq!(r.seats[0], SeatRecord::Person { name: "Ana".into() });
    assert_eq!(r.seats[1], SeatRecord::Ai { agent: "t1".into() });
}

#[test]
fn a_match_the_app_hosts_is_behind_a_join_code_and_its_seat_gets_a_token() {
    use evoboard_core::domino::net::{Client, JoinOptions, SeatSpec};
    let ai: evoboard_core::domino::AgentSpec = "t1".parse().unwrap();
    let seats = [
        SeatSpec::Human,
        SeatSpec::Human,
        SeatSpec::Ai(ai.clone()),
        SeatSpec::Ai(ai),
    ];
    let mut net = domino::DominoNet::host(0, seats, 43, "Ana", std::time::Duration::ZERO).unwrap();
    let code = net
        .join_code()
        .expect("the app's table has a join code")
        .to_string();
    let addr = format!("127.0.0.1:{}", net.hosted_port().unwrap());
    // A stranger without the code is refused and takes no seat.
    let Err(e) = Client::join(&addr, &JoinOptions::new(Some(1), "Eve")) else {
        panic!("no code, no seat")
    };
    let e = e.to_string();
    assert!(e.contains("code"), "{e}");
    // The host's own seat was welcomed with a token to come back with.
    for _ in 0..5_000 {
        net.poll();
        if net.token.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(net.seat, Some(0));
    assert!(
        net.token.as_ref().is_some_and(|t| t.len() >= 16),
        "{:?}",
        net.token
    );
    // With the code, the other person's seat is granted.
    let bea = JoinOptions {
        code: Some(code),
        ..JoinOptions::new(Some(1), "Bea")
    };
    assert!(Client::join(&addr, &bea).is_ok());
    if let Some(h) = net.host.take() {
        h.shutdown();
    }
}
