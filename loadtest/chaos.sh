#!/usr/bin/env bash
# A chaos run of the fault model (docs/architecture.md): two dashwire nodes sharing a
# PostgreSQL and a Redis of this script's own, chat over SOCKETS sockets at RATE messages/s for
# DURATION seconds (`dashwire-loadgen chaos`), while this script restarts Redis, stops node A
# (SIGTERM) and starts it again, kills node B (SIGKILL) and starts it again, cuts PostgreSQL's
# connections and restarts PostgreSQL. The generator then shows that nothing acknowledged was
# lost or duplicated and that every channel's seqs stayed whole; its exit code is this
# script's. Only 127.0.0.1 is used; everything it starts it stops, and its temporary
# directory is removed (KEEP_LOGS=DIR keeps the logs there).
#
#   loadtest/chaos.sh                                     # 10,000 sockets, 2,000 msg/s, 120 s
#   SOCKETS=200 RATE=100 DURATION=30 loadtest/chaos.sh    # a smoke run; faults scale with it
#
# Every fault's time is a fraction of DURATION (seconds from the generator's "chat started"
# line) unless set: REDIS_AT (15/120), TERM_AT (30/120), KILL_AT (50/120), CUT_AT (70/120),
# PG_RESTART_AT (85/120); REDIS_DOWN (3) is how long Redis stays down. A fault set to `off` is
# not made (`TERM_AT=20 REDIS_AT=off KILL_AT=off CUT_AT=off PG_RESTART_AT=off`: a deploy alone).
set -euo pipefail
cd "$(dirname "$0")/.."

SOCKETS=${SOCKETS:-10000}
RATE=${RATE:-2000}
DURATION=${DURATION:-120}
DRAIN=${DRAIN:-15}
USERS=${USERS:-20000}
REDIS_AT=${REDIS_AT:-$((DURATION * 15 / 120))}
REDIS_DOWN=${REDIS_DOWN:-3}
TERM_AT=${TERM_AT:-$((DURATION * 30 / 120))}
KILL_AT=${KILL_AT:-$((DURATION * 50 / 120))}
CUT_AT=${CUT_AT:-$((DURATION * 70 / 120))}
PG_RESTART_AT=${PG_RESTART_AT:-$((DURATION * 85 / 120))}
# How long the generator may take to connect its sockets before the chat starts.
READY_WAIT=${READY_WAIT:-300}
# fsync off: no fault here crashes the machine, so disk flushes would only slow every commit
# down (a fast shutdown and a terminated backend lose nothing committed either way).
PG_SETTINGS=${PG_SETTINGS:--c fsync=off -c max_connections=200}
SERVER=${SERVER:-target/release/dashwire}
LOADGEN=${LOADGEN:-target/release/dashwire-loadgen}

if [ ! -x "$SERVER" ] || [ ! -x "$LOADGEN" ] || [ -n "${BUILD:-}" ]; then
  DASHWIRE_SKIP_WEB_BUILD=1 cargo build --release -p dashwire -p dashwire-loadgen
fi

TMP=$(mktemp -d /tmp/dashwire-chaos.XXXXXX)
chmod 755 "$TMP"
PGHOME=$TMP/pg
mkdir -p "$PGHOME/data" "$PGHOME/sock" "$TMP/media"
PG_BIN=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d | sort -V | tail -n 1)
[ -x "$PG_BIN/initdb" ] || { echo "chaos: no PostgreSQL under /usr/lib/postgresql" >&2; exit 2; }

# PostgreSQL refuses to run as root: as root, its commands run as the postgres user.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then chown -R postgres: "$PGHOME"; fi

