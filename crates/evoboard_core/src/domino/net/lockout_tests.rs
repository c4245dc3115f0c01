//! Strangers from other loopback addresses (127.0.0.2, 127.0.0.3, …; a
//! client is bound to its address before it connects): idle connections
//! that reconnect the moment they are cut, from two and from a hundred
//! addresses, must not keep a person with the code out; and wrong join
//! codes from many addresses are looked at no faster than the throttle's
//! stated bound.

use super::*;
use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, TcpStream};
use std::os::fd::FromRawFd;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const CODE: &str = "K7QX2MZP9";

/// How long a person with the code may take to get a seat under attack.
const JOIN_WITHIN: Duration = Duration::from_secs(2);

fn host(seats: &str) -> HostHandle {
    Host::start(HostConfig {
        seats: parse_seats(seats).unwrap(),
        seed: 3,
        bind: "127.0.0.1".into(),
        port: 0,
        ai_delay: Duration::ZERO,
        join_code: Some(CODE.into()),
        ..HostConfig::default()
    })
    .unwrap()
}

/// A TCP connection from `from` (any 127.x.y.z: the whole block is
/// loopback on Linux) to `to`.
fn connect_from(from: Ipv4Addr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let SocketAddr::V4(to) = to else {
        return Err(ErrorKind::Unsupported.into());
    };
    let sockaddr = |a: SocketAddrV4| libc::sockaddr_in {
        sin_family: libc::AF_INET as libc::sa_family_t,
        sin_port: a.port().to_be(),
        sin_addr: libc::in_addr {
            s_addr: u32::from(*a.ip()).to_be(),
        },
        sin_zero: [0; 8],
    };
    let len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
    // SAFETY: plain socket calls on a descriptor this function owns; it is
    // handed to `TcpStream` (which closes it) or closed here on failure.
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let (src, dst) = (sockaddr(SocketAddrV4::new(from, 0)), sockaddr(to));
        let ok = libc::bind(fd, (&raw const src).cast(), len) == 0
            && libc::connect(fd, (&raw const dst).cast(), len) == 0;
        if !ok {
            let e = std::io::Error::last_os_error();
            libc::close(fd);
            return Err(e);
        }
        Ok(TcpStream::from_raw_fd(fd))
    }
}

