#!/usr/bin/env python3
"""Run every experiment preset at seeds 1-3 on a running fqlab and print, per preset and seed, a
SHA-256 of the result JSON with volatile fields (ids, times, engine statistics) removed.
A refactor that must leave results byte-identical prints the same lines before and after:

    java -jar target/fqlab-*.jar --server.port=18080 &      # the build to check
    src/test/load/preset-results.py 18080 > after.tsv
    diff before.tsv after.tsv                                # the same, from the build before

src/test/load/preset-check.sh does all of it for a checkout (build, start on a fresh H2, hash, stop).
(A copy of the project's shared tool, kept here so that the repository alone suffices.)

Presets added later print extra lines; a changed line names the preset and seed to look at."""
import hashlib
import json
import sys
import time
import urllib.request

B = f"http://127.0.0.1:{sys.argv[1]}"
VOLATILE = {"id", "experimentId", "submittedAt", "startedAt", "finishedAt", "engine", "engineVersion",
            "wallSeconds", "wallS", "realTimeFactor", "events", "createdAt", "links"}


def call(m, p, b=None):
    r = urllib.request.Request(B + p, data=json.dumps(b).encode() if b else None, method=m,
                               headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(r, timeout=60) as x:
            return json.loads(x.read())
    except urllib.error.HTTPError as e:
        return json.loads(e.read() or b"null")


def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in sorted(o.items()) if k not in VOLATILE}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o


presets = [p["name"] for p in call("GET", "/api/v1/presets")
           if p.get("kind") == "experiment" and p.get("available", True)]
for name in presets:
    for seed in (1, 2, 3):
        e = call("POST", "/api/v1/experiments", {"preset": name, "overrides": {"seed": seed}})
        if "id" not in e:
            print(f"{name}\t{seed}\tREFUSED {str(e)[:80]}")
            continue
        while True:
            x = call("GET", f"/api/v1/experiments/{e['id']}")
            if x["status"] in ("SUCCEEDED", "FAILED", "CANCELLED"):
                break
            time.sleep(0.3)
        r = call("GET", f"/api/v1/experiments/{e['id']}/result")
        h = hashlib.sha256(json.dumps(strip(r), sort_keys=True).encode()).hexdigest()[:16]
        print(f"{name}\t{seed}\t{x['status']}\t{h}", flush=True)
