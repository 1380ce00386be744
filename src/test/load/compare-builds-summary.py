#!/usr/bin/env python3
"""Summary of dev.fqlab.sim.bench.CompareBuilds output (a file or stdin): per build label and scenario the median
thread-CPU ns per delivered and per offered packet over the measured rounds, each scenario's ratio to the first
scenario (median of per-round ratios), and the second build's cost over the first's per scenario. Run it for both
orders (A,B and B,A): the second-listed build reads a few per cent off.

    java -cp "…" dev.fqlab.sim.bench.CompareBuilds base=A/target new=B/target 300 5 stations-2@30 stations-128@30 \\
        | src/test/load/compare-builds-summary.py
"""
import re, sys, statistics as st
src = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
label = None; data = {}; order = []; scen_order = []
rnd = None
for line in src:
    m = re.match(r"== round (\d+): (\S+)", line)
    if m:
        rnd = int(m.group(1)); label = m.group(2)
        if label not in order: order.append(label)
        continue
    m = re.match(r"(\S+) run \d+: .*?, (\d+) ns CPU per delivered packet, ([\d.]+) per offered", line)
    if m and label:
        s = m.group(1)
        if s not in scen_order: scen_order.append(s)
        data.setdefault(label, {}).setdefault(s, {})[rnd] = (float(m.group(2)), float(m.group(3)))
for kind, idx in (("delivered", 0), ("offered", 1)):
    print(f"-- ns CPU per {kind} packet (median over rounds)")
    for lab in order:
        row = []
        for s in scen_order:
            v = [x[idx] for x in data[lab].get(s, {}).values()]
            row.append(f"{s} {st.median(v):.1f}" if v else f"{s} -")
        ratios = []
        base = scen_order[0]
        for s in scen_order[1:]:
            rs = [data[lab][s][r][idx] / data[lab][base][r][idx] for r in data[lab].get(s, {}) if r in data[lab].get(base, {})]
            ratios.append(f"{s}/{base} {st.median(rs):.3f}" if rs else "")
        print(f"  {lab}: " + ", ".join(row) + " | " + ", ".join(ratios))
    if len(order) == 2:
        a, b = order
        out = []
        for s in scen_order:
            rs = [data[b][s][r][idx] / data[a][s][r][idx] for r in data[b].get(s, {}) if r in data[a].get(s, {})]
            out.append(f"{s} {st.median(rs):.3f}" if rs else f"{s} -")
        print(f"  {b}/{a}: " + ", ".join(out))
