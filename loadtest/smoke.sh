#!/usr/bin/env bash
# Runs every k6 scenario briefly (tiny sizes, a few seconds each) against a freshly seeded
# server, so the scripts are known to work: each scenario's thresholds fail the run when it
# failed a call or delivered nothing. Used by scripts/test. Only 127.0.0.1 is targeted.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${DASHWIRE_BIN:-target/debug/dashwire}
LOADGEN=${DASHWIRE_LOADGEN:-$(dirname "$BIN")/dashwire-loadgen}
dir=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$dir"' EXIT

"$LOADGEN" seed --database-url "sqlite://$dir/db" --users 200 --star-sessions 20 --star-followers 20 --out "$dir/seed.json" >/dev/null
# Without the developer's exported settings (REDIS_URL would join a shared Redis).
env -u DATABASE_URL -u REDIS_URL -u DASHWIRE_REDIS_PREFIX "$BIN" serve --bind 127.0.0.1:0 --database-url "sqlite://$dir/db" > "$dir/server.out" 2> "$dir/server.err" &
server=$!
for _ in $(seq 1 100); do grep -q "listening on" "$dir/server.out" 2>/dev/null && break; sleep 0.1; done
export BASE_URL=$(sed -n 's/^dashwire: listening on //p' "$dir/server.out") SEED=$dir/seed.json

run() {
  local script=$1; shift
  echo "k6 $script"
  k6 run --no-usage-report --quiet "$@" "loadtest/$script" > "$dir/k6.log" 2>&1 || { cat "$dir/k6.log"; exit 1; }
  grep -E "dashwire_(sockets_held|messages_received|deliveries|post_deliveries)|fanout:|posts:|http_reqs" "$dir/k6.log" | sed 's/^ */  /' || true
}
run connect.js -e SOCKETS=20 -e RAMP_SECONDS=1 -e HOLD_SECONDS=1
run chat.js -e PAIRS=5 -e RATE_PER_PAIR=2 -e DURATION_SECONDS=3
run fanout.js -e SUBSCRIBERS=10 -e EVENTS=5 -e CONNECT_SECONDS=2
run posts.js -e FOLLOWERS=10 -e POSTS=3 -e INTERVAL_MS=100 -e CONNECT_SECONDS=2
run polling.js -e PAIRS=5 -e RATE_PER_PAIR=1 -e DURATION_SECONDS=5
echo "k6 scenarios ok"
