#!/usr/bin/env bash
# The browser journeys against a private stack, on a fresh database every run (the journeys create the first super admin).
set -euo pipefail
cd "$(dirname "$0")/.."
db="${E2E_DATABASE:-javelin_e2e}"
node -e "
const { Client } = require('pg');
const c = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
c.connect().then(() => c.query('DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)')).then(() => c.end());
"
rm -rf var/e2e-mail
# The whole stack (API and judge) in one Redis namespace of its own, whatever the shell exports.
export REDIS_PREFIX="${E2E_QUEUE_PREFIX:-javelin-e2e}"
E2E_DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" exec apps/web-e2e/run-with-stack.sh "$@"
