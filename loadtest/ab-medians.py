#!/usr/bin/env python3
"""The medians of an `ab.sh` results folder, per side and scenario, each with its runs:

    loadtest/ab-medians.py /tmp/tmp.XXXX

rate (messages/s achieved), p50/p99 (delivery latency, ms), cpu (the server's CPU seconds over
the run), svc (PostgreSQL's and Redis's, DB=postgres only; pg and redis apart), cpu/msg, svc/msg,
pg/msg and redis/msg (ms of CPU per message sent), dps (deliveries per second of a fan-out), KiB/socket (RSS at the margin of the
`memory` scenario) and heap B/socket (the heap-profiling build's exact bytes).
"""
import re, sys, glob, statistics as st, os
out = sys.argv[1]
rows = {}
for f in sorted(glob.glob(os.path.join(out, '*-*-*.txt'))):
    if f.endswith('-warm.txt'): continue
    name = os.path.basename(f)[:-4]
    side, scen, rnd = name.rsplit('-', 2)
    t = open(f).read()
    d = {}
    m = re.search(r'(\d+) messages sent in ([\d.]+)s \((\d+)/s', t)
    if m: d['rate'] = int(m.group(3)); msgs = int(m.group(1))
    else: msgs = None
    m = re.search(r'delivery latency.*?p50=([\d.]+)ms.*?p99=([\d.]+)ms', t)
    if m: d['p50'] = float(m.group(1)); d['p99'] = float(m.group(2))
    m = re.search(r'server CPU: ([\d.]+)s', t)
    if m: d['cpu'] = float(m.group(1))
    m = re.search(r'PostgreSQL \+ Redis CPU: ([\d.]+)s', t)
    if m: d['svc'] = float(m.group(1))
    m = re.search(r'\(PostgreSQL ([\d.]+)s, Redis ([\d.]+)s\)', t)
    if m: d['pg'] = float(m.group(1)); d['redis'] = float(m.group(2))
    m = re.search(r'server RSS: .*?([\d.]+) KiB per socket', t)
    if m: d['KiB/socket'] = float(m.group(1))
    m = re.search(r'server heap: .*?([\d.]+) bytes per socket', t)
    if m: d['heap B/socket'] = float(m.group(1))
    m = re.search(r'([\d,]+) deliveries/s', t)
    if m: d['dps'] = int(m.group(1).replace(',', ''))
    if msgs:
        if 'cpu' in d: d['cpu/msg ms'] = round(d['cpu'] / msgs * 1000, 3)
        if 'svc' in d: d['svc/msg ms'] = round(d['svc'] / msgs * 1000, 3)
        if 'pg' in d: d['pg/msg ms'] = round(d['pg'] / msgs * 1000, 3)
        if 'redis' in d: d['redis/msg ms'] = round(d['redis'] / msgs * 1000, 3)
    rows.setdefault((scen, side), []).append(d)
for (scen, side), runs in sorted(rows.items()):
    keys = sorted({k for r in runs for k in r})
    parts = []
    for k in keys:
        vals = [r[k] for r in runs if k in r]
        parts.append(f"{k}={st.median(vals):g} {vals}")
    print(f"{scen:9} {side}: " + '; '.join(parts))
