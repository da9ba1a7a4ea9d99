#!/usr/bin/env bash
# Holds NODES × PER_NODE authenticated, subscribed sockets on this machine the way dashwire
# scales out: NODES `dashwire serve` processes sharing PostgreSQL and Redis, each on its own
# port, and one load-generator process per node (a process may hold at most 20,000 files
# here). Prints each generator's report and the total server RSS per socket, then stops
# everything. Only 127.0.0.0/8 is targeted; it runs for a bounded time.
#
#   loadtest/scale-out.sh                    # 6 nodes × 16,667 = 100,002 sockets
#   NODES=2 PER_NODE=5000 loadtest/scale-out.sh
set -euo pipefail
cd "$(dirname "$0")/.."

NODES=${NODES:-6}
PER_NODE=${PER_NODE:-16667}
HOLD=${HOLD:-20}
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/test}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
FIRST_PORT=${FIRST_PORT:-18081}
# Random, not the pid: pids repeat across sandboxes that share one PostgreSQL and Redis.
DB=dwload_$(od -An -N6 -tx1 /dev/urandom | tr -d " \n")
DATABASE_URL=${PG_ADMIN%/*}/$DB
OUT=$(mktemp -d)
SERVER=target/release/dashwire
LOADGEN=target/release/dashwire-loadgen

[ -x "$SERVER" ] && [ -x "$LOADGEN" ] || cargo build --release --bin dashwire --bin dashwire-loadgen

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

psql "$PG_ADMIN" -qc "CREATE DATABASE $DB"
"$SERVER" migrate --database-url "$DATABASE_URL" >/dev/null
"$LOADGEN" seed --database-url "$DATABASE_URL" --users $((NODES * PER_NODE)) --out "$OUT/seed.json"

server_pids=()
urls=()
for n in $(seq 0 $((NODES - 1))); do
  port=$((FIRST_PORT + n))
  RUST_LOG=warn "$SERVER" serve --bind 127.0.0.1:$port --database-url "$DATABASE_URL" \
    --redis-url "$REDIS_URL" --redis-prefix "$DB" > "$OUT/node$n.log" 2>&1 &
  pids+=($!); server_pids+=($!); urls+=("http://127.0.0.1:$port")
done
for url in "${urls[@]}"; do
  for _ in $(seq 1 100); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.1; done
done

# One generator per node, each from four source addresses (one address's ports run out
# near 28,000 connections to one server port).
for n in $(seq 0 $((NODES - 1))); do
  b=$((4 * n + 1))
  "$LOADGEN" connect --seed "$OUT/seed.json" --url "${urls[$n]}" \
    --sources 127.0.0.$b,127.0.0.$((b + 1)),127.0.0.$((b + 2)),127.0.0.$((b + 3)) \
    --server-pid "${server_pids[$n]}" --count "$PER_NODE" --offset $((n * PER_NODE)) --hold "$HOLD" \
    > "$OUT/gen$n.log" 2>&1 &
  pids+=($!); gen_pids+=($!)
done

for pid in "${gen_pids[@]}"; do wait "$pid" || true; done
held=0
for n in $(seq 0 $((NODES - 1))); do
  echo "--- node $n (${urls[$n]}) ---"; cat "$OUT/gen$n.log"
  h=$(sed -n 's/^sockets: \([0-9]*\)\/.*/\1/p' "$OUT/gen$n.log"); held=$((held + ${h:-0}))
done
# Each generator read its node's RSS once all its sockets were subscribed.
total_mib=$(cat "$OUT"/gen*.log | sed -n 's/^server RSS: .* MiB before, \([0-9.]*\) MiB after.*/\1/p' | awk '{s += $1} END {print s}')
echo "=== $held sockets held across $NODES nodes; total server RSS once connected: ${total_mib} MiB = $(awk "BEGIN {printf \"%.2f\", $total_mib * 1024 / $held}") KiB per socket (each node's baseline included) ==="
