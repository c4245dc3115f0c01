//! `domino host` and `domino join` against what they cannot use: a record
//! file that could not take the match (checked before the match starts), a
//! short host-chosen code (warned about), a host that never answers (the
//! join gives up), and a full table (told so, not "the host ended").

use std::io::{BufRead, BufReader, Read};
use std::net::TcpListener;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_evoboard"))
}

/// `domino join ADDR` as a `t1` bot with the tests' join code.
fn bot_join(addr: &str) -> Command {
    let mut c = bin();
    c.args(["domino", "join", addr, "--code", "K7QX2MZP9", "--bot", "t1"]);
    c
}

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("evoboard-dtrust-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `domino host --records PATH` with a person's seat; it must refuse at
/// once (a host that started would wait for the person).
fn host_with_records(path: &std::path::Path) -> Output {
    let mut child = bin()
        .args(["domino", "host", "--port", "0", "--bind", "127.0.0.1"])
        .args(["--seats", "human,ai:t1,ai:t1,ai:t1", "--records"])
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("the host started instead of refusing {}", path.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_record_file_that_cannot_take_the_match_is_refused_before_it() {
    let d = dir("records");
    let level = d.join("board.level.ron");
    std::fs::write(&level, "(version: 1, map: Catan(()))").unwrap();
    let newer = d.join("newer.ron");
    std::fs::write(&newer, "(version: 9, matches: [])").unwrap();
    for (path, says) in [
        (d.clone(), "not a regular file"),
        (level.clone(), "not a domino record file"),
        (newer.clone(), "version 9"),
    ] {
        let out = host_with_records(&path);
        let err = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", path.display());
        assert!(err.starts_with("error: --records"), "{err}");
        assert!(err.contains(says), "{}: {err}", path.display());
        assert!(!stdout.contains("hosting on"), "{stdout}");
    }
    // Nothing was written over.
    assert_eq!(
        std::fs::read_to_string(&newer).unwrap(),
        "(version: 9, matches: [])"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_short_host_chosen_code_is_warned_about() {
    let mut child = bin()
        .args(["domino", "host", "--port", "0", "--bind", "127.0.0.1"])
        .args(["--seats", "human,ai:t1,ai:t1,ai:t1", "--no-records"])
        .args(["--code", "ABCD"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        first.starts_with("warning: a join code of 4 characters"),
        "{first}"
    );
    assert!(
        first.contains("21 bits") && first.contains("days"),
        "{first}"
    );
}

#[test]
fn a_host_that_never_answers_is_given_up_on() {
    // Accepts the connection and then says nothing.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = silent.local_addr().unwrap().to_string();
    let holder = std::thread::spawn(move || {
        let conn = silent.accept();
        std::thread::sleep(Duration::from_secs(20));
        drop(conn);
    });
    let start = Instant::now();
    let out = bot_join(&addr).output().unwrap();
    let took = start.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("did not answer within 10 s"), "{err}");
    assert!(took < Duration::from_secs(16), "{took:?}");
    drop(holder);
}

#[test]
fn a_player_refused_because_the_table_is_full_is_told_so() {
    let mut host = bin()
        .args(["domino", "host", "--port", "0", "--bind", "127.0.0.1"])
        .args(["--seats", "human,ai:t1,ai:t1,ai:t1", "--no-records"])
        .args(["--ai-delay-ms", "3000", "--code", "K7QX2MZP9"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(host.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("hosting on ").unwrap().to_string();
    let join = || {
        bot_join(&addr)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut first = join();
    std::thread::sleep(Duration::from_millis(800));
    let second = join().wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&second.stderr);
    let _ = first.kill();
    let _ = host.kill();
    let _ = (first.wait(), host.wait());
    let mut rest = String::new();
    let _ = out.read_to_string(&mut rest);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(err.contains("the table is full"), "{err}");
    assert!(!err.contains("ended the match"), "{err}");
}