/// Strangers: `per_address` idle connections from each of `addresses`,
/// each reopened as soon as the host cuts it, until `stop`. Counts the
/// connections opened.
fn idle_strangers(
    to: SocketAddr,
    addresses: Vec<Ipv4Addr>,
    per_address: usize,
    stop: Arc<AtomicBool>,
    opened: Arc<AtomicU64>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut slots: Vec<(Ipv4Addr, Option<TcpStream>)> = addresses
            .iter()
            .flat_map(|&a| std::iter::repeat_n(a, per_address))
            .map(|a| (a, None))
            .collect();
        let mut buf = [0u8; 512];
        while !stop.load(Ordering::Relaxed) {
            for (from, slot) in &mut slots {
                let alive = match slot {
                    Some(s) => match s.read(&mut buf) {
                        Ok(0) => false,
                        Ok(_) => true,
                        Err(e) => e.kind() == ErrorKind::WouldBlock,
                    },
                    None => false,
                };
                if !alive {
                    *slot = connect_from(*from, to).ok();
                    if let Some(s) = slot {
                        let _ = s.set_nonblocking(true);
                        opened.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    })
}

/// A person with the code joins seat `seat` from 127.0.0.1; how long it took.
fn person_joins(addr: &str, seat: u8) -> Duration {
    let t = Instant::now();
    let j = JoinOptions::new(Some(seat), &format!("Ana{seat}")).with_code(CODE);
    let c = Client::join(addr, &j).unwrap_or_else(|e| panic!("seat {seat}: {e}"));
    assert_eq!(c.seat(), seat);
    let took = t.elapsed();
    drop(c);
    took
}

/// Strangers from `addresses` hold every place they can; two people join
/// (one at once, one after the strangers' first connections time out).
fn strangers_do_not_lock_out(addresses: Vec<Ipv4Addr>, per_address: usize) {
    let h = host("human,human,ai:t1,ai:t1");
    let (to, addr) = (h.local_addr(), h.local_addr().to_string());
    let stop = Arc::new(AtomicBool::new(false));
    let opened = Arc::new(AtomicU64::new(0));
    let strangers = idle_strangers(to, addresses, per_address, stop.clone(), opened.clone());
    std::thread::sleep(Duration::from_millis(1500));
    let first = person_joins(&addr, 0);
    // Past HELLO_TIMEOUT the strangers' first connections were cut and
    // reopened: the second person meets the reconnecting crowd.
    std::thread::sleep(HELLO_TIMEOUT);
    let second = person_joins(&addr, 1);
    stop.store(true, Ordering::Relaxed);
    strangers.join().unwrap();
    h.shutdown();
    let _ = h.wait();
    let n = opened.load(Ordering::Relaxed);
    eprintln!("people joined in {first:?} and {second:?}; strangers opened {n} connections");
    assert!(n > 0, "the strangers opened no connection");
    assert!(
        first < JOIN_WITHIN,
        "first person took {first:?} ({n} stranger connections)"
    );
    assert!(
        second < JOIN_WITHIN,
        "second person took {second:?} ({n} stranger connections)"
    );
}

#[test]
fn idle_strangers_from_two_addresses_do_not_keep_a_person_out() {
    let two = vec![Ipv4Addr::new(127, 0, 0, 2), Ipv4Addr::new(127, 0, 0, 3)];
    strangers_do_not_lock_out(two, 6);
}

#[test]
fn idle_strangers_from_a_hundred_addresses_do_not_keep_a_person_out() {
    let hundred = (1..=100).map(|k| Ipv4Addr::new(127, 0, 1, k)).collect();
    strangers_do_not_lock_out(hundred, MAX_CONNECTIONS_PER_ADDRESS);
}

/// One guessing run: from each address, send `Hello`s with wrong codes
/// for `secs`; how many wrong codes the host looked at (refused as
/// "wrong join code") and how many it turned away unchecked.
fn guess(to: SocketAddr, from: Ipv4Addr, until: Instant) -> (u64, u64) {
    let (mut looked, mut turned) = (0, 0);
    let mut k = 0u32;
    while Instant::now() < until {
        let Ok(mut s) = connect_from(from, to) else {
            continue;
        };
        let _ = s.set_read_timeout(Some(Duration::from_secs(2)));
        k += 1;
        let hello = ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            seat: Some(0),
            name: "guess".into(),
            code: Some(format!("WRONG{k:04}")),
            token: None,
        };
        if s.write_all(to_line(&hello).as_bytes()).is_err() {
            continue;
        }
        let mut reply = String::new();
        let _ = s.read_to_string(&mut reply);
        if reply.contains("wrong join code:") {
            looked += 1;
        } else if reply.contains("too many") {
            turned += 1;
        }
    }
    (looked, turned)
}

#[test]
fn wrong_codes_from_eight_addresses_are_throttled_and_the_host_is_told() {
    let h = host("human,ai:t1,ai:t1,ai:t1");
    let to = h.local_addr();
    let secs = 3;
    let until = Instant::now() + Duration::from_secs(secs);
    let runs: Vec<_> = (2..10)
        .map(|k| std::thread::spawn(move || guess(to, Ipv4Addr::new(127, 0, 2, k), until)))
        .collect();
    let (mut looked, mut turned) = (0, 0);
    for r in runs {
        let (l, t) = r.join().unwrap();
        looked += l;
        turned += t;
    }
    // The stated bounds: each address its burst and rate, and the host
    // its two budgets.
    let minutes = secs as f64 / 60.0;
    let per_address = f64::from(WRONG_CODE_BURST_PER_ADDRESS)
        + f64::from(WRONG_CODES_PER_MINUTE_PER_ADDRESS) * minutes;
    let host_budget = f64::from(WRONG_CODE_BURST + WRONG_CODE_BURST_NEW_ADDRESSES)
        + f64::from(WRONG_CODES_PER_MINUTE + WRONG_CODES_PER_MINUTE_NEW_ADDRESSES) * minutes;
    let bound = (8.0 * per_address).min(host_budget).floor() + 8.0;
    assert!(
        looked as f64 <= bound,
        "{looked} wrong codes looked at in {secs} s (bound {bound}); {turned} turned away"
    );
    assert!(turned > looked, "{turned} turned away, {looked} looked at");
    let alerts = h.alerts();
    assert!(
        alerts.iter().any(|a| a.contains("guessing the join code")),
        "{alerts:?}"
    );
    // A person with the code still gets in, at once.
    let took = person_joins(&to.to_string(), 0);
    assert!(took < JOIN_WITHIN, "{took:?}");
    h.shutdown();
    let _ = h.wait();
}
