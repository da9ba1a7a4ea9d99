# Shared by loadtest/cluster.sh and loadtest/nodes.sh (sourced, not run): a fresh database on
# the machine's PostgreSQL seeded for SOCKETS sockets, and one run of the generator against
# several `dashwire serve` nodes on it. The caller sets PG_ADMIN, DB, DATABASE_URL, SERVER,
# GEN, SOCKETS and OUT, and keeps `pids` (every process it must stop on exit).

# Creates the database, migrates it and seeds it (OUT/seed.json).
fresh_database() {
  psql "$PG_ADMIN" -qc "CREATE DATABASE $DB"
  "$SERVER" migrate --database-url "$DATABASE_URL" >/dev/null
  "$GEN" seed --database-url "$DATABASE_URL" --users 20000 --star-sessions 12000 \
    --star-followers "$SOCKETS" --out "$OUT/seed.json" >/dev/null
}

# CPU seconds the processes named in $@ (`postgres`, `redis-server`) have used so far.
cpu_of() {
  local names="$*"
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v tick="$(getconf CLK_TCK)" -v names=" $names " \
    'index(names, " " substr($2, 2, length($2) - 2) " ") { s += $14 + $15 + $16 + $17 } END { printf "%.2f", s / tick }'
}

# Starts a node on each port of NODE_ARGS_PORTS with the serve options in $@, waits until
# each answers /healthz, runs the generator (GEN_ARGS) over all of them into `log`, then
# stops them. Appends the CPU the processes named in CPU_OF used over the run to the log.
run_on_nodes() {
  local log=$1; shift
  local node_pids=() urls=()
  for port in "${NODE_ARGS_PORTS[@]}"; do
    env -u DATABASE_URL -u REDIS_URL RUST_LOG=warn "$SERVER" serve --bind "127.0.0.1:$port" \
      --database-url "$DATABASE_URL" "$@" > "$OUT/node-$port.log" 2>&1 &
    node_pids+=($!); pids+=($!); urls+=("http://127.0.0.1:$port")
  done
  # Up to 30 s each (a node's first start on a fresh database migrates it); a node that is not
  # up by then is said, rather than measured as a run of refused connections.
  for url in "${urls[@]}"; do
    local up=
    for _ in $(seq 1 300); do curl -sf "$url/healthz" >/dev/null && up=1 && break; sleep 0.1; done
    [ -n "$up" ] || echo "  (node $url did not answer /healthz within 30 s: see $OUT/node-*.log)" >&2
  done
  local url_list pid_list before
  url_list=$(IFS=,; echo "${urls[*]}")
  pid_list=$(IFS=,; echo "${node_pids[*]}")
  before=$(cpu_of $CPU_OF)
  "$GEN" "${GEN_ARGS[@]}" --seed "$OUT/seed.json" --url "$url_list" --sources 127.0.0.1,127.0.0.2 \
    --server-pid "$pid_list" > "$log" 2>&1 || echo "  (generator failed, see $log)"
  echo "$CPU_LABEL CPU: $(awk -v a="$before" -v b="$(cpu_of $CPU_OF)" 'BEGIN { printf "%.2f", b - a }')s over the run" >> "$log"
  for pid in "${node_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${node_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
