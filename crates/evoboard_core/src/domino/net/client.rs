//! The clients: [`Client`] blocks on each message (tests, bots),
//! [`NetClient`] reads on its own thread and hands messages over a channel
//! (a frame loop polls it).

use super::guard::HANDSHAKE_TIMEOUT;
use super::{
    ClientMsg, HostMsg, MAX_HOST_LINE, NetError, PROTOCOL_VERSION, Refusal, resolve, to_line,
};
use crate::text_safe::clean;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a connection attempt may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// What reading one line gave.
pub(crate) enum LineRead {
    /// A whole line is in the buffer (without its `\n`).
    Line,
    /// The peer closed the connection.
    Eof,
    /// The line is longer than the limit.
    TooLong,
}

/// Read one `\n`-terminated line of at most `limit` bytes into `buf`
/// (appending: on a timeout the partial line stays in `buf`).
pub(crate) fn read_line_limited<R: Read>(
    reader: &mut BufReader<R>,
    buf: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<LineRead> {
    loop {
        let room = (limit + 1).saturating_sub(buf.len()) as u64;
        let n = reader.by_ref().take(room).read_until(b'\n', buf)?;
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(LineRead::Line);
        }
        if buf.len() > limit {
            return Ok(LineRead::TooLong);
        }
        if n == 0 {
            return Ok(LineRead::Eof);
        }
    }
}

/// What a client asks the host for: a seat, a name, the host's join code
/// and (to come back to a seat) the seat's token.
///
/// ```
/// use evoboard_core::domino::net::JoinOptions;
/// let j = JoinOptions::new(Some(2), "Ana").with_code("K7QX3M");
/// assert_eq!(j.code.as_deref(), Some("K7QX3M"));
/// assert!(j.token.is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JoinOptions {
    /// The seat wanted (0..4; `None`: the first free human seat).
    pub seat: Option<u8>,
    /// The name the others see.
    pub name: String,
    /// The host's join code (`domino host` prints it).
    pub code: Option<String>,
    /// The seat token the host gave at the first join of this seat
    /// ([`HostMsg::Welcome`]); needed to come back to it.
    pub token: Option<String>,
}

impl JoinOptions {
    /// Ask for `seat` as `name`, without code or token.
    pub fn new(seat: Option<u8>, name: &str) -> JoinOptions {
        JoinOptions {
            seat,
            name: name.to_string(),
            code: None,
            token: None,
        }
    }

    /// With the host's join code.
    pub fn with_code(mut self, code: &str) -> JoinOptions {
        self.code = Some(code.to_string());
        self
    }

    /// With a seat token (to come back to a seat).
    pub fn with_token(mut self, token: &str) -> JoinOptions {
        self.token = Some(token.to_string());
        self
    }
}

/// Connect to `addr` (`HOST:PORT`) and say hello.
fn open(addr: &str, j: &JoinOptions) -> Result<TcpStream, NetError> {
    let sock = resolve(addr)?;
    let mut stream = TcpStream::connect_timeout(&sock, CONNECT_TIMEOUT)
        .map_err(|e| NetError::io(format!("cannot connect to {addr}"), e))?;
    let _ = stream.set_nodelay(true);
    let hello = ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        seat: j.seat,
        name: j.name.clone(),
        code: j.code.clone(),
        token: j.token.clone(),
    };
    stream
        .write_all(to_line(&hello).as_bytes())
        .map_err(|e| NetError::io(format!("cannot write to {addr}"), e))?;
    Ok(stream)
}

/// Parse one line from the host; the host's text (reasons, names,
/// notices, log sentences) is made safe to show
/// ([`crate::text_safe::clean`]) before anyone sees it.
fn parse(line: &[u8]) -> Result<HostMsg, NetError> {
    let msg = serde_json::from_slice(line).map_err(|e| NetError::Protocol {
        reason: clean(&e.to_string()),
    })?;
    Ok(clean_msg(msg))
}

/// A host message with every text field cleaned.
fn clean_msg(msg: HostMsg) -> HostMsg {
    match msg {
        HostMsg::Welcome {
            version,
            seat,
            names,
            token,
        } => HostMsg::Welcome {
            version,
            seat,
            names: names.map(|n| clean(&n)),
            token: clean(&token),
        },
        HostMsg::Snapshot(mut s) => {
            s.names = s.names.map(|n| clean(&n));
            s.players = s.players.map(|n| clean(&n));
            s.notice = s.notice.map(|n| clean(&n));
            for l in &mut s.log {
                l.text = clean(&l.text);
            }
            HostMsg::Snapshot(s)
        }
        HostMsg::Refused { code, reason } => HostMsg::Refused {
            code,
            reason: clean(&reason),
        },
        HostMsg::Closing { reason } => HostMsg::Closing {
            reason: clean(&reason),
        },
    }
}

/// A blocking client: [`Client::connect`] returns once the host granted a
/// seat; [`Client::recv`] waits for the next message.
#[derive(Debug)]
pub struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    buf: Vec<u8>,
    seat: u8,
    names: [String; 4],
    token: String,
    received: u64,
    ended: Option<String>,
}

