#!/usr/bin/env bash
# A soak: chat at RATE msg/s over SOCKETS sockets for DURATION seconds on one node, on each
# database, with the sends' and deliveries' p99 and max reported minute by minute
# (`dashwire-loadgen chat --report-every 60`), so that what builds up over a long run (the log
# growing, the upkeep's prune, PostgreSQL's dead rows, WAL checkpoints) shows as the minute
# it happened in rather than averaged into the whole. Each database is seeded fresh; on
# PostgreSQL the node uses the machine's Redis as its bus, as a deployment would. It also
# prints how much the database grew per message stored.
#
#   loadtest/soak.sh                                  # 30 minutes at 2,000 msg/s, both databases
#   DURATION=120 DATABASES=sqlite loadtest/soak.sh    # two minutes, SQLite only
#
# Only 127.0.0.1 is targeted; the run is bounded in count and time.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/dashwire}
GEN=${GEN:-target/release/dashwire-loadgen}
SOCKETS=${SOCKETS:-10000}
USERS=${USERS:-20000}
RATE=${RATE:-2000}
DURATION=${DURATION:-1800}
WINDOW=${WINDOW:-60}
DATABASES=${DATABASES:-sqlite postgres}
OUT=${OUT:-$(mktemp -d)}
echo "results in $OUT"

server_pid=
trap 'if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi' EXIT

# The database's size in bytes (SQLite: the file and its WAL; PostgreSQL: the database).
db_bytes() {
  local db=$1 url=$2
  if [ "$db" = postgres ]; then
    psql "$url" -Atc "SELECT pg_database_size(current_database())"
  else
    local file=${url#sqlite://}
    du -cb "$file" "$file-wal" 2>/dev/null | tail -n 1 | cut -f1
  fi
}

messages() {
  local db=$1 url=$2
  if [ "$db" = postgres ]; then
    psql "$url" -Atc "SELECT COUNT(*) FROM messages"
  else
    python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM messages').fetchone()[0])" "${url#sqlite://}"
  fi
}

for db in $DATABASES; do
  dir=$OUT/$db
  mkdir -p "$dir"
  bus=()
  if [ "$db" = postgres ]; then
    PGOPTIONS=--client-min-messages=warning psql -q -h 127.0.0.1 -U postgres -d postgres \
      -c "DROP DATABASE IF EXISTS dwsoak" -c "CREATE DATABASE dwsoak"
    url=postgres://postgres@127.0.0.1:5432/dwsoak
    bus=(--redis-url redis://127.0.0.1:6379 --redis-prefix dwsoak)
  else
    url=sqlite://$dir/db
  fi
  "$GEN" seed --database-url "$url" --users "$USERS" --star-sessions 12000 \
    --star-followers "$SOCKETS" --out "$dir/seed.json" >/dev/null
  env -u DATABASE_URL -u REDIS_URL RUST_LOG=warn "$BIN" serve --bind 127.0.0.1:18095 \
    --database-url "$url" "${bus[@]}" --media-dir "$dir/media" > "$dir/server.out" 2> "$dir/server.err" &
  server_pid=$!
  for _ in $(seq 1 100); do grep -q "listening on" "$dir/server.out" 2>/dev/null && break; sleep 0.1; done
  before=$(db_bytes "$db" "$url"); messages_before=$(messages "$db" "$url")
  "$GEN" chat --count "$SOCKETS" --rate "$RATE" --duration "$DURATION" --pairs 2000 \
    --report-every "$WINDOW" --seed "$dir/seed.json" --url http://127.0.0.1:18095 \
    --sources 127.0.0.1,127.0.0.2 --server-pid "$server_pid" > "$dir/soak.txt" 2>&1 \
    || echo "  (generator failed, see $dir/soak.txt)"
  after=$(db_bytes "$db" "$url"); messages_after=$(messages "$db" "$url")
  kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=
  echo "== $db: $RATE msg/s for ${DURATION}s over $SOCKETS sockets"
  grep -E "^(chat:|delivery latency|server CPU|sequence check|worst window)" "$dir/soak.txt" | sed 's/^/  /'
  stored=$((messages_after - messages_before))
  if [ "$stored" -gt 0 ]; then
    echo "  database: $before -> $after bytes over $stored messages: $(( (after - before) / stored )) bytes a message"
  fi
  echo "  minute by minute: $dir/soak.txt"
  if grep -q ERROR "$dir/server.err"; then echo "  server errors: $(grep -c ERROR "$dir/server.err")"; fi
done
