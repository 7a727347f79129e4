#!/usr/bin/env bash
# The HA lab (issue 31, ADR 013): on one machine, a pg_auto_failover monitor and two PostgreSQL 15
# nodes — a primary and a synchronous standby — each in its own data directory and port, run as
# the `postgres` OS user. For trying failover by hand and for `npm run test:ha`.
#
#   scripts/ha-lab.sh start            create (first time) and start monitor + 2 nodes, wait for
#                                      primary + secondary, print the multi-host DATABASE_URL
#   scripts/ha-lab.sh stop             stop everything it started and delete the lab directory
#   scripts/ha-lab.sh status           pg_autoctl's view of the formation
#   scripts/ha-lab.sh url              the multi-host URL (target_session_attrs=read-write)
#   scripts/ha-lab.sh kill NODE        SIGKILL node1|node2 (its pg_autoctl keeper and its postgres):
#                                      the machine died
#   scripts/ha-lab.sh revive NODE      start a killed node again (it rejoins as a standby)
#   scripts/ha-lab.sh primary          the name of the node the monitor says is primary
#   scripts/ha-lab.sh wait [SECONDS]   wait until one node is primary and the other secondary
#
# Environment: HA_LAB_DIR (default /tmp/gerbang-ha-lab), HA_LAB_PORT (default 6540: monitor on it,
# node1 on +1, node2 on +2), HA_LAB_DB (default gerbang). The main PostgreSQL on 5432 is not touched.
set -euo pipefail

LAB_DIR="${HA_LAB_DIR:-/tmp/gerbang-ha-lab}"
BASE_PORT="${HA_LAB_PORT:-6540}"
DB="${HA_LAB_DB:-gerbang}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
MONITOR_PORT="$BASE_PORT"
MONITOR_URL="postgres://autoctl_node@127.0.0.1:${MONITOR_PORT}/pg_auto_failover?sslmode=disable"

need_tools() {
  if ! command -v pg_autoctl >/dev/null 2>&1; then
    echo "pg_autoctl is missing: apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli" >&2
    exit 1
  fi
}

# Runs a command as the postgres OS user (PostgreSQL refuses to run as root), in the lab dir.
as_pg() {
  if [ "$(id -un)" = postgres ]; then
    (cd "$LAB_DIR" && env PATH="$PG_BIN:$PATH" "$@")
  else
    runuser -u postgres -- env PATH="$PG_BIN:$PATH" HOME="$LAB_DIR" bash -c 'cd "$0" && exec "$@"' "$LAB_DIR" "$@"
  fi
}

node_port() { case "$1" in node1) echo $((BASE_PORT + 1)) ;; node2) echo $((BASE_PORT + 2)) ;; monitor) echo "$MONITOR_PORT" ;; *) echo "unknown node $1" >&2; exit 2 ;; esac; }

# Starts `pg_autoctl run` for a node in the background (it supervises the node's postgres), in a
# process group of its own (setsid): killing the group ends the keeper and everything it started.
run_node() {
  local name="$1"
  as_pg bash -c "setsid nohup pg_autoctl run --pgdata '$LAB_DIR/$name' >>'$LAB_DIR/$name.log' 2>&1 & echo \$! >'$LAB_DIR/$name.pid'"
}

# SIGKILL to a keeper's process group (the keeper, its services, the postgres it runs).
kill_group() {
  local pid="$1"
  [ -n "$pid" ] || return 0
  kill -KILL -- "-$pid" 2>/dev/null || true
  kill -KILL "$pid" 2>/dev/null || true
}

wait_port() {
  local port="$1" seconds="$2"
  for _ in $(seq 1 "$((seconds * 4))"); do
    pg_isready -q -h 127.0.0.1 -p "$port" && return 0
    sleep 0.25
  done
  echo "PostgreSQL on port $port did not start; see $LAB_DIR/*.log" >&2
  return 1
}

monitor_sql() {
  psql -X -qAt "postgres://postgres@127.0.0.1:${MONITOR_PORT}/pg_auto_failover?sslmode=disable" -c "$1"
}

