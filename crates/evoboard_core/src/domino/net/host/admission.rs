//! Who may hold a place on the host before taking a seat: the book of
//! connections without one, with a cap per address and in all, a pace of
//! new connections per address, and room made for newcomers by cutting
//! the longest-waiting connection that has said nothing yet.

use super::super::guard::{
    Bucket, CONNECTS_BURST_PER_ADDRESS, CONNECTS_PER_MINUTE_PER_ADDRESS, MAX_CONNECTIONS,
    MAX_CONNECTIONS_PER_ADDRESS, MAX_TRACKED_ADDRESSES, address_key,
};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::{IpAddr, Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// One connection without a seat, in the book of places.
#[derive(Debug)]
struct Waiting {
    key: IpAddr,
    /// It sent a whole line (its `Hello`): it is not cut to make room.
    spoke: bool,
    /// To cut it when a newer connection needs its place (`None` in tests).
    socket: Option<(TcpStream, Arc<AtomicBool>)>,
}

/// Who is connected: connections without a seat (in the order they came,
/// per address), seated ones (not limited here: the seats are), and how
/// fast each address has been opening connections.
#[derive(Debug, Default)]
pub(crate) struct Admission {
    waiting: BTreeMap<u64, Waiting>,
    per_address: HashMap<IpAddr, usize>,
    arrivals: HashMap<IpAddr, Bucket>,
    seated: HashSet<u64>,
    /// Connections cut to make room for a newer one.
    pub(crate) evicted: u64,
}

impl Admission {
    /// Take a place for connection `id` from `ip` at `now`, or say why not:
    /// the address opens connections too fast
    /// ([`CONNECTS_PER_MINUTE_PER_ADDRESS`] after
    /// [`CONNECTS_BURST_PER_ADDRESS`]) or has
    /// [`MAX_CONNECTIONS_PER_ADDRESS`] waiting. When [`MAX_CONNECTIONS`]
    /// wait already, the longest-waiting one that has not spoken is cut to
    /// make room (if every one has spoken, the newcomer is told to retry).
    pub(crate) fn admit(
        &mut self,
        id: u64,
        ip: IpAddr,
        now: Instant,
        socket: Option<(TcpStream, Arc<AtomicBool>)>,
    ) -> Result<(), String> {
        let key = address_key(ip);
        self.pace(key, now)?;
        let mine = self.per_address.get(&key).copied().unwrap_or(0);
        if mine >= MAX_CONNECTIONS_PER_ADDRESS {
            return Err(format!(
                "the host is full for {ip}: at most {MAX_CONNECTIONS_PER_ADDRESS} connections \
                 without a seat at once from one address; try again in a few seconds"
            ));
        }
        if self.waiting.len() >= MAX_CONNECTIONS {
            let Some(oldest) = self.waiting.iter().find(|(_, w)| !w.spoke).map(|(k, _)| *k) else {
                return Err("the host is busy letting people in: try again in a second".into());
            };
            if let Some(w) = self.waiting.remove(&oldest) {
                self.forget(w.key);
                self.evicted += 1;
                if let Some((sock, ended)) = w.socket {
                    ended.store(true, Ordering::Relaxed);
                    let _ = sock.shutdown(Shutdown::Both);
                }
            }
        }
        *self.per_address.entry(key).or_insert(0) += 1;
        let w = Waiting {
            key,
            spoke: false,
            socket,
        };
        self.waiting.insert(id, w);
        Ok(())
    }

    /// Count a new connection from `key` against its pace.
    fn pace(&mut self, key: IpAddr, now: Instant) -> Result<(), String> {
        let (burst, per_minute) = (CONNECTS_BURST_PER_ADDRESS, CONNECTS_PER_MINUTE_PER_ADDRESS);
        if self.arrivals.len() >= MAX_TRACKED_ADDRESSES && !self.arrivals.contains_key(&key) {
            // Forget the addresses whose pace is back to a full burst.
            self.arrivals.retain(|_, b| {
                b.refill(burst, per_minute, now);
                b.tokens < f64::from(burst)
            });
        }
        let b = self
            .arrivals
            .entry(key)
            .or_insert_with(|| Bucket::full(burst, now));
        b.refill(burst, per_minute, now);
        if b.tokens < 1.0 {
            return Err(format!(
                "too many connections from your address just now: try again in {} s \
                 (at most {per_minute} a minute after the first {burst})",
                b.wait(per_minute).as_secs() + 1
            ));
        }
        b.tokens -= 1.0;
        Ok(())
    }

    fn forget(&mut self, key: IpAddr) {
        if let Some(n) = self.per_address.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.per_address.remove(&key);
            }
        }
    }

    /// Connection `id` sent a whole line: it is not cut to make room.
    pub(crate) fn spoke(&mut self, id: u64) {
        if let Some(w) = self.waiting.get_mut(&id) {
            w.spoke = true;
        }
    }

    /// Connection `id` took a seat.
    pub(crate) fn seat(&mut self, id: u64) {
        if let Some(w) = self.waiting.remove(&id) {
            self.forget(w.key);
            self.seated.insert(id);
        }
    }

    /// Give back the place of connection `id`.
    pub(crate) fn leave(&mut self, id: u64) {
        match self.waiting.remove(&id) {
            Some(w) => self.forget(w.key),
            None => {
                self.seated.remove(&id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;
    use std::time::Duration;

    fn ip(last: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(192, 168, 1, last))
    }

    #[test]
    fn one_address_gets_its_share_and_the_oldest_silent_makes_room() {
        let t0 = Instant::now();
        let mut places = Admission::default();
        let mut id = 0u64;
        let mut next = || {
            id += 1;
            id
        };
        for _ in 0..MAX_CONNECTIONS_PER_ADDRESS {
            places.admit(next(), ip(1), t0, None).unwrap();
        }
        let refused = places.admit(next(), ip(1), t0, None).unwrap_err();
        assert!(refused.contains("from one address"), "{refused}");
        // A seated connection frees its address's place.
        places.seat(1);
        places.admit(next(), ip(1), t0, None).unwrap();
        // Connection 2 has spoken: it is never cut to make room.
        places.spoke(2);
        // Many addresses: past MAX_CONNECTIONS the oldest silent one goes,
        // and a newcomer always gets in.
        for k in 0..(3 * MAX_CONNECTIONS) {
            let from = ip(10 + (k % 200) as u8);
            places.admit(next(), from, t0, None).unwrap();
        }
        assert_eq!(places.waiting.len(), MAX_CONNECTIONS);
        assert!(places.evicted > 0);
        assert!(
            places.waiting.contains_key(&2),
            "a connection that spoke stays"
        );
        assert!(
            !places.waiting.contains_key(&3),
            "the oldest silent one went"
        );
        assert!(places.seated.contains(&1));
        // Giving back every place empties the book.
        let ids: Vec<u64> = places.waiting.keys().copied().collect();
        for i in ids {
            places.leave(i);
        }
        places.leave(1);
        assert!(places.per_address.is_empty() && places.seated.is_empty());
    }

    #[test]
    fn an_address_that_reconnects_at_once_is_paced() {
        let t0 = Instant::now();
        let mut places = Admission::default();
        for id in 0..u64::from(CONNECTS_BURST_PER_ADDRESS) {
            places.admit(id, ip(7), t0, None).unwrap();
            places.leave(id);
        }
        let refused = places.admit(99, ip(7), t0, None).unwrap_err();
        assert!(refused.contains("too many connections"), "{refused}");
        // Another address is not paced by this one.
        places.admit(100, ip(8), t0, None).unwrap();
        // After the pace's interval one more gets in.
        let later = t0 + Duration::from_secs(60 / u64::from(CONNECTS_PER_MINUTE_PER_ADDRESS) + 1);
        places.admit(101, ip(7), later, None).unwrap();
    }

    #[test]
    fn when_everyone_waiting_has_spoken_the_newcomer_retries() {
        let t0 = Instant::now();
        let mut places = Admission::default();
        for id in 0..MAX_CONNECTIONS as u64 {
            places.admit(id, ip(20 + id as u8), t0, None).unwrap();
            places.spoke(id);
        }
        let refused = places.admit(999, ip(250), t0, None).unwrap_err();
        assert!(refused.contains("try again"), "{refused}");
        assert_eq!(places.evicted, 0);
    }
}
