#!/usr/bin/env bash
# What a chat message costs on disk, per build and per database: a fresh database seeded for
# SOCKETS sockets, a warm-up chat run (every conversation has its rows, and on PostgreSQL the
# space its updates free is there to reuse), then a measured chat run of the same length. The
# growth of each table (with its indexes) over the measured run, divided by the messages it
# stored, is what a message costs once the system is running, not what the first message of a
# conversation costs. On PostgreSQL both runs end with a VACUUM (autovacuum's work, done at
# once, so a short run sees what a long one would); SQLite reuses freed space in place.
#
#   BUILDS="a=/path/to/old/dashwire b=target/release/dashwire" loadtest/disk.sh
#
# RATE (msg/s) and SECONDS_PER_RUN set the runs; DATABASES="sqlite postgres" which databases.
# The generator seeds each database, which migrates it: a build that does not know the
# generator's migrations needs a generator of its own for the seed, SEED_GEN_{name}
# (SEED_GEN_a=/path/to/old/dashwire-loadgen); the runs use GEN for every build.
# Only 127.0.0.1 is targeted; every run is bounded in count and time.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILDS=${BUILDS:-b=target/release/dashwire}
GEN=${GEN:-target/release/dashwire-loadgen}
SOCKETS=${SOCKETS:-10000}
RATE=${RATE:-2000}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-30}
DATABASES=${DATABASES:-sqlite postgres}
OUT=${OUT:-$(mktemp -d)}
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}
echo "results in $OUT"

server_pid=
trap 'if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi' EXIT

# `table bytes` for every table of the database with its indexes, one per line, and a last
# line `messages N`.
sizes() {
  local db=$1 url=$2
  if [ "$db" = postgres ]; then
    psql "$url" -qc "VACUUM" >/dev/null
    psql "$url" -At -F ' ' -c "SELECT relname, pg_total_relation_size(oid) FROM pg_class \
      WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace" \
      -c "SELECT 'messages', COUNT(*) FROM messages" | sed '$!s/^/table /'
  else
    python3 - "${url#sqlite://}" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
tables = {}
# Each index's pages counted with its table.
owner = dict(db.execute("SELECT name, tbl_name FROM sqlite_schema"))
for name, size in db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"):
    table = owner.get(name, name)
    tables[table] = tables.get(table, 0) + size
for table, size in tables.items():
    print("table", table, size)
print("messages", db.execute("SELECT COUNT(*) FROM messages").fetchone()[0])
PY
  fi
}

# Prints each table's growth per message between two `sizes` outputs, the largest first.
per_message() {
  python3 - "$1" "$2" <<'PY'
import sys
def read(path):
    tables, messages = {}, 0
    for line in open(path):
        parts = line.split()
        if parts[0] == "table":
            tables[parts[1]] = int(parts[2])
        elif parts[0] == "messages":
            messages = int(parts[1])
    return tables, messages
before, m0 = read(sys.argv[1])
after, m1 = read(sys.argv[2])
n = m1 - m0
growth = {t: after.get(t, 0) - before.get(t, 0) for t in set(before) | set(after)}
total = sum(growth.values())
print(f"  {n} messages stored; database growth {total / 1e6:.1f} MB, {total / max(n, 1):.0f} bytes per message")
for t, g in sorted(growth.items(), key=lambda kv: -kv[1])[:6]:
    if g:
        print(f"    {t}: {g / max(n, 1):.0f} bytes per message")
PY
}

for db in $DATABASES; do
  for build in $BUILDS; do
    name=${build%%=*} bin=${build#*=}
    dir="$OUT/$db-$name"
    mkdir -p "$dir"
    if [ "$db" = postgres ]; then
      url="postgres://postgres@127.0.0.1:5432/dwdisk_$name"
      PGOPTIONS=--client-min-messages=warning psql "$PG_ADMIN" -q \
        -c "DROP DATABASE IF EXISTS dwdisk_$name" -c "CREATE DATABASE dwdisk_$name"
      bus=(--redis-url redis://127.0.0.1:6379 --redis-prefix "dwdisk_$name")
    else
      url="sqlite://$dir/db"
      bus=()
    fi
    seed_gen=SEED_GEN_$name
    "$bin" migrate --database-url "$url" >/dev/null
    "${!seed_gen:-$GEN}" seed --database-url "$url" --users 20000 --star-sessions 12000 \
      --star-followers "$SOCKETS" --out "$dir/seed.json" >/dev/null
    env -u DATABASE_URL -u REDIS_URL RUST_LOG=warn "$bin" serve --bind 127.0.0.1:18091 \
      --database-url "$url" "${bus[@]}" > "$dir/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 100); do curl -sf http://127.0.0.1:18091/healthz >/dev/null && break; sleep 0.1; done
    chat() {
      "$GEN" chat --count "$SOCKETS" --rate "$RATE" --duration "$SECONDS_PER_RUN" --pairs 2000 \
        --seed "$dir/seed.json" --url http://127.0.0.1:18091 --sources 127.0.0.1,127.0.0.2 \
        --server-pid "$server_pid" > "$dir/$1.log" 2>&1 || echo "  (generator failed, see $dir/$1.log)"
    }
    chat warm
    sizes "$db" "$url" > "$dir/before"
    chat measured
    sizes "$db" "$url" > "$dir/after"
    kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=
    echo "$db $name: $(grep -E 'achieved|sequence check' "$dir/measured.log" | tr '\n' ' ')"
    per_message "$dir/before" "$dir/after"
  done
done
