#!/usr/bin/env bash
# The search benchmark: 1,000,000 posts with words and tags (`seed-posts`: a Zipf-like
# vocabulary of 5,000 words and 300 tags) across 10,000 blogs, user 0 following 500. Seeds
# each database once (kept in $DATA between runs), then, round by round in one sitting, on
# SQLite and on PostgreSQL: the dashboard page beside blog search (newest first and most
# popular first), site search (top and recent) and the tagged page, and prints the medians.
#
#   loadtest/search.sh
#   SERVER=/other/target/release/dashwire GEN=/other/target/release/dashwire-loadgen ROUNDS=1 loadtest/search.sh
#
# A/B in one sitting: BUILDS="before=/a/target/release/dashwire after=/b/target/release/dashwire"
# runs each server on its own copy of the seeded databases ($DATA/sqlite-<name>.db and
# <database>_<name>, made once after seeding), the builds taking turns in each round (the
# first one first in odd rounds, last in even ones); SQL_<name>, if set, runs once on that
# build's fresh copies (e.g. to undo a migration the older build does not know, which its
# server would refuse to start on). GEN seeds and measures for all of them, and the medians
# are followed by each build's ratios to the first one's.
#
# The seed differs from dashboard.sh's (words, tags, notes), hence a DATA and a database of
# its own. Only 127.0.0.1 is targeted; every run is bounded in count.
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${SERVER:-target/release/dashwire}
GEN=${GEN:-target/release/dashwire-loadgen}
ROUNDS=${ROUNDS:-3}
REQUESTS=${REQUESTS:-900}
CONCURRENCY=${CONCURRENCY:-4}
WARMUP=${WARMUP:-90}
DATA=${DATA:-/tmp/dashwire-search}
PG=${PG:-postgres://postgres@127.0.0.1:5432/searchbench}
DATABASES=${DATABASES:-sqlite postgres}
# name:kind:sort; "dashboard" is the dashboard page, for scale.
SCENARIOS=${SCENARIOS:-dashboard blog:blog:CREATED_DESC blog-popular:blog:POPULARITY_DESC site-top:site:top site-recent:site:recent tagged:tagged:recent}
OUT=${OUT:-$DATA/results.txt}
# name=server path, each; empty: the one SERVER, on the seeded databases themselves.
BUILDS=${BUILDS:-}
mkdir -p "$DATA"

# The database of engine $1 for build $2 (none: the seeded one).
url_of() {
  local suffix=${2:+-$2}
  case $1 in
    sqlite) echo "sqlite://$DATA/sqlite$suffix.db" ;;
    postgres) echo "$PG${2:+_$2}" ;;
  esac
}

# Build $2's own copy of engine $1's seeded database, made once.
copy_for() {
  local db=$1 build=$2 sql_var="SQL_$2"
  if [ "$db" = postgres ]; then
    local admin=${PG%/*}/postgres name=${PG##*/}_$build
    [ -n "$(psql -Atq "$admin" -c "SELECT 1 FROM pg_database WHERE datname = '$name'")" ] && return
    psql -q "$admin" -c "CREATE DATABASE $name TEMPLATE ${PG##*/}"
    if [ -n "${!sql_var:-}" ]; then psql -q "$PG"_"$build" -v ON_ERROR_STOP=1 -c "${!sql_var}"; fi
  else
    local file="$DATA/sqlite-$build.db"
    [ -f "$file" ] && return
    cp "$DATA/sqlite.db" "$file.tmp"
    if [ -n "${!sql_var:-}" ]; then sqlite3 -bail "$file.tmp" "${!sql_var}"; fi
    mv "$file.tmp" "$file"
  fi
}

