#!/usr/bin/env bash
# Runs the browser journeys against a private stack it starts and stops itself, for CI's scripts/e2e.sh:
#   apps/web-e2e/run-with-stack.sh
# Needs the built apps (nx run-many -t build), PostgreSQL, Redis, a JDK, bubblewrap and /usr/bin/chromium.
# Its own port, database, queue prefix and mail outbox keep it apart from a stack already running.
# To run the journeys against a stack you started yourself instead: BASE_URL=http://localhost:3000 npx nx run web-e2e:e2e
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)

export PORT="${E2E_PORT:-3100}"
export DATABASE_URL="${E2E_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/javelin_e2e}"
export JUDGE_QUEUE_PREFIX="${E2E_QUEUE_PREFIX:-javelin-e2e}"
export MAIL_OUTBOX_DIR="${E2E_MAIL_OUTBOX_DIR:-$ROOT/var/e2e-mail}"
export WEB_DIST_DIR="$ROOT/apps/web/dist"
export RATE_LIMIT_DISABLED=true
unset MAIL_URL

for built in apps/api/dist/main.js apps/judge/dist/main.js apps/web/dist/index.html; do
  [ -f "$built" ] || { echo "e2e: $built is missing; build first (npx nx run-many -t build)" >&2; exit 1; }
done

base="http://localhost:${PORT}"
if curl -fs "$base/api/health" >/dev/null 2>&1; then
  echo "e2e: something already answers on port $PORT; stop it or set E2E_PORT" >&2
  exit 1
fi

log_dir="$ROOT/var/e2e-logs"
mkdir -p "$log_dir"
node apps/api/dist/database/migrate.js >"$log_dir/migrate.log" 2>&1

pids=()
stop() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap stop EXIT
node apps/judge/dist/main.js >"$log_dir/judge.log" 2>&1 &
pids+=($!)
node apps/api/dist/main.js >"$log_dir/api.log" 2>&1 &
pids+=($!)

for _ in $(seq 1 60); do
  curl -fs "$base/api/health" >/dev/null 2>&1 && break
  sleep 1
done
curl -fs "$base/api/health" >/dev/null || { echo "e2e: the API did not come up; see $log_dir/api.log" >&2; exit 1; }

# Arguments name journey files to run (say, src/virtual.e2e.ts); none runs them all.
status=0
if [ $# -gt 0 ]; then
  (cd apps/web-e2e && BASE_URL="$base" MAIL_OUTBOX_DIR="$MAIL_OUTBOX_DIR" npx vitest run --config vitest.config.ts "$@") || status=$?
else
  BASE_URL="$base" MAIL_OUTBOX_DIR="$MAIL_OUTBOX_DIR" npx nx run web-e2e:e2e --outputStyle=static || status=$?
fi
if [ $status -ne 0 ]; then
  # What the stack did last, for a failure seen only in a CI log: the judge's verdicts and the API's
  # requests that did not succeed.
  echo "e2e: failed; the judge's last lines ($log_dir/judge.log):"
  tail -n 30 "$log_dir/judge.log" | cut -c1-400 || true
  echo "e2e: the API's last requests that did not answer 2xx/3xx, and its warnings ($log_dir/api.log):"
  { grep -E '"level":[456]0|"status":[45][0-9][0-9],' "$log_dir/api.log" || true; } | tail -n 30 | cut -c1-400
fi
exit $status
