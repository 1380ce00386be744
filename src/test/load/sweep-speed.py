#!/usr/bin/env python3
"""Where one sweep's time went, for run-sweep-speed.sh: args OUT TAG BEGIN END CPU0 CPU1 WORKERS HZ LOG."""
import csv, json, re, sys
from datetime import datetime

out, tag, begin, end, cpu0, cpu1, workers, hz, log = sys.argv[1:]
workers, hz = int(workers), float(hz)
t = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()
sweep = json.load(open(f"{out}/sweep-{tag}.json"))
runs = {r["id"]: r for r in json.load(open(f"{out}/runs-{tag}.json"))}
wall = {r["experimentId"]: float(r["value"]) for r in csv.DictReader(open(f"{out}/wall-{tag}.csv"))}
# The worker thread's log lines: "Running experiment <id>" after the claim and the scenario's parsing,
# "Experiment <id> succeeded" after the result's transaction committed.
line = re.compile(r"^(\S+)\s.*\[\s*(fqlab-worker-\d+)\].*?(Running experiment|Experiment) ([0-9a-f-]{36})")
for l in open(log):
    m = line.match(l)
    if m and m.group(4) in runs:
        runs[m.group(4)]["running" if m.group(3).startswith("Running") else "succeeded"] = t(m.group(1))
        runs[m.group(4)]["thread"] = m.group(2)
n = len(runs)
submitted, total = t(sweep["submittedAt"]), t(sweep["finishedAt"]) - t(sweep["submittedAt"])
engine = sum(wall.values())
seg = dict(claim=0.0, outside=0.0, store=0.0, handoff=0.0)
threads = {}
for r in runs.values():
    s0, f0 = t(r["startedAt"]), t(r["finishedAt"])
    seg["claim"] += r["running"] - s0
    seg["outside"] += f0 - r["running"] - wall[r["id"]]
    seg["store"] += r["succeeded"] - f0
    threads.setdefault(r["thread"], []).append(r)
edges = 0.0
for rs in threads.values():
    rs.sort(key=lambda r: t(r["startedAt"]))
    seg["handoff"] += sum(t(b["startedAt"]) - a["succeeded"] for a, b in zip(rs, rs[1:]))
    edges += (t(rs[0]["startedAt"]) - submitted) + (submitted + total - rs[-1]["succeeded"])
edges += (workers - len(threads)) * total
c0, c1 = [float(x) for x in cpu0.split()], [float(x) for x in cpu1.split()]
overhead = (total * workers - engine) / n
ms = lambda x: f"{1000 * x / n:.1f}"
print(f"{tag}: {sweep['status']} {n} runs, attempts>1: {sum(r['attempts'] > 1 for r in runs.values())}, "
      f"runs per worker thread {sorted(len(v) for v in threads.values())}")
print(f"  total {total:.2f} s (client {float(end) - float(begin):.2f} s); engine Σ wall {engine:.2f} s "
      f"(mean {1000 * engine / n:.1f} ms); overhead per run {1000 * overhead:.1f} ms on {workers} workers")
print(f"  overhead per run, ms: claim+parse {ms(seg['claim'])}, in the run outside engine.wallS {ms(seg['outside'])}, "
      f"store {ms(seg['store'])}, finished->next claim {ms(seg['handoff'])}, "
      f"idle before the first/after the last run {ms(edges)}")
print(f"  cpu: JVM {(c1[0] - c0[0]) / hz:.2f} s, fqlab-worker threads {(c1[1] - c0[1]) / hz:.2f} s "
      f"(of {total * workers:.2f} worker-seconds); machine load {open('/proc/loadavg').read().split()[0]}")
# The JVM's CPU by thread name (numbers stripped: all C2 compiler threads together), the largest first.
def by_name(path):
    ticks = {}
    for l in open(path):
        name, _, v = l.rstrip("\n").partition("\t")
        name = re.sub(r"[-#]?\d+$", "", name.strip())
        ticks[name] = ticks.get(name, 0) + float(v or 0)
    return ticks
try:
    a, b = by_name(f"{out}/threads0-{tag}.tsv"), by_name(f"{out}/threads1-{tag}.tsv")
    d = sorted(((b[k] - a.get(k, 0)) / hz, k) for k in b)
    print("  cpu by thread: " + ", ".join(f"{k} {v:.2f} s" for v, k in reversed(d[-8:]) if v > 0))
except FileNotFoundError:
    pass