seed() {
  local db=$1 url
  url=$(url_of "$db")
  [ -f "$DATA/seed-$db.json" ] && return
  if [ "$db" = postgres ]; then
    local admin=${PG%/*}/postgres
    psql -q "$admin" -c "DROP DATABASE IF EXISTS ${PG##*/}" -c "CREATE DATABASE ${PG##*/}"
  else
    rm -f "$DATA/sqlite.db"*
  fi
  echo "seeding $db (10,000 users, 1,000,000 posts with words and tags, 500 follows)"
  "$GEN" seed --database-url "$url" --users 10000 --out "$DATA/seed-$db.json.tmp"
  "$GEN" seed-posts --database-url "$url" --posts 1000000 --follows 500
  if [ "$db" = postgres ]; then psql -q "$PG" -c "VACUUM ANALYZE"; fi
  mv "$DATA/seed-$db.json.tmp" "$DATA/seed-$db.json"
}

measure() {
  local scenario=$1 db=$2 count=$3 concurrency=$4
  local seedfile="$DATA/seed-$db.json" url=http://127.0.0.1:18092
  if [ "$scenario" = dashboard ]; then
    "$GEN" dashboard --seed "$seedfile" --url "$url" --requests "$count" --concurrency "$concurrency"
  else
    IFS=: read -r _ kind sort <<< "$scenario"
    "$GEN" search --seed "$seedfile" --url "$url" --kind "$kind" --sort "$sort" \
      --requests "$count" --concurrency "$concurrency"
  fi
}

# Runs the scenarios on engine $1 in round $2, with build $3 (name=server) if given.
run() {
  local db=$1 round=$2 build=${3:-} url server=$SERVER label=$1
  if [ -n "$build" ]; then server=${build#*=}; build=${build%%=*}; label=$db/$build; fi
  url=$(url_of "$db" "$build")
  env -u DATABASE_URL -u REDIS_URL RUST_LOG=warn "$server" serve --bind 127.0.0.1:18092 \
    --database-url "$url" > "$DATA/server.out" 2> "$DATA/server.err" &
  local pid=$!
  for _ in $(seq 1 100); do grep -q "listening on" "$DATA/server.out" 2>/dev/null && break; sleep 0.1; done
  if ! grep -q "listening on" "$DATA/server.out"; then
    echo "$label: the server did not start" >&2; cat "$DATA/server.err" >&2
    kill "$pid" 2>/dev/null || true; return 1
  fi
  # One unmeasured pass of each warms the caches the way a running server's would be (a
  # slow request there is not a result: it may not fail the run).
  for scenario in $SCENARIOS; do measure "$scenario" "$db" "$WARMUP" "$CONCURRENCY" > /dev/null || true; done
  for scenario in $SCENARIOS; do
    echo "$label round $round ${scenario%%:*}: $(measure "$scenario" "$db" "$REQUESTS" "$CONCURRENCY")" | tee -a "$OUT"
  done
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  # PostgreSQL finishes a stopped server's queries on its own (a slow search can run on for
  # seconds): the next server starts on a quiet database.
  if [ "$db" = postgres ]; then
    local admin=${PG%/*}/postgres name=${url##*/}
    for _ in $(seq 1 60); do
      [ "$(psql -Atq "$admin" -c "SELECT count(*) FROM pg_stat_activity WHERE datname = '$name' AND state <> 'idle'")" = 0 ] && break
      sleep 0.5
    done
  fi
}

for db in $DATABASES; do
  seed "$db"
  for build in $BUILDS; do copy_for "$db" "${build%%=*}"; done
done
: > "$OUT"
for round in $(seq 1 "$ROUNDS"); do
  order=$BUILDS
  if [ $((round % 2)) = 0 ]; then order=$(printf '%s\n' $BUILDS | tac | xargs); fi
  for db in $DATABASES; do
    if [ -z "$BUILDS" ]; then run "$db" "$round"; fi
    for build in $order; do run "$db" "$round" "$build"; done
  done
done

# Medians over the rounds, per database and scenario (and per term frequency for searches).
python3 - "$OUT" <<'EOF'
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"(\S+) round \d+ (\S+): ", line)
    if not m:
        continue
    key = (m.group(1), m.group(2))
    p = re.search(r"latency n=\d+ p50=([\d.]+)ms p95=[\d.]+ms p99=([\d.]+)ms", line)
    rate = re.search(r"\(([\d.]+) reads/s\)", line)
    parts = {"all": (float(p.group(1)), float(p.group(2)))}
    for f, p50, p99 in re.findall(r"(Common|Medium|Rare) p50=([\d.]+)ms p99=([\d.]+)ms", line):
        parts[f] = (float(p50), float(p99))
    runs.setdefault(key, []).append((float(rate.group(1)), parts))
med = statistics.median
print("medians of %s rounds: p50 / p99 ms, reads/s" % max(len(v) for v in runs.values()))
for (db, name), rs in runs.items():
    cells = []
    for part in ["all", "Common", "Medium", "Rare"]:
        got = [r[1][part] for r in rs if part in r[1]]
        if got:
            cells.append("%s %.2f / %.2f" % (part, med(g[0] for g in got), med(g[1] for g in got)))
    p99s = [r[1]["all"][1] for r in rs]
    print("%-9s %-13s %s; %.0f reads/s; p99 runs %s" % (db, name, "; ".join(cells), med(r[0] for r in rs), p99s))
# With several builds ("engine/build"), each one's medians over the first build's.
first = {}
for (db, name) in runs:
    if "/" in db:
        first.setdefault((db.split("/")[0], name), db)
if first:
    print("ratios to the first build's medians (p50 / p99)")
for (db, name), rs in runs.items():
    engine = db.split("/")[0]
    if "/" not in db or first[(engine, name)] == db:
        continue
    base = runs[(first[(engine, name)], name)]
    cells = []
    for part in ["all", "Common", "Medium", "Rare"]:
        got = [r[1][part] for r in rs if part in r[1]]
        was = [r[1][part] for r in base if part in r[1]]
        if got and was:
            cells.append("%s %.3f / %.3f" % (part, med(g[0] for g in got) / med(w[0] for w in was),
                                             med(g[1] for g in got) / med(w[1] for w in was)))
    print("%-16s %-13s %s" % (db + "/" + first[(engine, name)].split("/")[1], name, "; ".join(cells)))
EOF
