"""A flooding client against `domino host`: host memory (VmRSS/VmHWM) and a seated person's answer latency while a stranger floods junk lines and never reads; then two bots finish the match.

Usage: python3 benches/domino_net/flood.py [SECONDS] with EVOBOARD=path/to/evoboard (default: ~/.cache/evoboard-target-net/release/evoboard)."""
import socket, subprocess, time, threading, json, sys, os
B=os.environ.get("EVOBOARD", os.path.expanduser("~/.cache/evoboard-target-net/release/evoboard"))
host=subprocess.Popen([B,"domino","host","--port","0","--bind","127.0.0.1","--seats","human,human,ai:t1,ai:t1","--code","TEST42","--ai-delay-ms","0","--no-records","--json"],stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True)
addr=host.stdout.readline().split()[-1]; code=host.stdout.readline().split()[-1]
h,p=addr.rsplit(":",1); p=int(p)
def rss():
    d=dict(l.split(":",1) for l in open(f"/proc/{host.pid}/status"))
    return d["VmRSS"].strip(), d["VmHWM"].strip()
print("host", addr, "code", code, "rss at start", rss())
stop=time.time()+float(sys.argv[1] if len(sys.argv)>1 else 45)
sent=[0]
def flooder(seated):
    s=socket.create_connection((h,p))
    if seated: s.sendall((json.dumps({"Hello":{"version":1,"seat":None,"name":"Flood","code":code}})+"\n").encode())
    junk=b"\x1b]0;pwned\x07\x1b[2J junk junk junk\n"
    s.settimeout(1)
    while time.time()<stop:
        try:
            s.sendall(junk*1000); sent[0]+=len(junk)*1000
        except Exception as e:
            break
    try: s.close()
    except: pass
# one unseated flooder (never reads), reconnecting when cut
def unseated():
    while time.time()<stop:
        flooder(False)
        time.sleep(0.1)
ts=[threading.Thread(target=unseated,daemon=True)]
for t in ts: t.start()
time.sleep(1)
# probe: a person at seat 0, measuring answer latency to a refused Pass
c=socket.create_connection((h,p)); f=c.makefile("rb")
t0=time.time(); c.sendall((json.dumps({"Hello":{"version":1,"seat":0,"name":"Probe","code":code}})+"\n").encode())
while True:
    m=json.loads(f.readline())
    if "Welcome" in m: break
welcome=time.time()-t0
lat=[]
while time.time()<stop-1:
    t0=time.time(); c.sendall(b'"Pass"\n')
    while True:
        m=json.loads(f.readline())
        if "Refused" in m: break
    lat.append(time.time()-t0); time.sleep(0.2)
lat.sort()
print(f"welcome {welcome*1000:.1f} ms; refusal answers n={len(lat)} median {lat[len(lat)//2]*1000:.2f} ms max {lat[-1]*1000:.2f} ms; flood bytes sent {sent[0]/1e6:.1f} MB")
print("rss during flood (now, peak)", rss())
c.shutdown(socket.SHUT_RDWR); c.close(); time.sleep(0.5)
# now two bots play the match to its end
t0=time.time()
bots=[subprocess.Popen([B,"domino","join",addr,"--code",code,"--seat",str(k),"--bot","t1","--json"],stdout=subprocess.PIPE,stderr=subprocess.PIPE) for k in (0,1)]
for b in bots:
    o,e=b.communicate(timeout=60); print("bot", b.returncode, o[-200:], e[-300:])
out=host.stdout.read(); host.wait()
r=json.loads(out.strip().splitlines()[-1])
print(f"match after the flood: {time.time()-t0:.2f} s, winner {r['winner_team']}, report {len(out)} bytes, refused kept {len(r['refused'])}, refused_count {r['refused_count']}, dropped_count {r['dropped_count']}")
print("first dropped:", r["dropped"][:2])