# node name of the current primary per the monitor (empty while there is none)
primary() {
  monitor_sql "select nodename from pgautofailover.node where reportedstate in ('primary', 'wait_primary', 'single') and goalstate = reportedstate" 2>/dev/null || true
}

# Waits until the monitor reports one node primary and the other secondary (both goal = reported).
wait_formation() {
  local seconds="$1"
  for _ in $(seq 1 "$seconds"); do
    local states
    states="$(monitor_sql "select string_agg(reportedstate || '=' || goalstate, ',' order by reportedstate) from pgautofailover.node" 2>/dev/null || true)"
    [ "$states" = "primary=primary,secondary=secondary" ] && return 0
    sleep 1
  done
  echo "the formation did not reach primary + secondary in ${seconds}s:" >&2
  status >&2 || true
  return 1
}

create_node() {
  local name="$1" port
  port="$(node_port "$name")"
  as_pg pg_autoctl create postgres --pgdata "$LAB_DIR/$name" --pgport "$port" \
    --pgctl "$PG_BIN/pg_ctl" --hostname 127.0.0.1 --listen 127.0.0.1 --name "$name" --dbname "$DB" \
    --auth trust --no-ssl --monitor "$MONITOR_URL" \
    --replication-quorum true --candidate-priority 50 >>"$LAB_DIR/$name.log" 2>&1
  # The keeper's own clocks, shortened so a failover completes within seconds (the lab is one
  # machine; production keeps the defaults unless measured otherwise).
  as_pg pg_autoctl config set --pgdata "$LAB_DIR/$name" timeout.network_partition_timeout 10 >/dev/null
  as_pg pg_autoctl config set --pgdata "$LAB_DIR/$name" timeout.prepare_promotion_walreceiver 2 >/dev/null
  as_pg pg_autoctl config set --pgdata "$LAB_DIR/$name" timeout.postgresql_restart_failure_timeout 5 >/dev/null
  run_node "$name"
  wait_port "$port" 60
}

start() {
  need_tools
  if [ -f "$LAB_DIR/monitor/postgresql.conf" ]; then
    # Already created: start whatever is not running.
    for name in monitor node1 node2; do
      if ! pg_isready -q -h 127.0.0.1 -p "$(node_port "$name")"; then run_node "$name"; fi
    done
    wait_port "$MONITOR_PORT" 30
  else
    mkdir -p "$LAB_DIR"
    # Logs are written by root (create) and by postgres (run): postgres owns them.
    touch "$LAB_DIR"/{monitor,node1,node2}.log
    chown -R postgres:postgres "$LAB_DIR" 2>/dev/null || true
    as_pg pg_autoctl create monitor --pgdata "$LAB_DIR/monitor" --pgport "$MONITOR_PORT" \
      --pgctl "$PG_BIN/pg_ctl" --hostname 127.0.0.1 --listen 127.0.0.1 --auth trust --no-ssl >>"$LAB_DIR/monitor.log" 2>&1
    # Health checks every second and a node unhealthy after 4 s without a report, a demoted
    # primary given 6 s (defaults 5 s, 20 s and 30 s): failover in seconds, not a minute.
    cat >>"$LAB_DIR/monitor/postgresql.auto.conf" <<'CONF'
pgautofailover.health_check_period = 1000
pgautofailover.health_check_timeout = 1000
pgautofailover.health_check_max_retries = 1
pgautofailover.health_check_retry_delay = 500
pgautofailover.node_considered_unhealthy_timeout = 4000
pgautofailover.primary_demote_timeout = 6000
CONF
    run_node monitor
    wait_port "$MONITOR_PORT" 30
    monitor_sql "select pg_reload_conf()" >/dev/null
    create_node node1
    # node1 is primary before node2 is created, so node2 clones it and follows.
    for _ in $(seq 1 60); do
      [ "$(monitor_sql "select reportedstate from pgautofailover.node where nodename = 'node1'")" = single ] && break
      sleep 0.5
    done
    create_node node2
  fi
  wait_formation 120
  echo "HA lab up in $LAB_DIR: monitor :$MONITOR_PORT, primary $(primary)"
  echo "DATABASE_URL=$(url)"
}

