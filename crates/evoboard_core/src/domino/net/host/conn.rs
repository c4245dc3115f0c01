//! The connections of a host: the accept loop (who gets a place without a
//! seat: [`Admission`]), a reader thread per connection (lines
//! taken at most at [`LINES_PER_SECOND`](super::super::LINES_PER_SECOND)
//! after a burst, a started line must end within
//! [`PARTIAL_LINE_TIMEOUT`]) and a writer thread per connection with a
//! bounded queue, so one client that floods or does not read never holds
//! the match thread.

use super::super::guard::{
    MAX_QUEUED_PER_CLIENT, PARTIAL_LINE_TIMEOUT, RateLimit, WRITE_TIMEOUT, sanitize_peer_text,
};
use super::super::{ClientMsg, HostMsg, MAX_CLIENT_LINE, to_line};
use super::Ev;
use super::admission::Admission;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often a reader wakes to look at its clocks and the stop flag.
const READ_TICK: Duration = Duration::from_millis(250);

/// The match thread's side of a connection: a bounded queue to its writer
/// and the socket (to cut it).
pub(crate) struct ConnIo {
    out: SyncSender<Arc<str>>,
    socket: TcpStream,
    /// Set when the match thread ends the connection: its reader stops
    /// before the next line, so a cut connection frees its place at once.
    ended: Arc<AtomicBool>,
    /// The connection's id and the accept loop's book of places.
    id: u64,
    places: Arc<Mutex<Admission>>,
}

/// Why a line could not be queued for a client.
pub(crate) enum QueueError {
    /// The client let [`MAX_QUEUED_PER_CLIENT`] messages pile up.
    Full,
    /// The writer has stopped (the socket failed).
    Closed,
}

impl ConnIo {
    /// Queue a line for the writer; never waits.
    pub(crate) fn queue(&self, line: Arc<str>) -> Result<(), QueueError> {
        self.out.try_send(line).map_err(|e| match e {
            TrySendError::Full(_) => QueueError::Full,
            TrySendError::Disconnected(_) => QueueError::Closed,
        })
    }

    /// The connection took a seat: it no longer holds a place of the
    /// connections without one.
    pub(crate) fn seated(&self) {
        lock(&self.places).seat(self.id);
    }

    /// Cut the connection at once (what is queued is lost).
    pub(crate) fn cut(self) {
        self.ended.store(true, Ordering::Relaxed);
        let _ = self.socket.shutdown(Shutdown::Both);
    }

    /// Close politely: stop reading, let the writer send what is queued,
    /// then close the sending side.
    pub(crate) fn close(self) {
        self.ended.store(true, Ordering::Relaxed);
        let _ = self.socket.shutdown(Shutdown::Read);
    }
}

fn lock(m: &Mutex<Admission>) -> std::sync::MutexGuard<'_, Admission> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Gives a connection's place back when its reader ends.
struct Live(Arc<Mutex<Admission>>, u64);

impl Drop for Live {
    fn drop(&mut self) {
        lock(&self.0).leave(self.1);
    }
}

