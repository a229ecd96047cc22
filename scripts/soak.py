#!/usr/bin/env python3
"""Soak test of `feedshot serve`: a mix of valid and invalid requests for N minutes on loopback.

Checks: no 5xx answer to a valid request, the server never dies, resident memory flat (the last
sample within 10 % of the one after warm-up). Prints the figures; exits 1 on any violation.
Usage: scripts/soak.py [minutes=5] [client threads=4]
"""
import glob, json, os, random, re, subprocess, sys, threading, time, urllib.error, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
minutes = float(sys.argv[1]) if len(sys.argv) > 1 else 5
clients = int(sys.argv[2]) if len(sys.argv) > 2 else 4

subprocess.run(["swift", "build", "-c", "release", "--product", "feedshot"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
server = subprocess.Popen([os.path.join(ROOT, ".build/release/feedshot"), "serve", "--port", "0", "--no-access-log",
                           "--assets", os.path.join(ROOT, "examples")], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
port = int(re.search(rb":(\d+) ", server.stdout.readline()).group(1))
base = f"http://127.0.0.1:{port}"

valid = [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(ROOT, "goldens", "*.json")))
         if "scale-3" not in p and "kinds" not in p] + [open(os.path.join(ROOT, "bench/bubble.json"), "rb").read()]
invalid = [b'{"kind": "chat", ', b"", b"{}", b'{"kind": "chat", "width": -1, "messages": []}', b'\xff\xfe',
           b'{"kind": "poster"}', b'{"kind": "chat", "scale": 9, "messages": []}', b"[" * 2000 + b"]" * 2000,
           b'{"kind": "chat", "messages": [{"id": 1}]}', b"x" * ((1 << 20) + 1)]

lock = threading.Lock()
counts = {}
violations = []
stop = time.time() + minutes * 60

def request(path, body=None):
    """The status, or "closed" when the server answered early and closed while the body was still
    being sent (what it does with a body over --max-body-bytes), or "error: …"."""
    req = urllib.request.Request(base + path, data=body, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as e:
        e.read()
        return e.code
    except (urllib.error.URLError, ConnectionError) as e:
        if body is not None and len(body) > (1 << 20):
            return "closed"
        return f"error: {e}"

def client(seed):
    rnd = random.Random(seed)
    while time.time() < stop:
        roll = rnd.random()
        if roll < 0.6:
            kind, status = "valid-render", request("/v1/render", rnd.choice(valid))
        elif roll < 0.75:
            kind, status = "valid-layout", request("/v1/layout", rnd.choice(valid))
        elif roll < 0.95:
            kind, status = "invalid", request("/v1/render", rnd.choice(invalid))
        else:
            kind, status = "get", request(rnd.choice(["/healthz", "/metrics", "/", "/nope"]))
        with lock:
            counts[(kind, str(status))] = counts.get((kind, str(status)), 0) + 1
            if isinstance(status, str) and status != "closed":
                violations.append(f"{kind}: {status}")
            elif isinstance(status, int) and status >= 500:
                violations.append(f"{kind} got {status}")

def rss_mib():
    with open(f"/proc/{server.pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024

threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
for t in threads: t.start()
samples = []
while time.time() < stop:
    time.sleep(min(10, max(0.1, stop - time.time())))
    if server.poll() is not None:
        violations.append(f"server exited with {server.returncode}")
        break
    samples.append((time.time(), rss_mib()))
for t in threads: t.join()
alive = server.poll() is None
server.terminate()
code = server.wait(timeout=60)

total = sum(counts.values())
print(f"soak: {minutes:g} min, {clients} clients, {total} requests ({total / (minutes * 60):.0f}/s)")
for (kind, status), n in sorted(counts.items()):
    print(f"  {kind:13} {status}: {n}")
if len(samples) >= 2:
    warm = samples[min(1, len(samples) - 1)][1]
    last = samples[-1][1]
    print(f"  RSS: {warm:.1f} MiB after warm-up, {last:.1f} MiB at the end ({(last / warm - 1) * 100:+.1f} %), peak {max(s[1] for s in samples):.1f} MiB")
    if last > warm * 1.10:
        violations.append(f"resident memory grew {(last / warm - 1) * 100:.1f} %")
print(f"  server alive to the end: {alive}; exit status after SIGTERM: {code}")
if not alive or code != 0:
    violations.append("server did not survive or did not exit 0")
if violations:
    print("FAILED: " + "; ".join(sorted(set(violations))))
    sys.exit(1)
print("passed: no 5xx for valid requests, no crash, memory flat")
