#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster for the tests and prints its URL on the last line.
# Usage: eval "$(bash scripts/pg-test-cluster.sh start)"   → exports TEST_DATABASE_URL
#        bash scripts/pg-test-cluster.sh stop DIR
set -euo pipefail

cmd=${1:-start}
# A free loopback port unless PGTEST_PORT says otherwise.
port=${PGTEST_PORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}

find_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ]; then
    echo "PostgreSQL absent : installation avec apt-get…" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2
    dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  echo "$dir"
}

as_postgres() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    bin=$(find_bin)
    dir=$(mktemp -d /tmp/sdstock-pg-XXXXXX)
    if [ "$(id -u)" = "0" ]; then chown postgres:postgres "$dir"; fi
    as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
    echo "export PGTEST_DIR=$dir"
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    bin=$(find_bin)
    dir=${2:?usage: stop DIR}
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
