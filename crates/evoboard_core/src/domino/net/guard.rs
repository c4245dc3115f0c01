//! What keeps a hosted match safe from its guests: join codes and seat
//! tokens (unpredictable, from the operating system's random source via
//! `rand::random`), the limits of a connection (queue, rate, timeouts,
//! how many may wait), and the cleaning of peer text before it is shown or
//! forwarded.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::time::{Duration, Instant};

/// How many messages may wait for one client to read them; a client that
/// lets more pile up is dropped (it does not read), not waited for.
pub const MAX_QUEUED_PER_CLIENT: usize = 64;

/// How many events (lines, connections, ends) may wait for the match
/// thread; a reader blocks (and stops reading its socket) when it is full.
pub const MAX_MATCH_QUEUE: usize = 1024;

/// Lines a connection may send in a burst before the rate limit applies.
pub const LINE_BURST: u32 = 40;

/// Lines per second the host takes from one connection after its burst;
/// past that its reader waits (the rest stays in the sender's socket), so
/// a flood costs the host neither memory nor the match thread's time.
pub const LINES_PER_SECOND: u32 = 20;

/// How long a connection may stay without a seat (no accepted `Hello`):
/// the handshake window. A client sends its `Hello` as soon as it
/// connects, so a few seconds are plenty; an idle stranger holds a place
/// no longer than this.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a client waits for the host's answer (`Welcome`, `Refused`
/// or `Closing`) to its `Hello` before it gives up.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a started line may take to end with its `\n`.
pub const PARTIAL_LINE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a write to one client may block its own writer thread.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections without a seat open at once, from every address together.
/// Seated connections do not count: strangers never hold a seat's place.
/// When this many wait, a new connection still gets in and the one that
/// has waited longest is cut, so idle connections from many addresses
/// cannot keep a person with the code out: they would have to open this
/// many connections in the moment between the person's connect and their
/// `Hello`.
pub const MAX_CONNECTIONS: usize = 32;

/// Connections without a seat open at once from one IPv4 address (or one
/// IPv6 /64 network): a whole table can join from one machine, but one
/// address cannot fill [`MAX_CONNECTIONS`]; one more is told the host is
/// full for that address and closed.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 4;

/// New connections one address (IPv6: one /64) may open at once: a
/// table of four from one machine and its reconnects.
pub const CONNECTS_BURST_PER_ADDRESS: u32 = 12;

/// New connections one address may open per minute after its burst; one
/// more is told to try again in a few seconds. This paces strangers who
/// reconnect at once each time they are cut, so many addresses together
/// cannot cycle the places without a seat faster than a person's `Hello`
/// arrives.
pub const CONNECTS_PER_MINUTE_PER_ADDRESS: u32 = 30;

/// Wrong join codes one address (IPv6: one /64) may give at once before
/// the throttle applies.
pub const WRONG_CODE_BURST_PER_ADDRESS: u32 = 5;

/// Wrong join codes one address may give per minute after its burst;
/// past that its `Hello`s are refused without their code being looked at.
pub const WRONG_CODES_PER_MINUTE_PER_ADDRESS: u32 = 12;

/// Wrong join codes the whole host takes at once before the overall
/// throttle applies.
pub const WRONG_CODE_BURST: u32 = 20;

/// Wrong join codes the whole host takes per minute after its burst: past
/// that, addresses with a wrong code on record wait, and addresses with
/// none draw on a second, larger budget
/// ([`WRONG_CODE_BURST_NEW_ADDRESSES`], then
/// [`WRONG_CODES_PER_MINUTE_NEW_ADDRESSES`]), so people who hold the code
/// still get in while strangers guess from a few addresses, and no number
/// of addresses gets more codes looked at than the two budgets together.
pub const WRONG_CODES_PER_MINUTE: u32 = 60;

/// Wrong codes from addresses with none on record that the host looks at
/// at once once [`WRONG_CODE_BURST`] is spent.
pub const WRONG_CODE_BURST_NEW_ADDRESSES: u32 = 60;

/// Wrong codes from addresses with none on record that the host looks at
/// per minute once both bursts are spent: the ceiling of guessing from any
/// number of addresses is this plus [`WRONG_CODES_PER_MINUTE`] (11 a
/// second; half of the 31^9 default codes take about 38,000 years).
pub const WRONG_CODES_PER_MINUTE_NEW_ADDRESSES: u32 = 600;

