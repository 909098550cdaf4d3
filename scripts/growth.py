#!/usr/bin/env python3
"""Issue #19's growth table for the club ladder, against `arbiter serve`:
the time of one `join` and the size and time of the reads a client makes,
in a club of SMALL members and one of LARGE, side by side.

    scripts/growth.py [SMALL] [LARGE]        (defaults 100 and 10000)

Builds nothing: runs `${ARBITER_BIN:-target/release/arbiter}` on a fresh data
directory on 127.0.0.1:3902 without schedules; a moderator adds the members
(club J.12), then 50 newcomers join one at a time, each timed; medians.
"""
import http.client, json, os, statistics, subprocess, sys, tempfile, time

BIN = os.environ.get("ARBITER_BIN", "target/release/arbiter")
PORT = 3902


def token(user, data, organizer=False):
    args = [BIN, "token", user, "--data-dir", data] + (["--role", "organizer"] if organizer else [])
    return subprocess.check_output(args, text=True).strip()


class Client:
    def __init__(self):
        self.conn = http.client.HTTPConnection("127.0.0.1", PORT)

    def call(self, method, path, tok, body=None):
        headers = {"Authorization": f"Bearer {tok}", "Content-Type": "application/json"}
        started = time.perf_counter()
        self.conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        r = self.conn.getresponse()
        data = r.read()
        elapsed = (time.perf_counter() - started) * 1000
        if r.status >= 400:
            sys.exit(f"{method} {path} {body}: {r.status} {data[:300]!r}")
        return elapsed, data


def club(c, org, mod, cid, members, newcomers):
    c.call("POST", "/v1/competitions", org, {"id": cid, "kind": "club-ladder", "name": cid})
    c.call("POST", f"/v1/competitions/{cid}/roles", org, {"user": "mod1", "role": "moderator"})
    for i in range(members):
        c.call("POST", f"/v1/competitions/{cid}/registrations", mod, {"member": f"m{i:06}"})
    joins = [c.call("POST", f"/v1/competitions/{cid}/registrations", t, {})[0] for t in newcomers]
    reads = {}
    for name, path in [("GET competition", f"/v1/competitions/{cid}"),
                       ("GET leaderboard?limit=20", f"/v1/competitions/{cid}/leaderboard?limit=20"),
                       ("GET members/m000001", f"/v1/competitions/{cid}/members/m000001")]:
        times, size = [], 0
        for _ in range(20):
            ms, data = c.call("GET", path, mod)
            times.append(ms)
            size = len(data)
        reads[name] = (statistics.median(times), size)
    return statistics.median(joins), reads


def main():
    small, large = (int(a) for a in (sys.argv[1:3] + ["100", "10000"][len(sys.argv[1:3]):]))
    data = tempfile.mkdtemp()
    server = subprocess.Popen([BIN, "serve", "--addr", f"127.0.0.1:{PORT}", "--data-dir", data,
                               "--no-schedules"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", PORT).request("GET", "/openapi.json")
                break
            except OSError:
                time.sleep(0.1)
        org, mod = token("org", data, organizer=True), token("mod1", data)
        newcomers = [token(f"new{i:02}", data) for i in range(50)]
        c = Client()
        rows = {}
        for n in (small, large):
            rows[n] = club(c, org, mod, f"growth-{n}", n, newcomers)
        print(f"club ladder, {os.cpu_count()} cores: median of 50 joins, 20 reads each")
        print(f"| work | {small} members | {large} members | large / small |")
        print("|---|---|---|---|")
        j_s, j_l = rows[small][0], rows[large][0]
        print(f"| one `join`, ms | {j_s:.2f} | {j_l:.2f} | {j_l / j_s:.1f}x |")
        for name in rows[small][1]:
            (ms_s, b_s), (ms_l, b_l) = rows[small][1][name], rows[large][1][name]
            print(f"| {name}, ms (bytes) | {ms_s:.2f} ({b_s}) | {ms_l:.2f} ({b_l}) | {ms_l / ms_s:.1f}x |")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
