#!/usr/bin/env bash
# A/B: two server builds measured in one sitting, interleaved (A, B, then B, A, ...), on the
# same scenarios, so that the machine's drift over a day cannot pass for a change. The order
# swaps each round: the side that ran second was the slower one whichever build it was (chat
# on PostgreSQL, 3 rounds each way: 3-10% more CPU a message; loadtest/RESULTS.md §25). Each build gets
# its own SQLite database seeded the same way (a build cannot open a database migrated by a
# later one). The generator is the same binary for both.
#
#   A=/path/to/old/dashwire B=target/release/dashwire ROUNDS=3 loadtest/ab.sh
#
# A_ARGS and B_ARGS add server options to one side (one build, two settings:
# `A=$bin B=$bin B_ARGS="--ws-queue 1024"`).
#
# DB=postgres runs both on PostgreSQL + Redis instead of SQLite: each side gets a database of
# its own (`dwab_a`, `dwab_b` on 127.0.0.1:5432, dropped and created again) and a Redis prefix
# of its own, so a build must use the schema the generator seeds (the same migrations).
#
# A build from before `dashwire-loadgen seed` existed is seeded with its own `seed-load`.
# A_GEN seeds side a with another generator (built from A's tree): the seed migrates the
# database, and a build refuses one that has migrations it does not know (PostgreSQL's
# functions, say). The runs themselves use GEN on both sides.
# Either side may be the yardstick, the bare router (`target/release/dashwire-bare`): it gets
# the same seed file and the same scenarios, and serves them without a database.
# Only 127.0.0.1 is targeted; every run is bounded in count and time.
# `loadtest/ab-medians.py $OUT` prints each side's medians per scenario, with the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
A=${A:?the first server binary}
B=${B:-target/release/dashwire}
GEN=${GEN:-target/release/dashwire-loadgen}
ROUNDS=${ROUNDS:-3}
USERS=${USERS:-20000}
SOCKETS=${SOCKETS:-10000}
OUT=${OUT:-$(mktemp -d)}
# Which scenarios each round runs (a subset to re-measure one of them). `dashboard` is the
# dashboard page with 1,000,000 posts on SQLite and on PostgreSQL (loadtest/dashboard.sh,
# seeded once by A's generator, A_GEN or GEN, and interleaved round by round): part of the
# A/B set every performance change runs, whatever DB says.
SCENARIOS=${SCENARIOS:-chat300 chat2000 burst dashboard}
DB=${DB:-sqlite}
mkdir -p "$OUT"
echo "results in $OUT"

# The database URL of one side (`a` or `b`), whose files live in `dir`.
database_url() {
  local side=$1 dir=$2
  if [ "$DB" = postgres ]; then echo "postgres://postgres@127.0.0.1:5432/dwab_$side"; else echo "sqlite://$dir/db"; fi
}

seed() {
  local bin=$1 dir=$2 side=$3 gen=$GEN
  if [ "$side" = a ] && [ -n "${A_GEN:-}" ]; then gen=$A_GEN; fi
  mkdir -p "$dir"
  local url
  url=$(database_url "$side" "$dir")
  if [ "$DB" = postgres ]; then
    PGOPTIONS=--client-min-messages=warning psql -q -h 127.0.0.1 -U postgres -d postgres \
      -c "DROP DATABASE IF EXISTS dwab_$side" -c "CREATE DATABASE dwab_$side"
  fi
  if "$bin" seed-load --help >/dev/null 2>&1; then
    "$bin" seed-load --database-url "$url" --users "$USERS" --star-sessions 12000 --out "$dir/seed.json" >/dev/null
  else
    "$gen" seed --database-url "$url" --users "$USERS" --star-sessions 12000 \
      --star-followers "$SOCKETS" --out "$dir/seed.json" >/dev/null
  fi
}

# CPU seconds PostgreSQL's processes and Redis have used so far (a backend that exited counts
# through the postmaster's children's times), so that a run on PostgreSQL + Redis reports what
# they spent beside the server's own CPU.
# Printed as "<postgres> <redis>": the issue asks for the two apart, and their sum is the line
# older results folders carry.
services_cpu() {
  # (cat fails on a process that ended while it read: not a reason to stop)
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v tick="$(getconf CLK_TCK)" \
    '$2 == "(postgres)" { p += $14 + $15 + $16 + $17 } $2 == "(redis-server)" { r += $14 + $15 + $16 + $17 }
     END { printf "%.2f %.2f", p / tick, r / tick }'
}