/// Addresses the guess throttle remembers at once.
pub(crate) const MAX_TRACKED_ADDRESSES: usize = 4096;

/// Refusals the host's report keeps word for word (the rest are counted).
pub const REFUSALS_KEPT: usize = 20;

/// The longest name a person may take, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// The alphabet of join codes: no 0/O, 1/I/L, so a code read aloud is typed right.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The length of a default join code: 31^9 ≈ 2.6e13 codes, 44.6 bits.
/// At the host's ceiling of wrong codes looked at
/// ([`WRONG_CODES_PER_MINUTE`] + [`WRONG_CODES_PER_MINUTE_NEW_ADDRESSES`])
/// a stranger needs about 38,000 years to try half of them.
pub const JOIN_CODE_LEN: usize = 9;

/// The bits of a join code a host chose (`--code`), taking its characters
/// as drawn from the 36 letters and digits (an upper bound).
pub fn code_bits(code: &str) -> f64 {
    code.chars().count() as f64 * 36f64.log2()
}

/// A fresh join code: [`JOIN_CODE_LEN`] letters and digits, unpredictable.
///
/// ```
/// let c = evoboard_core::domino::net::new_join_code();
/// assert_eq!(c.len(), 9);
/// assert!(c.chars().all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit()));
/// ```
pub fn new_join_code() -> String {
    (0..JOIN_CODE_LEN)
        .map(|_| {
            let k = rand::random_range(0..CODE_ALPHABET.len());
            CODE_ALPHABET[k] as char
        })
        .collect()
}

/// A fresh seat token: 128 random bits as 32 hex digits.
pub(crate) fn new_seat_token() -> String {
    format!(
        "{:016x}{:016x}",
        rand::random::<u64>(),
        rand::random::<u64>()
    )
}

/// Whether two secrets are equal, in time that does not depend on where
/// they first differ.
pub(crate) fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Peer text made safe to print or forward: [`crate::text_safe::clean`]
/// (control, bidi, separator, zero-width and invisible characters become
/// `?`).
///
/// ```
/// use evoboard_core::domino::net::sanitize_peer_text;
/// assert_eq!(sanitize_peer_text("a\u{1b}]0;pwn\u{7}b\nc"), "a?]0;pwn?b?c");
/// ```
pub fn sanitize_peer_text(s: &str) -> String {
    crate::text_safe::clean(s)
}

/// A person's name as given at `Hello`, trimmed; an error says what a
/// name may be ([`crate::text_safe::check_name`]: 1 to
/// [`MAX_NAME_CHARS`] visible characters, no control, bidi or invisible
/// character, not a label of the table such as `AI t1` or `seat 1`).
pub(crate) fn check_name(name: &str) -> Result<String, String> {
    crate::text_safe::check_name(name, MAX_NAME_CHARS).map_err(|e| e.message)
}

/// The key the host counts an address under: an IPv4 address, or the /64
/// network of an IPv6 one (a single host usually has a whole /64).
pub(crate) fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// A token bucket that refills `per_minute` tokens a minute up to `burst`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bucket {
    pub(crate) tokens: f64,
    last: Instant,
}

impl Bucket {
    pub(crate) fn full(burst: u32, now: Instant) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            last: now,
        }
    }

    pub(crate) fn refill(&mut self, burst: u32, per_minute: u32, now: Instant) {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * f64::from(per_minute) / 60.0).min(f64::from(burst));
    }

    /// How long until one token is there.
    pub(crate) fn wait(&self, per_minute: u32) -> Duration {
        let missing = (1.0 - self.tokens).max(0.0);
        Duration::from_secs_f64(missing * 60.0 / f64::from(per_minute.max(1)))
    }
}

/// What the guess throttle says about a `Hello` with a code.
#[derive(Debug, PartialEq)]
pub(crate) enum Verdict {
    /// Look at the code.
    Check,
    /// Refuse without looking at the code, with why.
    Throttled(String),
}

