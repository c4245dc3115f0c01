//! Records: the file format, atomic appends, the pairing counts.
#![allow(clippy::unwrap_used)]

use super::*;
use crate::domino::{EvalAgent, LocalMatch, MatchResult, SEAT_NAMES};
use std::path::PathBuf;
use std::time::{Duration, UNIX_EPOCH};

fn person(n: &str) -> SeatRecord {
    SeatRecord::Person { name: n.into() }
}
fn ai(a: &str) -> SeatRecord {
    SeatRecord::Ai { agent: a.into() }
}
fn rec(seats: [SeatRecord; 4], winner: usize) -> MatchRecord {
    let score = if winner == 0 { [205, 120] } else { [120, 205] };
    MatchRecord::new(
        seats,
        MatchResult {
            winner,
            score,
            rounds: 9,
        },
        7,
        MatchMode::Local,
    )
}
fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("evoboard-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn dates_are_utc_iso8601() {
    assert_eq!(iso8601_utc(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    // 2000-02-29 12:34:56 UTC (a leap day of a century leap year).
    let t = UNIX_EPOCH + Duration::from_secs(951_827_696);
    assert_eq!(iso8601_utc(t), "2000-02-29T12:34:56Z");
    let t = UNIX_EPOCH + Duration::from_secs(1_735_689_599);
    assert_eq!(iso8601_utc(t), "2024-12-31T23:59:59Z");
    assert_eq!(now_iso8601().len(), 20);
}

#[test]
fn wilson_matches_hand_computed_values() {
    // p = 0.6, n = 50: centre (0.6 + 1.9208/50) / (1 + 3.8415/50) = 0.59287,
    // half 1.96 * sqrt(0.24/50 + 3.8415/10000) / 1.07683 = 0.13105.
    let [lo, hi] = wilson_interval(30, 50);
    assert!((lo - 0.46181).abs() < 1e-5, "{lo}");
    assert!((hi - 0.72392).abs() < 1e-5, "{hi}");
    let [lo, hi] = wilson_interval(0, 2);
    assert_eq!(lo, 0.0);
    assert!((hi - 0.65762).abs() < 1e-5, "{hi}");
    let [lo, hi] = wilson_interval(3, 4);
    assert!((lo - 0.30064).abs() < 1e-5 && (hi - 0.95441).abs() < 1e-5);
    assert_eq!(wilson_interval(0, 0), [0.0, 1.0]);
}

#[test]
fn summarize_counts_per_pairing() {
    let mut f = RecordFile::default();
    // You + t1 partner against t1 t1: 3 wins of 4.
    for w in [0, 0, 1, 0] {
        f.matches
            .push(rec([person("Ana"), ai("t1"), ai("t1"), ai("t1")], w));
    }
    // Two people (seats 1 and 3) against mc: 0 of 2.
    for _ in 0..2 {
        f.matches
            .push(rec([ai("mc"), person("Bo"), ai("mc"), person("Cy")], 0));
    }
    // People on both teams: counted once, for team A, against "human+t2".
    f.matches
        .push(rec([person("A"), person("B"), person("C"), ai("t2")], 1));
    // No person: skipped.
    f.matches
        .push(rec([ai("t1"), ai("t1"), ai("t1"), ai("t1")], 0));
    let s = summarize(&f);
    assert_eq!(s.len(), 3, "{s:?}");
    let [a, b, c] = [&s[0], &s[1], &s[2]];
    assert_eq!(
        (
            a.human_seats.clone(),
            a.partner.clone(),
            a.opponent.as_str()
        ),
        (vec![0], Some("t1".to_string()), "t1")
    );
    assert_eq!((a.matches, a.wins, a.losses), (4, 3, 1));
    assert_eq!(a.win_rate, 0.75);
    assert!((a.ci95[0] - 0.30064).abs() < 1e-5 && (a.ci95[1] - 0.95441).abs() < 1e-5);
    assert_eq!(
        (b.human_seats.clone(), b.opponent.as_str()),
        (vec![0, 2], "human+t2")
    );
    assert_eq!((b.matches, b.wins, b.partner.clone()), (1, 0, None));
    assert_eq!(
        (c.human_seats.clone(), c.opponent.as_str()),
        (vec![1, 3], "mc")
    );
    assert_eq!((c.matches, c.wins, c.losses), (2, 0, 2));
    assert!((c.ci95[1] - 0.65762).abs() < 1e-5);
}

#[test]
fn a_local_match_becomes_a_record() {
    let agents: [Option<Box<dyn crate::domino::Agent>>; 4] = [
        None,
        Some(Box::new(EvalAgent::basic())),
        Some(Box::new(EvalAgent::basic())),
        Some(Box::new(EvalAgent::basic())),
    ];
    let mut m = LocalMatch::new(agents, 3);
    assert!(MatchRecord::from_local_match(&m, MatchMode::Local, SEAT_NAMES).is_none());
    // The person plays the first legal choice each turn.
    for _ in 0..100_000 {
        m.run_ai();
        match m.human_choice() {
            Some(crate::domino::HumanChoice::Open(d)) => m.human_open(d[0]).unwrap(),
            Some(crate::domino::HumanChoice::Play(mv)) => m.human_play(mv[0]).unwrap(),
            Some(crate::domino::HumanChoice::MustPass) => m.human_pass().unwrap(),
            None => break,
        }
    }
    let r = MatchRecord::from_local_match(&m, MatchMode::Local, SEAT_NAMES).unwrap();
    let res = m.result().unwrap();
    assert_eq!(r.seats[0], person("You"));
    assert_eq!(r.seats[1], ai("basic"));
    assert_eq!(
        (r.scores, r.rounds, r.winner_team as usize, r.seed),
        (res.score, res.rounds, res.winner, 3)
    );
    assert!(r.has_person());
}

#[test]
fn append_round_trips_and_creates_the_folder() {
    let dir = tmp("append");
    let path = dir.join("sub").join("r.ron");
    assert_eq!(load(&path).unwrap(), RecordFile::default());
    let r1 = rec([person("Ana"), ai("t1"), ai("t1"), ai("t1")], 0);
    let r2 = rec([ai("t1"), person("Bo"), ai("t1"), ai("t1")], 0);
    assert_eq!(append(&path, r1.clone()).unwrap(), 1);
    assert_eq!(append(&path, r2.clone()).unwrap(), 2);
    let f = load(&path).unwrap();
    assert_eq!(f.version, 1);
    assert_eq!(f.matches, vec![r1, r2]);
    let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left: {leftovers:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn malformed_and_future_files_are_refused_and_kept() {
    let dir = tmp("bad");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("r.ron");
    let text = "(\n  version: 1,\n  matches: [ oops ],\n)\n";
    std::fs::write(&path, text).unwrap();
    let e = load(&path).unwrap_err();
    let msg = e.to_string();
    assert!(matches!(e, RecordError::Malformed { line: 3, .. }), "{msg}");
    assert!(msg.contains("r.ron:3:"), "{msg}");
    let r = rec([person("Ana"), ai("t1"), ai("t1"), ai("t1")], 0);
    assert!(append(&path, r.clone()).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

    std::fs::write(&path, "(version: 2, matches: [])").unwrap();
    let msg = load(&path).unwrap_err().to_string();
    assert!(
        msg.contains("version 2") && msg.contains("reads version 1"),
        "{msg}"
    );
    assert!(append(&path, r).is_err());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "(version: 2, matches: [])"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_write_leaves_the_old_file() {
    let dir = tmp("ro");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("r.ron");
    let r = rec([person("Ana"), ai("t1"), ai("t1"), ai("t1")], 0);
    append(&path, r.clone()).unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    // The target is a folder's name inside a "file": writing cannot work.
    let bad = path.join("inner.ron");
    assert!(matches!(
        append(&bad, r),
        Err(RecordError::Write { .. }) | Err(RecordError::Unreadable { .. })
    ));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_ron_text_is_readable() {
    let mut f = RecordFile::default();
    f.matches
        .push(rec([person("Ana"), ai("t1"), ai("t1"), ai("mc:256:t1")], 1));
    f.matches[0].date = "2026-11-23T22:12:00Z".into();
    let text = f.to_ron();
    assert!(text.contains("version: 1"), "{text}");
    assert!(
        text.contains("Person(") && text.contains("name: \"Ana\""),
        "{text}"
    );
    assert!(
        text.contains("mode: Local") && text.contains("winner_team: 1"),
        "{text}"
    );
    assert_eq!(file::parse(std::path::Path::new("x"), &text).unwrap(), f);
}

#[test]
fn check_refuses_what_append_could_not_use_and_a_link_stays_a_link() {
    let dir = tmp("check");
    std::fs::create_dir_all(dir.join("folder")).unwrap();
    // A folder, a level file and a newer record file: refused up front.
    assert!(check(&dir.join("folder")).is_err());
    let level = dir.join("map.level.ron");
    std::fs::write(&level, "(version: 1, map: Catan(()))").unwrap();
    assert!(matches!(check(&level), Err(RecordError::Malformed { .. })));
    let newer = dir.join("newer.ron");
    std::fs::write(&newer, "(version: 9, matches: [])").unwrap();
    assert!(matches!(
        check(&newer),
        Err(RecordError::UnknownVersion { found: 9, .. })
    ));
    // Under a file instead of a folder: refused, nothing made.
    let under = level.join("r.ron");
    assert!(matches!(
        check(&under),
        Err(RecordError::Unreadable { .. }) | Err(RecordError::Write { .. })
    ));
    // A symlink: the record goes into its target and the link stays.
    let target = dir.join("real.ron");
    let link = dir.join("link.ron");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    assert_eq!(
        check(&link).unwrap(),
        std::fs::canonicalize(&dir).unwrap().join("real.ron")
    );
    let r = rec([person("Ana"), ai("t1"), ai("t1"), ai("t1")], 0);
    assert_eq!(append(&link, r.clone()).unwrap(), 1);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(load(&target).unwrap().matches, vec![r]);
    // A link to a path under a file is refused.
    let dangling = dir.join("dangling.ron");
    std::os::unix::fs::symlink(level.join("x.ron"), &dangling).unwrap();
    assert!(check(&dangling).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}