node_pid=("" "")
redis_pid=""
gen_pid=""
tail_pid=""
pg_started=""
cleanup() {
  local rc=$?
  for pid in "$tail_pid" "$gen_pid" "${node_pid[@]}" "$redis_pid"; do
    if [ -n "$pid" ]; then kill -KILL "$pid" 2>/dev/null || true; fi
  done
  wait 2>/dev/null || true
  if [ -n "$pg_started" ]; then as_pg "$PG_BIN/pg_ctl" -D "$PGHOME/data" -m immediate stop >/dev/null 2>&1 || true; fi
  if [ -n "${KEEP_LOGS:-}" ]; then
    mkdir -p "$KEEP_LOGS" && cp "$TMP"/*.log "$PGHOME"/*.log "$KEEP_LOGS"/ 2>/dev/null || true
  fi
  rm -rf "$TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A port nothing listens on (and none this script took already), below the ephemeral range:
# a restarted node, Redis or PostgreSQL binds its port again while the generator's thousands of
# sockets hold ephemeral ports, and one of those may be the port it needs.
taken=" "
low_ephemeral=$(awk '{ print $1 }' /proc/sys/net/ipv4/ip_local_port_range)
free_port() {
  local port
  while :; do
    port=$((10000 + RANDOM % (low_ephemeral - 10000)))
    if [[ "$taken" != *" $port "* ]] && [ -z "$(ss -Htln "sport = :$port")" ]; then
      echo "$port"; return
    fi
  done
}
PG_PORT=$(free_port); taken+="$PG_PORT "
REDIS_PORT=$(free_port); taken+="$REDIS_PORT "
NODE_PORT=("$(free_port)")
taken+="${NODE_PORT[0]} "
NODE_PORT+=("$(free_port)")
NODE_NAME=(A B)
DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/dashwire
REDIS_URL=redis://127.0.0.1:$REDIS_PORT

t0=""
# Seconds since the chat started (or since the script did, before).
started=$EPOCHREALTIME
since() { awk -v a="${t0:-$started}" -v b="$EPOCHREALTIME" 'BEGIN { printf "%+7.2fs", b - a }'; }
timeline=()
say() {
  local line
  line="$(date +%T) [$(since)] $*"
  echo "chaos: $line"
  timeline+=("$line")
}

start_redis() {
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --dir "$TMP" \
    >> "$TMP/redis.log" 2>&1 &
  redis_pid=$!
  for _ in $(seq 1 100); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return; sleep 0.05; done
  echo "chaos: Redis did not start" >&2; exit 2
}

start_node() {
  local n=$1
  env -u DATABASE_URL -u REDIS_URL RUST_LOG="${RUST_LOG:-warn}" NO_COLOR=1 "$SERVER" serve \
    --bind "127.0.0.1:${NODE_PORT[$n]}" --database-url "$DATABASE_URL" \
    --redis-url "$REDIS_URL" --redis-prefix chaos --media-dir "$TMP/media" \
    >> "$TMP/node${NODE_NAME[$n]}.log" 2>&1 &
  node_pid[n]=$!
  for _ in $(seq 1 300); do
    curl -sf "http://127.0.0.1:${NODE_PORT[$n]}/healthz" >/dev/null 2>&1 && return
    kill -0 "${node_pid[$n]}" 2>/dev/null || break
    sleep 0.1
  done
  echo "chaos: node ${NODE_NAME[$n]} did not start; its log:" >&2
  tail -n 20 "$TMP/node${NODE_NAME[$n]}.log" >&2; exit 2
}

psql_admin() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -qAtX "$@"; }

echo "chaos: PostgreSQL :$PG_PORT, Redis :$REDIS_PORT, node A :${NODE_PORT[0]}, node B :${NODE_PORT[1]}; files in $TMP"
as_pg "$PG_BIN/initdb" -D "$PGHOME/data" -U postgres -A trust -E UTF8 --no-sync >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$PGHOME/data" -l "$PGHOME/postgres.log" -w \
  -o "-p $PG_PORT -k $PGHOME/sock -c listen_addresses=127.0.0.1 $PG_SETTINGS" start >/dev/null
pg_started=1
psql_admin -c "CREATE DATABASE dashwire"
start_redis
"$LOADGEN" seed --database-url "$DATABASE_URL" --users "$USERS" --out "$TMP/seed.json"
start_node 0
start_node 1

"$LOADGEN" chaos --seed "$TMP/seed.json" \
  --url "http://127.0.0.1:${NODE_PORT[0]},http://127.0.0.1:${NODE_PORT[1]}" \
  --sources 127.0.0.1,127.0.0.2 --count "$SOCKETS" --rate "$RATE" --duration "$DURATION" \
  --drain "$DRAIN" > "$TMP/chaos.log" 2>&1 &
gen_pid=$!
echo "chaos: machine load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
tail -n +1 -f --pid="$gen_pid" "$TMP/chaos.log" | sed -u 's/^/loadgen: /' &
tail_pid=$!

for _ in $(seq 1 $((READY_WAIT * 10))); do
  grep -q "^chat started" "$TMP/chaos.log" && break
  kill -0 "$gen_pid" 2>/dev/null || break
  sleep 0.1
done
grep -q "^chat started" "$TMP/chaos.log" || { echo "chaos: the generator never started to chat" >&2; exit 2; }
t0=$EPOCHREALTIME

# Sleeps until `at` seconds after the chat started; answers false if the generator is gone.
until_at() {
  local wait
  [ "$1" != off ] || return 1
  wait=$(awk -v a="$t0" -v at="$1" -v now="$EPOCHREALTIME" 'BEGIN { w = a + at - now; print (w > 0 ? w : 0) }')
  sleep "$wait"
  kill -0 "$gen_pid" 2>/dev/null
}

if until_at "$REDIS_AT"; then
  say "fault: Redis stopped (SIGTERM)"
  kill -TERM "$redis_pid"; wait "$redis_pid" 2>/dev/null || true; redis_pid=""
  sleep "$REDIS_DOWN"
  start_redis
  say "fault: Redis started again on :$REDIS_PORT after ${REDIS_DOWN}s down"
fi
if until_at "$TERM_AT"; then
  say "fault: node A stopped (SIGTERM)"
  kill -TERM "${node_pid[0]}"
  # It should be gone within seconds; one that hangs is killed after 30 s (and said so).
  for _ in $(seq 1 300); do kill -0 "${node_pid[0]}" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "${node_pid[0]}" 2>/dev/null; then
    say "fault: node A still running 30 s after SIGTERM: killed"
    kill -KILL "${node_pid[0]}"
  fi
  rc=0; wait "${node_pid[0]}" || rc=$?
  say "fault: node A exited with code $rc; starting it again on :${NODE_PORT[0]}"
  start_node 0
  say "fault: node A is serving again"
fi
if until_at "$KILL_AT"; then
  say "fault: node B killed (SIGKILL)"
  kill -KILL "${node_pid[1]}"; wait "${node_pid[1]}" 2>/dev/null || true
  start_node 1
  say "fault: node B is serving again on :${NODE_PORT[1]}"
fi
if until_at "$CUT_AT"; then
  cut=$(psql_admin -c "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname='dashwire' AND pid <> pg_backend_pid()")
  say "fault: PostgreSQL's connections cut ($cut backends terminated)"
fi
if until_at "$PG_RESTART_AT"; then
  say "fault: PostgreSQL restarting (pg_ctl restart -m fast)"
  as_pg "$PG_BIN/pg_ctl" -D "$PGHOME/data" -l "$PGHOME/postgres.log" -m fast -w restart >/dev/null
  say "fault: PostgreSQL is back"
fi

rc=0; wait "$gen_pid" || rc=$?
gen_pid=""
wait "$tail_pid" 2>/dev/null || true
tail_pid=""

echo
echo "=== chaos summary: SOCKETS=$SOCKETS RATE=$RATE DURATION=${DURATION}s, two nodes, PostgreSQL and Redis restarted ==="
echo "  machine load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
for line in "${timeline[@]}"; do echo "  $line"; done
for n in 0 1; do
  # What each node counted (subscribes, replays, busy answers), kept with the logs.
  curl -s -m 5 "http://127.0.0.1:${NODE_PORT[$n]}/metrics" > "$TMP/metrics${NODE_NAME[$n]}.log" 2>/dev/null || true
done
for n in 0 1; do
  log=$(sed 's/\x1b\[[0-9;]*m//g' "$TMP/node${NODE_NAME[$n]}.log")
  echo "  node ${NODE_NAME[$n]}: $(grep -c ' ERROR ' <<< "$log" || true) ERROR and $(grep -c ' WARN ' <<< "$log" || true) WARN log lines$(kill -0 "${node_pid[$n]}" 2>/dev/null && echo ", still serving" || echo ", NOT running")"
done
grep -E "^(messages acknowledged|messages refused|deliveries expected|delivered|lost|duplicated|out of order|longest gap|delivery latency|reconnects by close code):" "$TMP/chaos.log" | sed 's/^/  /'
echo "=== generator exit code $rc ($([ "$rc" = 0 ] && echo "nothing acknowledged was lost or duplicated" || echo FAILED)) ==="
exit "$rc"