/// Wrong join codes, throttled per address ([`WRONG_CODE_BURST_PER_ADDRESS`],
/// then [`WRONG_CODES_PER_MINUTE_PER_ADDRESS`]) and overall
/// ([`WRONG_CODE_BURST`], then [`WRONG_CODES_PER_MINUTE`]); counts what
/// it saw for the host's warnings.
#[derive(Debug)]
pub(crate) struct GuessThrottle {
    per_address: HashMap<IpAddr, Bucket>,
    overall: Bucket,
    /// The budget of addresses with no wrong code on record, once
    /// `overall` is spent.
    fresh: Bucket,
    /// Wrong codes looked at.
    pub wrong: u64,
    /// `Hello`s refused without their code being looked at.
    pub throttled: u64,
    /// Addresses that gave a wrong code (up to the tracking cap).
    pub addresses: usize,
}

impl GuessThrottle {
    pub(crate) fn new(now: Instant) -> GuessThrottle {
        GuessThrottle {
            per_address: HashMap::new(),
            overall: Bucket::full(WRONG_CODE_BURST, now),
            fresh: Bucket::full(WRONG_CODE_BURST_NEW_ADDRESSES, now),
            wrong: 0,
            throttled: 0,
            addresses: 0,
        }
    }

    /// May the code of a `Hello` from `ip` be looked at now?
    pub(crate) fn verdict(&mut self, ip: IpAddr, now: Instant) -> Verdict {
        let key = address_key(ip);
        self.overall
            .refill(WRONG_CODE_BURST, WRONG_CODES_PER_MINUTE, now);
        self.fresh.refill(
            WRONG_CODE_BURST_NEW_ADDRESSES,
            WRONG_CODES_PER_MINUTE_NEW_ADDRESSES,
            now,
        );
        let mine = self.per_address.get_mut(&key).map(|b| {
            b.refill(
                WRONG_CODE_BURST_PER_ADDRESS,
                WRONG_CODES_PER_MINUTE_PER_ADDRESS,
                now,
            );
            *b
        });
        let on_record = mine.is_some_and(|b| b.tokens < f64::from(WRONG_CODE_BURST_PER_ADDRESS))
            || (mine.is_none() && self.per_address.len() >= MAX_TRACKED_ADDRESSES);
        let why = if let Some(b) = mine.filter(|b| b.tokens < 1.0) {
            format!(
                "too many wrong join codes from your address: try again in {} s \
                 (at most {WRONG_CODES_PER_MINUTE_PER_ADDRESS} a minute per address)",
                b.wait(WRONG_CODES_PER_MINUTE_PER_ADDRESS).as_secs() + 1
            )
        } else if self.overall.tokens < 1.0 && (on_record || self.fresh.tokens < 1.0) {
            format!(
                "too many wrong join codes at this table just now: try again in {} s",
                self.overall.wait(WRONG_CODES_PER_MINUTE).as_secs() + 1
            )
        } else {
            return Verdict::Check;
        };
        self.throttled += 1;
        Verdict::Throttled(why)
    }

    /// A wrong code from `ip` was looked at.
    pub(crate) fn wrong_code(&mut self, ip: IpAddr, now: Instant) {
        let key = address_key(ip);
        self.wrong += 1;
        if self.overall.tokens >= 1.0 {
            self.overall.tokens -= 1.0;
        } else {
            self.fresh.tokens -= 1.0;
        }
        if !self.per_address.contains_key(&key) && self.per_address.len() >= MAX_TRACKED_ADDRESSES {
            // Forget the addresses whose bucket is full again.
            let full = f64::from(WRONG_CODE_BURST_PER_ADDRESS);
            self.per_address.retain(|_, b| {
                b.refill(
                    WRONG_CODE_BURST_PER_ADDRESS,
                    WRONG_CODES_PER_MINUTE_PER_ADDRESS,
                    now,
                );
                b.tokens < full
            });
        }
        if self.per_address.len() >= MAX_TRACKED_ADDRESSES && !self.per_address.contains_key(&key) {
            return;
        }
        let b = self
            .per_address
            .entry(key)
            .or_insert_with(|| Bucket::full(WRONG_CODE_BURST_PER_ADDRESS, now));
        if b.tokens >= f64::from(WRONG_CODE_BURST_PER_ADDRESS) {
            self.addresses += 1;
        }
        b.tokens -= 1.0;
    }
}

