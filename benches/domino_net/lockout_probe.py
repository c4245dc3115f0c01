"""Loopback lockout and guessing probe against `evoboard domino host`, written apart from the Rust tests.
usage: python3 benches/domino_net/lockout_probe.py BIN lockout N_ADDR PER_ADDR
       python3 benches/domino_net/lockout_probe.py BIN guess N_ADDR SECS
Strangers bind 127.0.3.x / 127.0.4.x (all of 127/8 is loopback on Linux); the person connects from 127.0.0.1."""
import socket, sys, time, json, subprocess, threading
binp, mode = sys.argv[1], sys.argv[2]
CODE = "ABCDEFGHJ"
p = subprocess.Popen([binp, "domino", "host", "--seats", "human,human,human,human", "--port", "0", "--bind", "127.0.0.1", "--code", CODE, "--no-records"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
port = int(p.stdout.readline().strip().rsplit(":", 1)[1])
stop = False
opened = [0]
def hello(seat, name, code):
    return (json.dumps({"Hello": {"version": 1, "seat": seat, "name": name, "code": code, "token": None}}) + "\n").encode()
def stranger(src, n):
    socks = [None] * n
    while not stop:
        for i in range(n):
            s = socks[i]; alive = False
            if s is not None:
                try: alive = len(s.recv(512)) > 0
                except BlockingIOError: alive = True
                except OSError: alive = False
            if not alive:
                if s: s.close()
                try:
                    s = socket.socket(); s.bind((src, 0)); s.connect(("127.0.0.1", port)); s.setblocking(False); opened[0] += 1
                except OSError: s = None
                socks[i] = s
        time.sleep(0.002)
def guesser(src, out, until):
    looked = turned = 0; k = 0
    while time.time() < until:
        try:
            s = socket.socket(); s.bind((src, 0)); s.connect(("127.0.0.1", port))
        except OSError: continue
        k += 1; s.settimeout(3)
        try:
            s.sendall(hello(0, "g", "WRONG%04d" % k)); data = b""
            while True:
                d = s.recv(4096)
                if not d: break
                data += d
        except OSError: data = b""
        s.close()
        if b"wrong join code:" in data: looked += 1
        elif b"too many" in data: turned += 1
    out.append((looked, turned, k))
if mode == "lockout":
    n_addr, per = int(sys.argv[3]), int(sys.argv[4])
    addrs = ["127.0.%d.%d" % (3 + i // 200, 1 + i % 200) for i in range(n_addr)]
    ts = [threading.Thread(target=stranger, args=(a, per)) for a in addrs]
    for t in ts: t.start()
    keep = []
    for seat in range(4):
        time.sleep(1.5 if seat == 0 else 6)
        t0 = time.time()
        s = socket.create_connection(("127.0.0.1", port)); s.settimeout(5)
        s.sendall(hello(seat, "Ana%d" % seat, CODE))
        try: reply = s.recv(200)
        except OSError as e: reply = str(e).encode()
        ok = b"Welcome" in reply
        print("seat %d: %s in %.3f s (strangers opened %d so far)" % (seat, "joined" if ok else "REFUSED " + reply[:120].decode(), time.time() - t0, opened[0]))
        keep.append(s)
    stop = True
    for t in ts: t.join()
else:
    n_addr, secs = int(sys.argv[3]), float(sys.argv[4])
    out = []; until = time.time() + secs
    ts = [threading.Thread(target=guesser, args=("127.0.4.%d" % (i + 1), out, until)) for i in range(n_addr)]
    for t in ts: t.start()
    for t in ts: t.join()
    looked = sum(o[0] for o in out); turned = sum(o[1] for o in out); tried = sum(o[2] for o in out)
    print("%d addresses, %.0f s: %d connections, %d wrong codes looked at (%.2f/s), %d turned away" % (n_addr, secs, tried, looked, looked / secs, turned))
    t0 = time.time(); s = socket.create_connection(("127.0.0.1", port)); s.settimeout(5)
    s.sendall(hello(0, "Ana", CODE)); print("then the person:", s.recv(60), "in %.3f s" % (time.time() - t0))
p.kill(); err = p.stderr.read() if False else ""
