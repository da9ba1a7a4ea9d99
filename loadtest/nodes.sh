#!/usr/bin/env bash
# One node against two, sharing PostgreSQL and the machine's Redis, interleaved round by round
# in one sitting (issue 34, "Two nodes"): chat with the sockets and the sends spread over the
# nodes, a burst of follows to 10,000 dashboards, and new posts to 10,000 dashboards. With two
# nodes half the deliveries cross the bus.
#
#   loadtest/nodes.sh                        # 10,000 sockets, chat at 2,000 msg/s, 2 rounds
#   RATE=3000 ROUNDS=3 loadtest/nodes.sh
#
# The database is a fresh one on the machine's PostgreSQL, dropped at the end; Redis gets a
# prefix of the run's own. Only 127.0.0.1 is targeted; every run is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."

SOCKETS=${SOCKETS:-10000}
RATE=${RATE:-2000}
DURATION=${DURATION:-15}
ROUNDS=${ROUNDS:-2}
# The wait between one post's answer and the next post: 0 sends them back to back (a post may
# then queue behind the one before's fan-out); 300 gives each post's time on its own.
POST_INTERVAL_MS=${POST_INTERVAL_MS:-0}
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/test}
REDIS=${REDIS:-redis://127.0.0.1:6379}
NODE_PORTS=(18211 18212)
SERVER=${SERVER:-target/release/dashwire}
GEN=${GEN:-target/release/dashwire-loadgen}
DB=dwnodes_$(od -An -N6 -tx1 /dev/urandom | tr -d " \n")
DATABASE_URL=${PG_ADMIN%/*}/$DB
OUT=${OUT:-$(mktemp -d)}
echo "results in $OUT"

[ -x "$SERVER" ] && [ -x "$GEN" ] || DASHWIRE_SKIP_WEB_BUILD=1 cargo build --release -p dashwire -p dashwire-loadgen

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

source loadtest/nodes-lib.sh
fresh_database

# Runs one scenario on `count` nodes (1 or 2).
run() {
  local count=$1 round=$2 scenario=$3; shift 3
  local log=$OUT/nodes$count-$scenario-$round.txt
  NODE_ARGS_PORTS=("${NODE_PORTS[@]:0:$count}") GEN_ARGS=("$@") CPU_OF="postgres redis-server"
  CPU_LABEL="PostgreSQL + Redis"
  run_on_nodes "$log" --redis-url "$REDIS" --redis-prefix "$DB"
  echo "$count node(s) $scenario round $round: $(grep -E 'messages sent|achieved|deliveries|delivered|latency|server CPU|sequence check|Redis CPU' "$log" | tr '\n' ' ' | cut -c1-600)"
}

for round in $(seq 1 "$ROUNDS"); do
  for count in 1 2; do
    run "$count" "$round" chat chat --count "$SOCKETS" --rate "$RATE" --duration "$DURATION" --pairs 2000
    run "$count" "$round" burst fanout --count "$SOCKETS" --events 100 --follower-offset 1
    run "$count" "$round" posts posts --count "$SOCKETS" --posts 20 --interval-ms "$POST_INTERVAL_MS"
  done
done