/// A token bucket over a connection's lines: [`LINE_BURST`] at once, then
/// [`LINES_PER_SECOND`].
#[derive(Debug)]
pub(crate) struct RateLimit {
    tokens: f64,
    last: Instant,
    /// Lines that had to wait for the rate.
    pub delayed: u64,
}

impl RateLimit {
    /// A full bucket.
    pub(crate) fn new() -> RateLimit {
        RateLimit {
            tokens: f64::from(LINE_BURST),
            last: Instant::now(),
            delayed: 0,
        }
    }

    /// Take one line now: how long its reader must wait first (zero
    /// within the rate).
    pub(crate) fn take(&mut self) -> Duration {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        let rate = f64::from(LINES_PER_SECOND);
        self.tokens = (self.tokens + dt * rate).min(f64::from(LINE_BURST)) - 1.0;
        if self.tokens >= 0.0 {
            return Duration::ZERO;
        }
        self.delayed += 1;
        Duration::from_secs_f64(-self.tokens / rate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_secrets_and_the_rate_limit() {
        assert!(check_name("Ana\u{1b}[2J").unwrap_err().contains("U+001B"));
        assert!(check_name("A\nB").is_err());
        assert!(check_name(&"x".repeat(41)).unwrap_err().contains("41"));
        assert_eq!(check_name("  Ana ").unwrap(), "Ana");
        assert_eq!(sanitize_peer_text("\u{202e}abc"), "?abc");
        let (a, b) = (new_seat_token(), new_seat_token());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(same_secret(&a, &a.clone()) && !same_secret(&a, &b));
        assert_ne!(new_join_code(), new_join_code());
        let mut r = RateLimit::new();
        let waits: Vec<Duration> = (0..100).map(|_| r.take()).collect();
        assert!(waits[..40].iter().all(|w| w.is_zero()), "{waits:?}");
        // Line 100 waits about 60 lines' worth at 20 a second: ~3 s.
        assert!(waits[99] > Duration::from_millis(2900), "{:?}", waits[99]);
        assert!(r.delayed >= 59);
    }

    #[test]
    fn wrong_codes_are_throttled_per_address_and_overall() {
        let t0 = Instant::now();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let mut g = GuessThrottle::new(t0);
        let a = ip("10.0.0.1");
        // The burst of one address, then its throttle.
        for _ in 0..WRONG_CODE_BURST_PER_ADDRESS {
            assert_eq!(g.verdict(a, t0), Verdict::Check);
            g.wrong_code(a, t0);
        }
        assert!(matches!(g.verdict(a, t0), Verdict::Throttled(w) if w.contains("your address")));
        // Five seconds later one more.
        let t5 = t0 + Duration::from_secs(5);
        assert_eq!(g.verdict(a, t5), Verdict::Check);
        // Addresses of one IPv6 /64 count as one.
        let (v6a, v6b) = (ip("2001:db8::1"), ip("2001:db8::ffff:1"));
        for _ in 0..WRONG_CODE_BURST_PER_ADDRESS {
            g.wrong_code(v6a, t0);
        }
        assert!(matches!(g.verdict(v6b, t0), Verdict::Throttled(_)));
        // Many addresses exhaust the overall burst: those with a wrong code
        // on record wait, a clean address is still looked at.
        for k in 0..WRONG_CODE_BURST {
            let x = ip(&format!("10.1.0.{}", k + 1));
            g.wrong_code(x, t0);
        }
        assert!(
            matches!(g.verdict(ip("10.1.0.1"), t0), Verdict::Throttled(w) if w.contains("this table"))
        );
        assert_eq!(g.verdict(ip("10.9.9.9"), t0), Verdict::Check);
        // Clean addresses draw on a second budget; past it they wait too.
        for k in 0..WRONG_CODE_BURST_NEW_ADDRESSES {
            g.wrong_code(ip(&format!("10.2.{}.{}", k / 200, k % 200 + 1)), t0);
        }
        assert!(matches!(
            g.verdict(ip("10.9.9.8"), t0),
            Verdict::Throttled(_)
        ));
        assert!(g.wrong >= 30 && g.addresses >= 22 && g.throttled >= 3);
        assert_eq!(address_key(ip("::ffff:1.2.3.4")), ip("1.2.3.4"));
        assert!(code_bits(&new_join_code()) > 40.0);
        assert_eq!(new_join_code().len(), JOIN_CODE_LEN);
    }
}
