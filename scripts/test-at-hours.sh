#!/usr/bin/env bash
# Runs the time-sensitive API test files at fixed WIB times of day under libfaketime (Debian's
# `faketime`), so a test that depends on the hour fails in CI whatever the hour CI runs at.
# The whole process tree (vitest, its workers, the in-process PGlite) sees the faked time; the
# run uses PGlite only, because a PostgreSQL server would keep the real time.
#
#   scripts/test-at-hours.sh                 # 00:05 06:30 12:00 23:50 WIB, the default set
#   HOURS="10:50 23:50" scripts/test-at-hours.sh apps/server/test/withdraw
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null 2>&1; then
  echo "faketime is not installed (apt-get install faketime)" >&2
  exit 1
fi

HOURS="${HOURS:-00:05 06:30 12:00 23:50}"
if [ "$#" -gt 0 ]; then
  FILES=("$@")
else
  # Every area with a time rule: WIB days and default ranges, cut-off, downtime, settlement,
  # expiries. Slow restart and export-file tests run at real time in the main suite only, and so
  # does data-pages/demo-history.test.ts: it seeds at 00:05, 06:20, 10:50, 23:50 WIB and on a
  # Saturday itself (pinned clocks), so four more runs of it here would add minutes and no hour.
  FILES=(
    apps/server/test/data-pages/pages.test.ts
    apps/server/test/data-pages/engine.test.ts
    apps/server/test/data-pages/actions.test.ts
    apps/server/test/data-pages/statement.test.ts
    apps/server/test/dashboard/resume.test.ts
    apps/server/test/dashboard/reports.test.ts
    apps/server/test/withdraw/validation.test.ts
    apps/server/test/withdraw/payment.test.ts
    apps/server/test/withdraw/rail-safety.test.ts
    apps/server/test/platform/dev-clock.test.ts
  )
  FILES+=(apps/server/test/payins apps/server/test/topup apps/server/test/security/abandoned-tries.test.ts)
fi

wib_day="$(TZ=Asia/Jakarta date +%F)"
status=0
for hhmm in $HOURS; do
  utc="$(date -u -d "${wib_day} ${hhmm}:00 +0700" '+%F %T')"
  echo "== time-sensitive tests at ${hhmm} WIB (${utc} UTC)"
  if ! env -u DATABASE_URL -u E2E_DATABASE_URL TZ=UTC faketime -f "@${utc}" \
    npx vitest run --project api --reporter=dot "${FILES[@]}"; then
    echo "!! failed at ${hhmm} WIB"
    status=1
  fi
done
exit "$status"