url() {
  echo "postgres://postgres@127.0.0.1:$((BASE_PORT + 1)),127.0.0.1:$((BASE_PORT + 2))/${DB}?target_session_attrs=read-write"
}

status() {
  as_pg pg_autoctl show state --pgdata "$LAB_DIR/monitor"
}

# SIGKILL a node's keeper and every postgres process of its data directory: the machine is gone.
kill_node() {
  local name="$1" port keeper
  port="$(node_port "$name")"
  keeper="$(cat "$LAB_DIR/$name.pid" 2>/dev/null || true)"
  # The keeper's whole group first, or it would restart the postgres it supervises.
  kill_group "$keeper"
  local postmaster
  postmaster="$(head -1 "$LAB_DIR/$name/postmaster.pid" 2>/dev/null || true)"
  if [ -n "$postmaster" ]; then
    # Its children (backends, walsender, …) and then itself.
    pkill -KILL -P "$postmaster" 2>/dev/null || true
    kill -KILL "$postmaster" 2>/dev/null || true
  fi
  for _ in $(seq 1 40); do pg_isready -q -h 127.0.0.1 -p "$port" || return 0; sleep 0.25; done
  echo "node $name still answers on $port" >&2
  return 1
}

# Starts a killed node again; it rejoins as standby. pg_rewind of pg_auto_failover 2.0 fails on
# PostgreSQL 15 ("standby mode is not supported by single-user servers"), so the keeper takes a
# pg_basebackup, which waits for a spread checkpoint on the primary (minutes): an immediate
# CHECKPOINT there speeds it up. Returns when the formation is primary + secondary again.
revive() {
  local name="$1" other
  other=$([ "$name" = node1 ] && echo node2 || echo node1)
  run_node "$name"
  for _ in $(seq 1 90); do
    local states
    states="$(monitor_sql "select string_agg(reportedstate || '=' || goalstate, ',' order by reportedstate) from pgautofailover.node" 2>/dev/null || true)"
    [ "$states" = "primary=primary,secondary=secondary" ] && return 0
    psql -X -q "postgres://postgres@127.0.0.1:$(node_port "$other")/${DB}" -c checkpoint >/dev/null 2>&1 || true
    sleep 2
  done
  echo "$name did not rejoin as standby in 180 s" >&2
  status >&2 || true
  return 1
}

stop() {
  [ -d "$LAB_DIR" ] || return 0
  for name in node2 node1 monitor; do
    [ -d "$LAB_DIR/$name" ] || continue
    as_pg pg_autoctl stop --pgdata "$LAB_DIR/$name" --immediate >/dev/null 2>&1 || true
  done
  # Whatever did not stop (a keeper killed by the test leaves its postgres; a stop that hung):
  # only processes of this lab's data directories and pid files.
  for name in node2 node1 monitor; do
    local pid
    kill_group "$(cat "$LAB_DIR/$name.pid" 2>/dev/null || true)"
    pid="$(head -1 "$LAB_DIR/$name/postmaster.pid" 2>/dev/null || true)"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      pkill -KILL -P "$pid" 2>/dev/null || true
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  for name in monitor node1 node2; do
    local port
    port="$(node_port "$name")"
    for _ in $(seq 1 40); do pg_isready -q -h 127.0.0.1 -p "$port" || break; sleep 0.25; done
  done
  rm -rf "$LAB_DIR"
  echo "HA lab stopped and removed"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  url) url ;;
  primary) primary ;;
  wait) wait_formation "${2:-120}" ;;
  kill) kill_node "${2:?node1 or node2}" ;;
  revive) revive "${2:?node1 or node2}" ;;
  *) echo "usage: $0 start|stop|status|url|primary|kill NODE|revive NODE" >&2; exit 2 ;;
esac
