#!/usr/bin/env bash
# `npm run test:ha`: the failover test (issue 31) on a fresh HA lab, then the lab is removed.
# Starts scripts/ha-lab.sh (pg_auto_failover: monitor, primary, synchronous standby), runs
# apps/server/test/ha/failover.ts against its multi-host URL (run 1 kills the primary, run 2 the
# standby), and stops the lab whatever happened. Bounded: the whole run takes about 2–3 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
export HA_LAB_DIR="${HA_LAB_DIR:-/tmp/gerbang-ha-lab-test}"
export HA_LAB_PORT="${HA_LAB_PORT:-6550}"
bash scripts/ha-lab.sh stop >/dev/null 2>&1 || true
trap 'bash scripts/ha-lab.sh stop' EXIT
started=$(date +%s)
bash scripts/ha-lab.sh start
echo "lab started in $(( $(date +%s) - started )) s"
HA_DATABASE_URL="$(bash scripts/ha-lab.sh url)" timeout 600 npx tsx --conditions=@gerbang/source apps/server/test/ha/failover.ts