# Runs one scenario against one build: starts it, runs the generator, stops it.
run() {
  local name=$1 bin=$2 dir=$3 scenario=$4; shift 4
  local media=()
  if "$bin" --help 2>/dev/null | grep -q "bare axum"; then
    "$bin" --bind 127.0.0.1:18090 --seed "$dir/seed.json" > "$dir/server.out" 2> "$dir/server.err" &
  else
    if "$bin" serve --help | grep -q -- --media-dir; then media=(--media-dir "$dir/media"); fi
    local extra=()
    if [ "$name" = a ]; then read -ra extra <<< "${A_ARGS:-}"; else read -ra extra <<< "${B_ARGS:-}"; fi
    local bus=()
    if [ "$DB" = postgres ]; then bus=(--redis-url redis://127.0.0.1:6379 --redis-prefix "dwab_$name"); fi
    env -u DATABASE_URL -u REDIS_URL RUST_LOG=warn "$bin" serve --bind 127.0.0.1:18090 \
      --database-url "$(database_url "$name" "$dir")" "${bus[@]}" "${media[@]}" "${extra[@]}" > "$dir/server.out" 2> "$dir/server.err" &
  fi
  local pid=$!
  for _ in $(seq 1 100); do grep -q "listening on" "$dir/server.out" 2>/dev/null && break; sleep 0.1; done
  # A scenario that measures at the margin holds some sockets first, from other addresses.
  local warm_pid=
  if [ -n "${WARM:-}" ]; then
    local warm=()
    read -ra warm <<< "$WARM"
    "$GEN" "${warm[@]}" --seed "$dir/seed.json" --url http://127.0.0.1:18090 \
      --sources 127.0.0.3,127.0.0.4 > "$OUT/$name-$scenario-$round-warm.log" 2>&1 &
    warm_pid=$!
    for _ in $(seq 1 300); do grep -q "held\|connected" "$OUT/$name-$scenario-$round-warm.log" 2>/dev/null && break; sleep 0.1; done
  fi
  local log="$OUT/$name-$scenario-$round.txt"
  local services_before
  services_before=$(services_cpu)
  "$GEN" "$@" --seed "$dir/seed.json" --url http://127.0.0.1:18090 --sources 127.0.0.1,127.0.0.2 \
    --server-pid "$pid" > "$log" 2>&1 || echo "  (generator failed, see $log)"
  if [ "$DB" = postgres ]; then
    local services_after
    services_after=$(services_cpu)
    awk -v a="$services_before" -v b="$services_after" 'BEGIN {
      split(a, x, " "); split(b, y, " "); pg = y[1] - x[1]; redis = y[2] - x[2]
      printf "PostgreSQL + Redis CPU: %.2fs over the run (PostgreSQL %.2fs, Redis %.2fs)\n", pg + redis, pg, redis
    }' >> "$log"
  fi
  if [ -n "$warm_pid" ]; then kill "$warm_pid" 2>/dev/null || true; wait "$warm_pid" 2>/dev/null || true; fi
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  echo "$name $scenario round $round: $(grep -E 'messages sent|achieved|deliveries|delivered|latency|server CPU|sequence check|Redis CPU|per socket' "$log" | tr '\n' ' ' | cut -c1-600)"
}

SOCKET_SCENARIOS=${SCENARIOS//dashboard/}
if [ -n "${SOCKET_SCENARIOS// /}" ]; then
seed "$A" "$OUT/a" a
seed "$B" "$OUT/b" b
fi
for round in $(seq 1 "$ROUNDS"); do
  sides="a b"
  if [ $((round % 2)) -eq 0 ]; then sides="b a"; fi
  for side in $sides; do
    if [ "$side" = a ]; then bin=$A; else bin=$B; fi
    for scenario in $SOCKET_SCENARIOS; do
      case $scenario in
        # chat<rate>: chat300, chat2000, chat3000; a rate past saturation (chat8000) measures
        # the rate achieved.
        chat[0-9]*) run "$side" "$bin" "$OUT/$side" "$scenario" chat --count "$SOCKETS" \
                      --rate "${scenario#chat}" --duration 15 --pairs 2000 ;;
        burst) run "$side" "$bin" "$OUT/$side" burst fanout --count "$SOCKETS" --events 100 --follower-offset 1 ;;
        paced) run "$side" "$bin" "$OUT/$side" paced fanout --count "$SOCKETS" --events 50 --interval-ms 100 --follower-offset 1 ;;
        # posts: 20 back to back, each sent as the one before is answered (the fan-out of one
        # can still be running when the next comes: it measures the node's fan-out rate as
        # much as a post's time); posts<ms>, say posts300: each sent that long after the one
        # before was answered, so that each post's time is its own.
        posts) run "$side" "$bin" "$OUT/$side" posts posts --count "$SOCKETS" --posts 20 --interval-ms 0 ;;
        posts[0-9]*) run "$side" "$bin" "$OUT/$side" "$scenario" posts --count "$SOCKETS" --posts 20 \
                       --interval-ms "${scenario#posts}" ;;
        # Memory per socket at the margin: 4,000 sockets held (caches warm), then RSS over
        # 10,000 more (the measured run's `server RSS: … KiB per socket`).
        memory) WARM="connect --count 4000 --hold 60" run "$side" "$bin" "$OUT/$side" memory \
                  connect --count 10000 --offset 4000 --hold 3 ;;
        # The same for visitors: each socket a visitor session of its own, on a public blog.
        visitors) WARM="connect --count 4000 --hold 60 --visitors load-0" run "$side" "$bin" \
                    "$OUT/$side" visitors connect --count 10000 --visitors load-0 --hold 3 ;;
        *) echo "unknown scenario $scenario"; exit 2 ;;
      esac
    done
  done
done

if [[ " $SCENARIOS " == *" dashboard "* ]]; then
  BUILDS="a=$A b=$B" SEED_GEN=${A_GEN:-$GEN} GEN=$GEN ROUNDS=$ROUNDS DATABASES="sqlite postgres" \
    loadtest/dashboard.sh | tee "$OUT/dashboard.txt"
fi