/// Accept connections until `stop`; each gets a reader and a writer.
pub(super) fn accept_loop(listener: TcpListener, tx: SyncSender<Ev>, stop: Arc<AtomicBool>) {
    let places = Arc::new(Mutex::new(Admission::default()));
    let mut next_id = 1u64;
    while !stop.load(Ordering::Relaxed) {
        let (stream, peer) = match listener.accept() {
            Ok(v) => v,
            Err(_) => {
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        let id = next_id;
        next_id += 1;
        let ended = Arc::new(AtomicBool::new(false));
        let Ok(cutter) = stream.try_clone() else {
            continue;
        };
        let admitted = lock(&places).admit(
            id,
            peer.ip(),
            Instant::now(),
            Some((cutter, Arc::clone(&ended))),
        );
        if let Err(reason) = admitted {
            refuse_full(stream, reason);
            continue;
        }
        // From here on the place is given back when `guard` drops.
        let guard = Live(Arc::clone(&places), id);
        let _ = stream.set_nonblocking(false);
        let _ = stream.set_nodelay(true);
        let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
        let _ = stream.set_read_timeout(Some(READ_TICK));
        let (Ok(writer), Ok(socket)) = (stream.try_clone(), stream.try_clone()) else {
            continue;
        };
        let (out, queue) = sync_channel(MAX_QUEUED_PER_CLIENT);
        let spawned = std::thread::Builder::new()
            .name(format!("domino-net-write-{id}"))
            .spawn(move || write_loop(writer, queue));
        if spawned.is_err() {
            continue;
        }
        let io = ConnIo {
            out,
            socket,
            ended: Arc::clone(&ended),
            id,
            places: Arc::clone(&places),
        };
        if tx.send(Ev::Conn(id, io, peer)).is_err() {
            return;
        }
        let (rtx, rstop) = (tx.clone(), Arc::clone(&stop));
        let spawned = std::thread::Builder::new()
            .name(format!("domino-net-read-{id}"))
            .spawn(move || {
                let live = guard;
                read_loop(id, stream, rtx, [rstop, ended], &live)
            });
        if spawned.is_err() {
            let _ = tx.send(Ev::Gone(id, "the host could not start a reader".into()));
        }
    }
}

/// Tell a connection over a cap that the host is full, without waiting.
fn refuse_full(mut stream: TcpStream, reason: String) {
    let _ = stream.set_nonblocking(true);
    let line = to_line(&HostMsg::Closing { reason });
    let _ = stream.write_all(line.as_bytes());
    let _ = stream.shutdown(Shutdown::Both);
}

/// Write queued lines until the match thread drops the queue (then close
/// the sending side) or a write fails or times out (then cut the socket,
/// which ends the reader and so the connection).
fn write_loop(mut stream: TcpStream, queue: Receiver<Arc<str>>) {
    for line in queue {
        if stream.write_all(line.as_bytes()).is_err() {
            let _ = stream.shutdown(Shutdown::Both);
            return;
        }
    }
    let _ = stream.shutdown(Shutdown::Write);
}

/// Read a connection's lines and pass them on until it ends, the host
/// stops, or a line runs over [`MAX_CLIENT_LINE`] or [`PARTIAL_LINE_TIMEOUT`].
fn read_loop(
    id: u64,
    mut stream: TcpStream,
    tx: SyncSender<Ev>,
    stop: [Arc<AtomicBool>; 2],
    live: &Live,
) {
    let stopped = || stop.iter().any(|s| s.load(Ordering::Relaxed));
    let mut line: Vec<u8> = Vec::new();
    let mut since: Option<Instant> = None;
    let mut chunk = [0u8; 4096];
    let mut rate = RateLimit::new();
    let mut spoke = false;
    let why = 'conn: loop {
        if stopped() {
            return;
        }
        match stream.read(&mut chunk) {
            Ok(0) => break "disconnected".to_string(),
            Ok(n) => {
                for part in chunk[..n].split_inclusive(|&b| b == b'\n') {
                    let (bytes, ends) = match part.split_last() {
                        Some((b'\n', rest)) => (rest, true),
                        _ => (part, false),
                    };
                    if line.len() + bytes.len() > MAX_CLIENT_LINE {
                        break 'conn format!(
                            "sent a line over {MAX_CLIENT_LINE} bytes (the limit)"
                        );
                    }
                    line.extend_from_slice(bytes);
                    since.get_or_insert_with(Instant::now);
                    if !ends {
                        continue;
                    }
                    since = None;
                    if !spoke {
                        spoke = true;
                        lock(&live.0).spoke(id);
                    }
                    let wait = rate.take();
                    if !wait.is_zero() {
                        std::thread::sleep(wait);
                    }
                    if stopped() {
                        return;
                    }
                    let msg = parse_line(&line);
                    line.clear();
                    let Some(msg) = msg else { continue };
                    if tx.send(Ev::Line(id, msg)).is_err() {
                        return;
                    }
                }
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => break format!("connection failed ({e})"),
        }
        if since.is_some_and(|t| t.elapsed() > PARTIAL_LINE_TIMEOUT) {
            break format!(
                "left a line unfinished for over {} s",
                PARTIAL_LINE_TIMEOUT.as_secs()
            );
        }
    };
    // The match thread cuts the socket when it takes in the end (a polite
    // close by the host ends here too, and its last lines must still go).
    let _ = tx.send(Ev::Gone(id, why));
}

/// A line as a message, or the refusal text for it (peer text cleaned and
/// cut to 80 bytes); `None` for a blank line.
fn parse_line(line: &[u8]) -> Option<Result<ClientMsg, String>> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    Some(serde_json::from_slice::<ClientMsg>(line).map_err(|e| {
        let text = String::from_utf8_lossy(&line[..line.len().min(80)]);
        format!(
            "`{}` ({})",
            sanitize_peer_text(&text),
            sanitize_peer_text(&e.to_string())
        )
    }))
}