impl Client {
    /// Connect to `addr` (`HOST:PORT`), ask for `seat` (`None`: the first
    /// free human seat) as `name`, and wait for the host's answer: a
    /// [`NetError::Refused`] says why a seat was not granted. A host with
    /// a join code needs [`Client::join`].
    pub fn connect(addr: &str, seat: Option<u8>, name: &str) -> Result<Client, NetError> {
        Client::join(addr, &JoinOptions::new(seat, name))
    }

    /// [`Client::connect`] with a join code and a seat token. The host
    /// must answer within [`HANDSHAKE_TIMEOUT`](super::HANDSHAKE_TIMEOUT)
    /// (else a [`NetError::Io`] says it did not); a host that closes
    /// before granting a seat (full, wrong code, stopped) is a
    /// [`NetError::Refused`] with its reason.
    pub fn join(addr: &str, j: &JoinOptions) -> Result<Client, NetError> {
        let stream = open(addr, j)?;
        let writer = stream
            .try_clone()
            .map_err(|e| NetError::io("cannot clone the socket", e))?;
        let mut c = Client {
            reader: BufReader::new(stream),
            writer,
            buf: Vec::new(),
            seat: 0,
            names: Default::default(),
            token: String::new(),
            received: 0,
            ended: None,
        };
        c.set_read_timeout(Some(HANDSHAKE_TIMEOUT))?;
        loop {
            let msg = match c.recv() {
                Ok(m) => m,
                Err(NetError::HostEnded { reason }) => {
                    return Err(NetError::Refused {
                        code: Refusal::Closed,
                        reason,
                    });
                }
                Err(NetError::Io { reason, .. }) => {
                    return Err(NetError::Io {
                        what: format!(
                            "the host at {addr} did not answer within {} s",
                            HANDSHAKE_TIMEOUT.as_secs()
                        ),
                        reason,
                    });
                }
                Err(e) => return Err(e),
            };
            match msg {
                HostMsg::Welcome {
                    seat, names, token, ..
                } => {
                    c.seat = seat;
                    c.names = names;
                    c.token = token;
                    c.set_read_timeout(None)?;
                    return Ok(c);
                }
                HostMsg::Refused { code, reason } => {
                    return Err(NetError::Refused { code, reason });
                }
                _ => {}
            }
        }
    }

    /// The seat granted.
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The seat's token from the host's welcome: give it in
    /// [`JoinOptions::token`] to come back to this seat.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// The names at the seats, as the host welcomed us.
    pub fn names(&self) -> &[String; 4] {
        &self.names
    }

    /// Messages received so far (the welcome included).
    pub fn messages_received(&self) -> u64 {
        self.received
    }

    /// Wait at most `t` in [`Client::recv`] (`None`: forever); a timeout is
    /// a [`NetError::Io`] and the next call goes on where it stopped.
    pub fn set_read_timeout(&self, t: Option<Duration>) -> Result<(), NetError> {
        self.writer
            .set_read_timeout(t)
            .map_err(|e| NetError::io("cannot set the read timeout", e))
    }

    /// The next message. A [`HostMsg::Closing`] or the connection closing
    /// is a [`NetError::HostEnded`] ("the host ended the match: …"), and
    /// so is every call after it.
    pub fn recv(&mut self) -> Result<HostMsg, NetError> {
        if let Some(reason) = &self.ended {
            return Err(NetError::HostEnded {
                reason: reason.clone(),
            });
        }
        let msg = match read_line_limited(&mut self.reader, &mut self.buf, MAX_HOST_LINE) {
            Ok(LineRead::Line) => {
                let m = parse(&self.buf);
                self.buf.clear();
                m?
            }
            Ok(LineRead::TooLong) => {
                self.ended = Some(format!("it sent a line over {MAX_HOST_LINE} bytes"));
                return self.recv();
            }
            Ok(LineRead::Eof) => {
                self.ended = Some("the connection closed".into());
                return self.recv();
            }
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Err(NetError::io("no message from the host in time", e));
            }
            Err(e) => {
                self.ended = Some(format!("the connection failed ({e})"));
                return self.recv();
            }
        };
        self.received += 1;
        if let HostMsg::Closing { reason } = msg {
            self.ended = Some(reason);
            return self.recv();
        }
        Ok(msg)
    }

    /// Send a message.
    pub fn send(&mut self, msg: &ClientMsg) -> Result<(), NetError> {
        self.writer
            .write_all(to_line(msg).as_bytes())
            .map_err(|e| NetError::io("cannot write to the host", e))
    }

    /// Send a raw line (tests of the host's refusals); a `\n` is added.
    pub fn send_raw(&mut self, line: &str) -> Result<(), NetError> {
        self.writer
            .write_all(format!("{line}\n").as_bytes())
            .map_err(|e| NetError::io("cannot write to the host", e))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.writer.shutdown(Shutdown::Both);
    }
}

