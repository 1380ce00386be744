#!/usr/bin/env python3
"""Fetches every sweep answer variant from a running fqlab and writes status, content type and SHA-256 of each body.
   fetch.py BASE OUT.tsv [bodies-dir]"""
import hashlib, json, sys, urllib.request, urllib.error, uuid, os
base, out = sys.argv[1], sys.argv[2]
bodies = sys.argv[3] if len(sys.argv) > 3 else None
def get(path, accept=None):
    req = urllib.request.Request(base + path)
    if accept: req.add_header("Accept", accept)
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.headers.get("Content-Type"), r.headers.get("Content-Disposition"), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type"), e.headers.get("Content-Disposition"), e.read()
ids, cursor = [], None
while True:
    s, _, _, b = get("/api/v1/sweeps?limit=100" + (f"&cursor={cursor}" if cursor else ""))
    page = json.loads(b); ids += [i["id"] for i in page["items"]]; cursor = page.get("nextCursor")
    if not cursor: break
variants = ["", "?metric=*", "?metric=summary.*", "?metric=flows.*.latencyMs.p99,summary.throughputMbps",
            "?metric=flows.*.latencyMs.p99&metric=summary.*", "?metric=nonexistent", "?metric=", "/table.csv",
            "/table.csv?stats=mean,stddev", "/table.csv?stats=MEAN,StdDev", "/table.csv?stats=min,max,n,median,ci95Low,ci95High",
            "/table.csv?metric=*", "/table.csv?metric=summary.*&stats=n", "/table.csv?stats=bogus", "/table.csv?metric=nope",
            "/export.csv", "/export.jsonl", "/export.csv?metric=summary.*", "/export.jsonl?metric=nope"]
rows = []
def record(path, accept=None):
    s, ct, cd, b = get(path, accept)
    h = hashlib.sha256(b).hexdigest()
    rows.append(f"{path}\t{accept or '-'}\t{s}\t{ct}\t{cd}\t{len(b)}\t{h}")
    if bodies:
        os.makedirs(bodies, exist_ok=True)
        open(os.path.join(bodies, h), "wb").write(b)
record("/api/v1/sweeps"); record("/api/v1/sweeps?limit=2")
for i in ids:
    for v in variants:
        record(f"/api/v1/sweeps/{i}{v}")
    for a in ["text/html", "text/csv", "application/json", "*/*", "application/problem+json", "application/vnd.x+json",
              "text/html, application/json;q=0.5", "application/xml"]:
        record(f"/api/v1/sweeps/{i}", a)
    record(f"/api/v1/sweeps/{i}/table.csv", "application/json")
    record(f"/api/v1/sweeps/{i}/table.csv", "text/html")
for p in [f"/api/v1/sweeps/{uuid.UUID(int=1)}", "/api/v1/sweeps/not-a-uuid", f"/api/v1/sweeps/{uuid.UUID(int=1)}/table.csv",
          f"/api/v1/sweeps/{uuid.UUID(int=1)}?metric=*", "/v3/api-docs"]:
    record(p); record(p, "text/html")
open(out, "w").write("\n".join(rows) + "\n")
print(len(ids), "sweeps,", len(rows), "requests")
