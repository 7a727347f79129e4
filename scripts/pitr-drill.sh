#!/usr/bin/env bash
# Point-in-time recovery drill (issue 31, docs/operations.md "Backups"): proves on a throwaway
# PostgreSQL that the backup recipe restores to a moment. As root or postgres; nothing of the
# main PostgreSQL is touched, and everything is removed at the end.
#
#   1. a cluster with WAL archiving (archive_command copies to an archive directory), port 6570;
#   2. pg_basebackup of it; then payments A are committed, the time T noted, payments B committed;
#   3. the base backup is restored into a new directory with restore_command + recovery_target_time
#      = T, started on port 6571: A must be there, B must not, and it must be read-write.
set -euo pipefail
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
DIR="${PITR_DIR:-/tmp/gerbang-pitr-drill}"
PORT="${PITR_PORT:-6570}"
RESTORE_PORT=$((PORT + 1))

as_pg() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}
sqlq() { psql -X -qAt -h 127.0.0.1 -p "$1" -U postgres -d drill -c "$2"; }

cleanup() {
  for d in "$DIR/primary" "$DIR/restored"; do
    [ -f "$d/postmaster.pid" ] && as_pg "$PG_BIN/pg_ctl" -D "$d" -m immediate stop >/dev/null 2>&1 || true
  done
  rm -rf "$DIR"
}
cleanup
trap cleanup EXIT
mkdir -p "$DIR/wal" && chown -R postgres:postgres "$DIR"
as_pg "$PG_BIN/initdb" -D "$DIR/primary" -U postgres --auth=trust >/dev/null
cat >>"$DIR/primary/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
wal_level = replica
archive_mode = on
archive_command = 'test ! -f $DIR/wal/%f && cp %p $DIR/wal/%f'
CONF
as_pg "$PG_BIN/pg_ctl" -D "$DIR/primary" -l "$DIR/primary.log" -w start >/dev/null
psql -X -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -c 'create database drill'
sqlq "$PORT" 'create table payments (id text primary key, amount bigint not null, at timestamptz not null default now())'

as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PORT" -U postgres -D "$DIR/base" -Xs -c fast
sqlq "$PORT" "insert into payments (id, amount) select 'A-' || g, g * 1000 from generate_series(1, 500) g"
sleep 1
TARGET="$(sqlq "$PORT" 'select now()')"
sleep 1
sqlq "$PORT" "insert into payments (id, amount) select 'B-' || g, g * 1000 from generate_series(1, 500) g"
# The WAL with B must reach the archive too, or recovery could not pass T at all.
sqlq "$PORT" 'select pg_switch_wal()' >/dev/null
for _ in $(seq 1 40); do
  [ "$(sqlq "$PORT" 'select last_failed_wal is null and archived_count > 0 from pg_stat_archiver')" = t ] && break
  sleep 0.25
done
as_pg "$PG_BIN/pg_ctl" -D "$DIR/primary" -m fast -w stop >/dev/null

started=$(date +%s.%N)
cp -a "$DIR/base" "$DIR/restored"
touch "$DIR/restored/recovery.signal"
cat >>"$DIR/restored/postgresql.auto.conf" <<CONF
port = $RESTORE_PORT
archive_mode = off
restore_command = 'cp $DIR/wal/%f %p'
recovery_target_time = '$TARGET'
recovery_target_action = 'promote'
CONF
chown -R postgres:postgres "$DIR/restored"
as_pg "$PG_BIN/pg_ctl" -D "$DIR/restored" -l "$DIR/restored.log" -w -t 60 start >/dev/null
for _ in $(seq 1 120); do
  [ "$(sqlq "$RESTORE_PORT" 'select pg_is_in_recovery()' 2>/dev/null)" = f ] && break
  sleep 0.25
done
a=$(sqlq "$RESTORE_PORT" "select count(*) from payments where id like 'A-%'")
b=$(sqlq "$RESTORE_PORT" "select count(*) from payments where id like 'B-%'")
sqlq "$RESTORE_PORT" "insert into payments (id, amount) values ('after-restore', 1)"
seconds=$(echo "$(date +%s.%N) - $started" | bc)
echo "PITR drill: restored to $TARGET in ${seconds%.*} s: payments before the target $a/500, after it $b/500, read-write"
[ "$a" = 500 ] && [ "$b" = 0 ] || { echo "PITR drill FAILED" >&2; tail -20 "$DIR/restored.log" >&2; exit 1; }