/// A non-blocking client for a frame loop: a reader thread parses the
/// host's lines and passes them over a channel; [`NetClient::try_recv`]
/// never waits.
#[derive(Debug)]
pub struct NetClient {
    writer: TcpStream,
    rx: Receiver<HostMsg>,
    ended: Arc<Mutex<Option<String>>>,
    received: Arc<AtomicU64>,
}

impl NetClient {
    /// Connect to `addr` (`HOST:PORT`) and ask for `seat` (`None`: the
    /// first free human seat) as `name`. Returns once connected; the
    /// host's [`HostMsg::Welcome`] or [`HostMsg::Refused`] arrives through
    /// [`NetClient::try_recv`]. A host with a join code needs
    /// [`NetClient::join`].
    pub fn connect(addr: &str, seat: Option<u8>, name: &str) -> Result<NetClient, NetError> {
        NetClient::join(addr, &JoinOptions::new(seat, name))
    }

    /// [`NetClient::connect`] with a join code and a seat token; the
    /// [`HostMsg::Welcome`] carries the seat's token to keep.
    pub fn join(addr: &str, j: &JoinOptions) -> Result<NetClient, NetError> {
        let stream = open(addr, j)?;
        let writer = stream
            .try_clone()
            .map_err(|e| NetError::io("cannot clone the socket", e))?;
        // No answer to the `Hello` within the handshake window ends it.
        stream
            .set_read_timeout(Some(HANDSHAKE_TIMEOUT))
            .map_err(|e| NetError::io("cannot set the read timeout", e))?;
        let (tx, rx) = channel();
        let ended = Arc::new(Mutex::new(None));
        let received = Arc::new(AtomicU64::new(0));
        let (ended2, received2) = (Arc::clone(&ended), Arc::clone(&received));
        std::thread::Builder::new()
            .name("domino-net-client".into())
            .spawn(move || {
                let mut reader = BufReader::new(stream);
                let mut buf = Vec::new();
                let mut answered = false;
                let reason = loop {
                    match read_line_limited(&mut reader, &mut buf, MAX_HOST_LINE) {
                        Ok(LineRead::Line) => {}
                        Err(e)
                            if !answered
                                && matches!(
                                    e.kind(),
                                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                                ) =>
                        {
                            break format!(
                                "the host did not answer within {} s",
                                HANDSHAKE_TIMEOUT.as_secs()
                            );
                        }
                        Ok(LineRead::Eof) => break "the connection closed".to_string(),
                        Ok(LineRead::TooLong) => {
                            break format!("it sent a line over {MAX_HOST_LINE} bytes");
                        }
                        Err(e) => break format!("the connection failed ({e})"),
                    }
                    let msg = parse(&buf);
                    buf.clear();
                    if !answered {
                        answered = true;
                        let _ = reader.get_ref().set_read_timeout(None);
                    }
                    match msg {
                        Ok(m) => {
                            received2.fetch_add(1, Ordering::Relaxed);
                            let closing = match &m {
                                HostMsg::Closing { reason } => Some(reason.clone()),
                                _ => None,
                            };
                            if tx.send(m).is_err() {
                                break "the client was dropped".into();
                            }
                            if let Some(r) = closing {
                                break r;
                            }
                        }
                        Err(e) => break e.to_string(),
                    }
                };
                if let Ok(mut g) = ended2.lock() {
                    g.get_or_insert(reason);
                }
            })
            .map_err(|e| NetError::io("cannot start the reader thread", e))?;
        Ok(NetClient {
            writer,
            rx,
            ended,
            received,
        })
    }

    /// The next message, if one has arrived.
    pub fn try_recv(&self) -> Option<HostMsg> {
        self.rx.try_recv().ok()
    }

    /// Every message that has arrived, oldest first.
    pub fn drain(&self) -> Vec<HostMsg> {
        std::iter::from_fn(|| self.try_recv()).collect()
    }

    /// Send a message.
    pub fn send(&mut self, msg: &ClientMsg) -> Result<(), NetError> {
        self.writer
            .write_all(to_line(msg).as_bytes())
            .map_err(|e| NetError::io("cannot write to the host", e))
    }

    /// Whether the connection is still open (messages already received
    /// may still wait in [`NetClient::try_recv`]).
    pub fn is_connected(&self) -> bool {
        self.ended.lock().map(|g| g.is_none()).unwrap_or(false)
    }

    /// Why the connection ended, as a [`NetError::HostEnded`] ("the host
    /// ended the match: …"); `None` while connected.
    pub fn end_reason(&self) -> Option<NetError> {
        let g = self.ended.lock().ok()?;
        g.as_ref()
            .map(|r| NetError::HostEnded { reason: r.clone() })
    }

    /// Messages received so far.
    pub fn messages_received(&self) -> u64 {
        self.received.load(Ordering::Relaxed)
    }
}

impl Drop for NetClient {
    fn drop(&mut self) {
        let _ = self.writer.shutdown(Shutdown::Both);
    }
}
