#!/usr/bin/env bash
# `npm run test:pgbouncer [-- FILES…|all]`: API test files on PostgreSQL through PgBouncer in
# transaction mode (scripts/pgbouncer.sh), then PgBouncer's own counts, so the run shows the
# traffic went through it. Without arguments: the representative subset CI runs (files that move
# money: withdrawals, bulk groups, SNAP transfers, pay-in settlement). `all`: the whole API suite.
# The PGlite half of each file is skipped (TEST_DATABASES=postgres): PGlite has no pooler.
set -euo pipefail
cd "$(dirname "$0")/.."
export PGBOUNCER_DIR="${PGBOUNCER_DIR:-/tmp/gerbang-pgbouncer-test}"
export PGBOUNCER_PORT="${PGBOUNCER_PORT:-6439}"
# A prepared statement lives on one server connection; transaction mode hands out another.
export DATABASE_PREPARED_STATEMENTS=off
SUBSET=(
  apps/server/test/withdraw/payment.test.ts
  apps/server/test/bulk-transfer/bulk-transfer.test.ts
  apps/server/test/snap/snap.test.ts
  apps/server/test/payins/settlement.test.ts
)
if [ "${1:-}" = all ]; then FILES=(); else FILES=("${@:-${SUBSET[@]}}"); [ $# -gt 0 ] || FILES=("${SUBSET[@]}"); fi
bash scripts/pgbouncer.sh stop
trap 'bash scripts/pgbouncer.sh stop' EXIT
bash scripts/pgbouncer.sh start
ADMIN="postgres://postgres@127.0.0.1:${PGBOUNCER_PORT}/pgbouncer"
DATABASE_URL="$(bash scripts/pgbouncer.sh url)" TEST_DATABASES=postgres \
  npx vitest run --project api "${FILES[@]}"
# Server starts that migrate at the same moment, through the pooler (migrate.ts, ADR 013).
DATABASE_URL="$(bash scripts/pgbouncer.sh url)" npx tsx --conditions=@gerbang/source apps/server/test/ha/migrate-concurrently.ts
echo "PgBouncer (transaction mode) totals, per database: transactions, queries"
psql -X -At -F ' ' "$ADMIN" -c 'SHOW STATS' | awk '$1 != "pgbouncer" { t += $2; q += $3 } END { printf "  %d transactions, %d queries through PgBouncer\n", t, q }'
