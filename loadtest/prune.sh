#!/usr/bin/env bash
# Sends while the event log's prune works through a backlog: a database seeded for SOCKETS
# sockets gets BACKLOG expired events (a week and a day old, over CHANNELS channels, as a
# log left unpruned would hold), then a node starts on it, whose upkeep prunes at once, while
# chat runs at RATE msg/s. The generator reports each second's sends (p99 and max), and the
# node's log says when the prune ended and what it removed: the worst second while it ran is
# the figure (the issue asks no send to wait more than 50 ms).
#
#   loadtest/prune.sh                                 # 1,000,000 events, both databases
#   BACKLOG=100000 DATABASES=sqlite loadtest/prune.sh
#   AGE=0 BACKLOG=3600000 CHANNELS=2000 loadtest/prune.sh   # recent events, trimmed by count
#
# AGE is the backlog's age in seconds (default a week and a day: pruned by age); with AGE=0
# the events are new and each channel holds BACKLOG/CHANNELS of them, so the prune trims each
# channel to its newest 1,000 instead (a log that a busy chat filled).
#
# Only 127.0.0.1 is targeted; the run is bounded in count and time.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/dashwire}
GEN=${GEN:-target/release/dashwire-loadgen}
SOCKETS=${SOCKETS:-2000}
USERS=${USERS:-4000}
RATE=${RATE:-1000}
DURATION=${DURATION:-60}
BACKLOG=${BACKLOG:-1000000}
CHANNELS=${CHANNELS:-1000}
DATABASES=${DATABASES:-sqlite postgres}
OUT=${OUT:-$(mktemp -d)}
echo "results in $OUT"

server_pid=
trap 'if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi' EXIT

per=$((BACKLOG / CHANNELS))
# Each event's payload: PAYLOAD_BYTES of JSON (default 170, a chat message's event; at least 8).
payload=$(python3 -c "import sys; print('{\"p\":\"' + 'x' * max(0, int(sys.argv[1]) - 8) + '\"}')" "${PAYLOAD_BYTES:-170}")
old=$(( $(date +%s) - ${AGE:-$((8 * 24 * 3600))} ))
# The backlog, in one statement per table: `$per` events on each of `$CHANNELS` channels,
# written interleaved (every channel's first event, then every channel's second, ...) as a
# busy log fills, so that one channel's events lie spread over the whole table, not side by
# side: a trim by count then touches pages all over it.
events_sql="WITH RECURSIVE c(c) AS (SELECT 0 UNION ALL SELECT c + 1 FROM c WHERE c < $CHANNELS - 1),
  n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $per)
  INSERT INTO events (channel, seq, feed_seq, payload, created_at)
  SELECT 'inbox:gone' || c, i, NULL, '$payload', $old FROM n CROSS JOIN c ORDER BY i, c"
seqs_sql="WITH RECURSIVE c(c) AS (SELECT 0 UNION ALL SELECT c + 1 FROM c WHERE c < $CHANNELS - 1)
  INSERT INTO channel_seqs (channel, seq) SELECT 'inbox:gone' || c, $per FROM c"

for db in $DATABASES; do
  dir=$OUT/$db
  mkdir -p "$dir"
  bus=()
  if [ "$db" = postgres ]; then
    PGOPTIONS=--client-min-messages=warning psql -q -h 127.0.0.1 -U postgres -d postgres \
      -c "DROP DATABASE IF EXISTS dwprune" -c "CREATE DATABASE dwprune"
    url=postgres://postgres@127.0.0.1:5432/dwprune
    bus=(--redis-url redis://127.0.0.1:6379 --redis-prefix dwprune)
  else
    url=sqlite://$dir/db
  fi
  "$GEN" seed --database-url "$url" --users "$USERS" --star-sessions 100 \
    --star-followers "$SOCKETS" --out "$dir/seed.json" >/dev/null
  if [ "$db" = postgres ]; then
    psql -q "$url" -c "$events_sql" -c "$seqs_sql" -c "ANALYZE events" -c "CHECKPOINT"
  else
    python3 - "${url#sqlite://}" "$events_sql" "$seqs_sql" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute(sys.argv[2]); db.execute(sys.argv[3]); db.commit()
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
PY
  fi
  env -u DATABASE_URL -u REDIS_URL RUST_LOG=warn,dashwire::app=info "$BIN" serve --bind 127.0.0.1:18096 \
    --database-url "$url" "${bus[@]}" --media-dir "$dir/media" > "$dir/server.out" 2> "$dir/server.err" &
  server_pid=$!
  for _ in $(seq 1 100); do grep -q "listening on" "$dir/server.out" 2>/dev/null && break; sleep 0.1; done
  started=$(date +%s.%N)
  "$GEN" chat --count "$SOCKETS" --rate "$RATE" --duration "$DURATION" --pairs 1000 \
    --report-every 1 --seed "$dir/seed.json" --url http://127.0.0.1:18096 \
    --sources 127.0.0.1 --server-pid "$server_pid" > "$dir/chat.txt" 2>&1 \
    || echo "  (generator failed, see $dir/chat.txt)"
  kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=
  echo "== $db: $BACKLOG events ${AGE:-$((8 * 24 * 3600))} s old over $CHANNELS channels, chat at $RATE msg/s"
  pruned=$(sed 's/\x1b\[[0-9;]*m//g' "$dir/server.out" "$dir/server.err" | grep "old events pruned" | head -n 1 || true)
  echo "  prune: ${pruned:-not finished in the run}"
  grep -E "^(sockets:|chat:|worst window)" "$dir/chat.txt" | sed 's/^/  /'
  # The seconds of the chat while the prune ran (from the node's start to the prune's log
  # line), and the worst send in them.
  python3 - "$started" "$pruned" "$dir/chat.txt" <<'PY'
import re, sys
from datetime import datetime
started, pruned, chat = float(sys.argv[1]), sys.argv[2], open(sys.argv[3]).read()
m = re.search(r"^(\S+Z)", pruned)
head = re.search(r"by window of \d+s from ([0-9.]+)", chat)
if not m or not head:
    print("  (no prune line or no windows: nothing to line up)")
    sys.exit(0)
ended = datetime.fromisoformat(m.group(1).replace("Z", "+00:00")).timestamp()
chat_start = float(head.group(1))
rows = re.findall(r"^window (\d+): (\d+) sends, ([0-9.-]+) / ([0-9.-]+) ms", chat, re.M)
during = [(int(w), int(n), p99, mx) for w, n, p99, mx in rows
          if chat_start + int(w) + 1 > started and chat_start + int(w) < ended]
worst = max((float(mx) for _, _, _, mx in during if mx != "-"), default=0.0)
print(f"  the prune ran {ended - started:.1f} s from the node's start; the chat started "
      f"{chat_start - started:.1f} s after it; {len(during)} seconds of chat overlapped it, "
      f"{sum(n for _, n, _, _ in during)} sends, the slowest {worst:.1f} ms")
PY
  echo "  second by second: $dir/chat.txt"
done
