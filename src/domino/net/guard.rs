//! What keeps a hosted match safe from its guests: join codes and seat
//! tokens (unpredictable, from the operating system's random source via
//! `rand::random`), the limits of a connection (queue, rate, timeouts,
//! how many may wait), and the cleaning of peer text before it is shown or
//! forwarded.

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

/// How long a connection may stay without a seat (no accepted `Hello`).
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(15);

/// How long a started line may take to end with its `\n`.
pub const PARTIAL_LINE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a write to one client may block its own writer thread.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections open at once (seated or not); one more is told the host is
/// full and closed.
pub const MAX_CONNECTIONS: usize = 12;

/// Connections open at once from one IP address: a whole table can sit at
/// one machine (four seats and a reconnect or two), but one stranger
/// cannot take every place of [`MAX_CONNECTIONS`].
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 6;

/// Refusals the host's report keeps word for word (the rest are counted).
pub const REFUSALS_KEPT: usize = 20;

/// The longest name a person may take, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// The alphabet of join codes: no 0/O, 1/I/L, so a code read aloud is typed right.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The length of a join code (31^6 ≈ 887 million codes).
pub const JOIN_CODE_LEN: usize = 6;

/// A fresh join code: [`JOIN_CODE_LEN`] letters and digits, unpredictable.
///
/// ```
/// let c = evoboard::domino::net::new_join_code();
/// assert_eq!(c.len(), 6);
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

/// Whether `c` may reach a terminal or another player: not a control
/// character (C0, DEL, C1) and not a bidirectional or zero-width format
/// character that could disguise text.
fn is_safe_char(c: char) -> bool {
    !c.is_control()
        && !matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

/// Peer text made safe to print or forward: each unsafe character (see
/// above; escape sequences, newlines, bidi overrides) becomes `?`.
///
/// ```
/// use evoboard::domino::net::sanitize_peer_text;
/// assert_eq!(sanitize_peer_text("a\u{1b}]0;pwn\u{7}b\nc"), "a?]0;pwn?b?c");
/// ```
pub fn sanitize_peer_text(s: &str) -> String {
    s.chars()
        .map(|c| if is_safe_char(c) { c } else { '?' })
        .collect()
}

/// A person's name as given at `Hello`, trimmed; an error says what a
/// name may be (1..=40 characters, no control or format characters).
pub(crate) fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if let Some(bad) = name.chars().find(|&c| !is_safe_char(c)) {
        return Err(format!(
            "a name may not hold control or format characters (found U+{:04X}); \
             a name is 1 to {MAX_NAME_CHARS} printable characters",
            bad as u32
        ));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "a name is 1 to {MAX_NAME_CHARS} printable characters; this one has {}",
            name.chars().count()
        ));
    }
    Ok(name.to_string())
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
}
