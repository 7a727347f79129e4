#!/usr/bin/env bash
# PgBouncer in transaction mode in front of a PostgreSQL (issue 31, ADR 013), for the server and
# for running the API tests through it (scripts/test-pgbouncer.sh).
#
#   scripts/pgbouncer.sh start    write the config and start PgBouncer (as the postgres OS user)
#   scripts/pgbouncer.sh stop     stop it and remove its directory
#   scripts/pgbouncer.sh url      postgres://postgres@127.0.0.1:PORT/postgres, the URL to use
#
# Environment: PGBOUNCER_DIR (default /tmp/gerbang-pgbouncer), PGBOUNCER_PORT (default 6432),
# PGBOUNCER_TARGET_HOST / _PORT (default 127.0.0.1:5432), PGBOUNCER_POOL (server connections per
# database and user, default 20). Every database name is passed through (`* =`), so the test
# suite's per-file databases work. Lab settings: trust authentication on 127.0.0.1 only; in
# production use auth_type scram-sha-256 with an auth_query or auth_file, and TLS.
set -euo pipefail

DIR="${PGBOUNCER_DIR:-/tmp/gerbang-pgbouncer}"
PORT="${PGBOUNCER_PORT:-6432}"
TARGET_HOST="${PGBOUNCER_TARGET_HOST:-127.0.0.1}"
TARGET_PORT="${PGBOUNCER_TARGET_PORT:-5432}"
POOL="${PGBOUNCER_POOL:-20}"

as_pg() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

start() {
  if ! command -v pgbouncer >/dev/null 2>&1; then
    echo "pgbouncer is missing: apt-get install -y pgbouncer" >&2
    exit 1
  fi
  mkdir -p "$DIR"
  cat >"$DIR/pgbouncer.ini" <<INI
[databases]
* = host=$TARGET_HOST port=$TARGET_PORT

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
unix_socket_dir = $DIR
pidfile = $DIR/pgbouncer.pid
logfile = $DIR/pgbouncer.log
auth_type = trust
auth_file = $DIR/userlist.txt
; A server connection serves one transaction, then the next client's: the server keeps no
; session state between transactions (no SET, advisory session locks, LISTEN, temp tables).
pool_mode = transaction
default_pool_size = $POOL
max_client_conn = 2000
max_db_connections = 0
; node-postgres sends only unnamed prepared statements (the extended protocol's unnamed
; statement lives within one transaction), which transaction mode carries as they are.
ignore_startup_parameters = extra_float_digits,options
; Idle server connections go soon: a test database is dropped right after its file.
server_idle_timeout = 5
admin_users = postgres
INI
  echo '"postgres" ""' >"$DIR/userlist.txt"
  chown -R postgres:postgres "$DIR"
  as_pg pgbouncer -d "$DIR/pgbouncer.ini"
  for _ in $(seq 1 40); do
    pg_isready -q -h 127.0.0.1 -p "$PORT" && break
    sleep 0.25
  done
  pg_isready -h 127.0.0.1 -p "$PORT" >/dev/null
  echo "PgBouncer (transaction mode) on 127.0.0.1:$PORT → $TARGET_HOST:$TARGET_PORT"
}

stop() {
  [ -d "$DIR" ] || return 0
  local pid
  pid="$(cat "$DIR/pgbouncer.pid" 2>/dev/null || true)"
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -INT "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$DIR"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) echo "postgres://postgres@127.0.0.1:$PORT/postgres" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
