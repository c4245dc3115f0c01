//! `evoboard domino host` and `domino join --bot`: whole matches between
//! processes on 127.0.0.1, and a client killed mid-match.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_evoboard"))
}

/// Start `domino host … --json` and read its `hosting on ADDR` and
/// `join code CODE` lines.
fn host(
    seats: &str,
    seed: u64,
    ai_delay_ms: u64,
    records: &std::path::Path,
) -> (Child, String, String, BufReader<std::process::ChildStdout>) {
    let mut child = bin()
        .env("EVOBOARD_RECORDS", records)
        .args([
            "domino",
            "host",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--seats",
            seats,
        ])
        .args([
            "--seed",
            &seed.to_string(),
            "--ai-delay-ms",
            &ai_delay_ms.to_string(),
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let (mut line, mut code) = (String::new(), String::new());
        out.read_line(&mut line).unwrap();
        out.read_line(&mut code).unwrap();
        let _ = tx.send(((line, code), out));
    });
    let ((line, code), out) = match rx.recv_timeout(Duration::from_secs(10)) {
        Ok(v) => v,
        Err(_) => {
            let _ = child.kill();
            panic!("the host printed no address");
        }
    };
    let addr = line.trim().strip_prefix("hosting on ").unwrap().to_string();
    let code = code.trim().strip_prefix("join code ").unwrap().to_string();
    assert_eq!(code.len(), 9, "{code}");
    (child, addr, code, out)
}

fn join(addr: &str, code: &str, seat: u8) -> Child {
    bin()
        .args([
            "domino",
            "join",
            addr,
            "--code",
            code,
            "--seat",
            &seat.to_string(),
        ])
        .args(["--name", &format!("bot{seat}"), "--bot", "t1", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Wait for a process (killed and failed after `secs`) and parse the JSON
/// it printed last.
fn finish(mut child: Child, secs: u64) -> Value {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            panic!("a process ran over {secs} s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        e.read_to_string(&mut err).unwrap();
    }
    let last = out
        .lines()
        .last()
        .unwrap_or_else(|| panic!("no output; stderr: {err}"));
    serde_json::from_str(last).unwrap_or_else(|e| panic!("{e}: {out} {err}"))
}

/// The host's JSON once it has ended.
fn host_result(
    mut child: Child,
    mut out: BufReader<std::process::ChildStdout>,
    secs: u64,
) -> Value {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut s = String::new();
        out.read_to_string(&mut s).unwrap();
        let _ = tx.send(s);
    });
    let s = match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(s) => s,
        Err(_) => {
            let _ = child.kill();
            panic!("the host ran over {secs} s");
        }
    };
    assert!(child.wait().unwrap().success(), "{s}");
    serde_json::from_str(s.trim()).unwrap()
}

#[test]
fn a_host_and_three_bots_play_whole_matches() {
    let records = super::temp_dir("net-records").join("records.ron");
    for seed in [1, 2] {
        let (h, addr, code, out) = host("human,human,human,ai:t1", seed, 0, &records);
        let bots: Vec<Child> = (0..3).map(|k| join(&addr, &code, k)).collect();
        let results: Vec<Value> = bots.into_iter().map(|b| finish(b, 30)).collect();
        let r = host_result(h, out, 30);
        let winner = r["winner_team"].as_u64().unwrap() as usize;
        assert!(r["scores"][winner].as_u64().unwrap() >= 200, "{r}");
        assert!(r["rounds"].as_u64().unwrap() >= 1);
        assert_eq!(r["refused"], Value::Array(vec![]), "{r}");
        assert_eq!(r["stand_ins"], Value::Array(vec![]), "{r}");
        assert_eq!(r["seats"][3]["spec"], "ai:t1");
        for (k, b) in results.iter().enumerate() {
            assert_eq!(b["seat"], k as u64);
            assert_eq!(b["winner_team"], r["winner_team"], "{b} vs {r}");
            assert_eq!(b["scores"], r["scores"]);
            assert_eq!(b["rounds"], r["rounds"]);
            assert!(b["messages_received"].as_u64().unwrap() > 10, "{b}");
            assert_eq!(r["seats"][k]["people"][0], format!("bot{k}"));
        }
        assert_eq!(r["recorded"], records.display().to_string(), "{r}");
    }
    // Both matches had people: both are in the record file, as network
    // matches with the hosts' scores, and `domino records` counts them.
    let text = std::fs::read_to_string(&records).unwrap();
    assert_eq!(text.matches("mode: Network").count(), 2, "{text}");
    assert!(text.contains("name: \"bot0\""), "{text}");
    let out = bin()
        .args(["domino", "records", "--file"])
        .arg(&records)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["matches"], 2, "{v}");
    let played: u64 = v["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["matches"].as_u64().unwrap())
        .sum();
    assert_eq!(played, 2, "{v}");
}

#[test]
fn a_client_killed_mid_match_is_replaced_and_the_match_ends() {
    // AI seats wait 20 ms a move, so the match is still on when the
    // client at seat 0 is killed.
    let records = super::temp_dir("net-kill").join("records.ron");
    let (h, addr, code, out) = host("human,human,ai:t1,ai:t1", 8, 20, &records);
    let mut victim = join(&addr, &code, 0);
    let other = join(&addr, &code, 1);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        victim.try_wait().unwrap().is_none(),
        "the match ended too soon"
    );
    victim.kill().unwrap();
    let _ = victim.wait();
    let b = finish(other, 30);
    let r = host_result(h, out, 30);
    assert_eq!(b["winner_team"], r["winner_team"]);
    assert_eq!(b["scores"], r["scores"]);
    let winner = r["winner_team"].as_u64().unwrap() as usize;
    assert!(r["scores"][winner].as_u64().unwrap() >= 200, "{r}");
    let stand_ins = r["stand_ins"].as_array().unwrap();
    assert!(
        stand_ins
            .iter()
            .any(|s| s["seat"] == 0 && s["person"] == "bot0" && s["agent"] == "t1"),
        "{r}"
    );
}

#[test]
fn join_refusals_say_what_is_allowed() {
    let records = super::temp_dir("net-refusals").join("records.ron");
    let (h, addr, code, _out) = host("human,ai:t1,human,ai:t1", 1, 0, &records);
    // The host waits for people forever: stop it even if an assert fails.
    let _host = KillOnDrop(h);
    // Without the join code, or with a wrong one: refused.
    for extra in [&[][..], &["--code", "WRONG1"][..]] {
        let o = bin()
            .args(["domino", "join", &addr, "--seat", "0", "--bot", "t1"])
            .args(extra)
            .output()
            .unwrap();
        assert!(!o.status.success());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("join code"), "{err}");
    }
    let o = bin()
        .args([
            "domino", "join", &addr, "--code", &code, "--seat", "1", "--bot", "t1",
        ])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("seat 1 is an AI seat") && err.contains("human seats: 0, 2"),
        "{err}"
    );
    // Without --bot, a build with the app opens its domino screen (tested
    // in tests/app); a build without it says what to do instead.
    #[cfg(not(feature = "app"))]
    {
        let o = bin()
            .args(["domino", "join", &addr, "--seat", "0"])
            .output()
            .unwrap();
        assert!(!o.status.success());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("--bot AGENT") && err.contains("default features"),
            "{err}"
        );
    }
    let o = bin()
        .args(["domino", "host", "--seats", "human,robot"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("`human` or `ai:AGENT`"));
}

/// A child process stopped when dropped.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
