#!/usr/bin/env bash
# The dashboard benchmark of issue #10: 1,000,000 posts across 10,000 blogs, user 0 following
# 500 of them, reading their dashboard page after page. Seeds each database once (kept in
# $DATA between runs: seeding SQLite takes minutes), then measures one build, or several
# interleaved round by round in one sitting, on SQLite and on PostgreSQL.
#
#   loadtest/dashboard.sh                                   # target/release/dashwire
#   BUILDS="old=/path/to/old/dashwire new=target/release/dashwire" ROUNDS=5 loadtest/dashboard.sh
#
# Every build reads the same posts: one generator (GEN, or SEED_GEN when the builds differ in
# schema: the oldest build's generator) seeds each database once, and each build gets a copy
# of its own before its first run (a file copy on SQLite, a database made from it as a
# template on PostgreSQL), which it migrates to its own schema as it starts. So a build never
# opens a database a later build migrated, and the data is the same for all (seeding with
# each build's own generator would measure the generators: f8610f1 made the posts 2.5x larger,
# which passed for a 1.4x regression of the server; loadtest/RESULTS.md §16).
# This is part of the A/B set every performance change runs (`loadtest/ab.sh` runs it).
# Only 127.0.0.1 is targeted; every run is bounded in count.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILDS=${BUILDS:-new=target/release/dashwire}
GEN=${GEN:-target/release/dashwire-loadgen}
SEED_GEN=${SEED_GEN:-$GEN}
ROUNDS=${ROUNDS:-3}
REQUESTS=${REQUESTS:-2000}
CONCURRENCY=${CONCURRENCY:-4}
DATA=${DATA:-/tmp/dashwire-dashboard}
PG=${PG:-postgres://postgres@127.0.0.1:5432/dashbench}
DATABASES=${DATABASES:-sqlite postgres}
mkdir -p "$DATA"

# The seeded database of `db`, or with a build's name its copy for that build.
url_of() {
  local suffix=${2:+-$2}
  case $1 in
    sqlite) echo "sqlite://$DATA/sqlite$suffix.db" ;;
    postgres) echo "$PG${2:+_$2}" ;;
  esac
}

# A build's own copy of the seeded database, made once.
copy_for() {
  local db=$1 name=$2
  [ -f "$DATA/copy-$db-$name" ] && return
  if [ "$db" = postgres ]; then
    local admin=${PG%/*}/postgres
    psql -q "$admin" -c "DROP DATABASE IF EXISTS ${PG##*/}_$name" \
      -c "CREATE DATABASE ${PG##*/}_$name TEMPLATE ${PG##*/}"
  else
    rm -f "$DATA/sqlite-$name.db"*
    cp "$DATA/sqlite.db" "$DATA/sqlite-$name.db"
  fi
  touch "$DATA/copy-$db-$name"
}

seed() {
  local db=$1 url
  url=$(url_of "$db")
  [ -f "$DATA/seed-$db.json" ] && return
  rm -f "$DATA/copy-$db-"*
  if [ "$db" = postgres ]; then
    local admin=${PG%/*}/postgres
    psql -q "$admin" -c "DROP DATABASE IF EXISTS ${PG##*/}" -c "CREATE DATABASE ${PG##*/}"
  else
    rm -f "$DATA/sqlite.db"*
  fi
  echo "seeding $db (10,000 users, 1,000,000 posts, 500 follows)"
  "$SEED_GEN" seed --database-url "$url" --users 10000 --out "$DATA/seed-$db.json.tmp"
  "$SEED_GEN" seed-posts --database-url "$url" --posts 1000000 --follows 500
  if [ "$db" = postgres ]; then psql -q "$PG" -c "VACUUM ANALYZE"; fi
  mv "$DATA/seed-$db.json.tmp" "$DATA/seed-$db.json"
}

run() {
  local name=$1 bin=$2 db=$3 round=$4 url copy
  # A copy per binary, not per name: the next A/B may call another build "b".
  copy=${name}_$(sha256sum "$bin" | cut -c1-8)
  copy_for "$db" "$copy"
  url=$(url_of "$db" "$copy")
  env -u DATABASE_URL -u REDIS_URL RUST_LOG=warn "$bin" serve --bind 127.0.0.1:18091 \
    --database-url "$url" > "$DATA/server.out" 2> "$DATA/server.err" &
  local pid=$!
  for _ in $(seq 1 100); do grep -q "listening on" "$DATA/server.out" 2>/dev/null && break; sleep 0.1; done
  # One unmeasured pass warms the page cache the way a running server's would be.
  "$GEN" dashboard --seed "$DATA/seed-$db.json" --url http://127.0.0.1:18091 --requests 200 > /dev/null
  local line
  line=$("$GEN" dashboard --seed "$DATA/seed-$db.json" --url http://127.0.0.1:18091 --requests "$REQUESTS" --concurrency "$CONCURRENCY")
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  echo "$name $db round $round: $line"
}

for db in $DATABASES; do seed "$db"; done
for round in $(seq 1 "$ROUNDS"); do
  # The builds' order swaps each round, as in ab.sh: the one that runs second is slower.
  builds=$BUILDS
  if [ $((round % 2)) -eq 0 ]; then builds=$(echo "$BUILDS" | tr ' ' '\n' | tac | tr '\n' ' '); fi
  for db in $DATABASES; do
    for build in $builds; do run "${build%%=*}" "${build#*=}" "$db" "$round"; done
  done
done
