#!/usr/bin/env bash
# Chat and fan-out across three nodes sharing PostgreSQL, once over one Redis and once over a
# Redis Cluster of three masters with sharded pub/sub (`--redis-cluster`), interleaved round by
# round in one sitting (issue 34, "Beyond one Redis"). The sockets are spread over the three
# nodes and the sends go to all three, so nearly every delivery crosses the bus.
#
#   loadtest/cluster.sh                      # 10,000 sockets, chat at 2,000 msg/s, 2 rounds
#   SOCKETS=2000 RATE=500 ROUNDS=1 loadtest/cluster.sh
#
# The cluster is the script's own (ports 17001-17003, their buses on +10,000), the single Redis
# the machine's (127.0.0.1:6379, a prefix of the run's own); the database is a fresh one on the
# machine's PostgreSQL, dropped at the end. Only 127.0.0.1 is targeted; every run is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."

SOCKETS=${SOCKETS:-10000}
RATE=${RATE:-2000}
DURATION=${DURATION:-15}
ROUNDS=${ROUNDS:-2}
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/test}
REDIS=${REDIS:-redis://127.0.0.1:6379}
CLUSTER_PORTS=${CLUSTER_PORTS:-"17001 17002 17003"}
NODE_PORTS=(18201 18202 18203)
SERVER=${SERVER:-target/release/dashwire}
GEN=${GEN:-target/release/dashwire-loadgen}
DB=dwcluster_$(od -An -N6 -tx1 /dev/urandom | tr -d " \n")
DATABASE_URL=${PG_ADMIN%/*}/$DB
OUT=$(mktemp -d)
echo "results in $OUT"

[ -x "$SERVER" ] && [ -x "$GEN" ] || DASHWIRE_SKIP_WEB_BUILD=1 cargo build --release -p dashwire -p dashwire-loadgen

pids=()
cluster_dir=$OUT/cluster
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for port in $CLUSTER_PORTS; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
  psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

# The cluster: three masters, no replicas.
mkdir -p "$cluster_dir"
nodes=()
for port in $CLUSTER_PORTS; do
  redis-server --port "$port" --bind 127.0.0.1 --cluster-enabled yes --cluster-config-file "nodes-$port.conf" \
    --cluster-node-timeout 2000 --save "" --appendonly no --daemonize yes --dir "$cluster_dir" \
    --logfile "$cluster_dir/$port.log" >/dev/null
  nodes+=("127.0.0.1:$port")
done
for port in $CLUSTER_PORTS; do
  for _ in $(seq 1 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
done
redis-cli --cluster create "${nodes[@]}" --cluster-replicas 0 --cluster-yes >/dev/null
for port in $CLUSTER_PORTS; do
  for _ in $(seq 1 100); do redis-cli -p "$port" cluster info | grep -q cluster_state:ok && break; sleep 0.1; done
done
cluster_urls=$(for port in $CLUSTER_PORTS; do printf 'redis://127.0.0.1:%s,' "$port"; done)
cluster_urls=${cluster_urls%,}

source loadtest/nodes-lib.sh
fresh_database

# Runs one scenario with the three nodes on one bus.
run() {
  local bus=$1 round=$2 scenario=$3; shift 3
  local args=() log=$OUT/$bus-$scenario-$round.txt
  if [ "$bus" = cluster ]; then
    args=(--redis-cluster --redis-url "$cluster_urls" --redis-prefix "$DB")
  else
    args=(--redis-url "$REDIS" --redis-prefix "$DB")
  fi
  NODE_ARGS_PORTS=("${NODE_PORTS[@]}") GEN_ARGS=("$@") CPU_OF=redis-server CPU_LABEL=Redis
  run_on_nodes "$log" "${args[@]}"
  echo "$bus $scenario round $round: $(grep -E 'messages sent|achieved|deliveries|delivered|latency|server CPU|sequence check|Redis CPU' "$log" | tr '\n' ' ' | cut -c1-600)"
}

for round in $(seq 1 "$ROUNDS"); do
  for bus in single cluster; do
    run "$bus" "$round" chat chat --count "$SOCKETS" --rate "$RATE" --duration "$DURATION" --pairs 2000
    run "$bus" "$round" burst fanout --count "$SOCKETS" --events 100 --follower-offset 1
  done
done
