#!/usr/bin/env bash
# Generates a migration from the *.tables.ts files. Serialised with a lock: several people editing tables
# at once must not write migrations with the same number.
# usage: scripts/generate-migration.sh <name> [--custom]
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: scripts/generate-migration.sh <name> [--custom]}
shift
exec flock /tmp/atrium-migrations.lock npx drizzle-kit generate --config apps/server/drizzle.config.ts --name "$name" "$@"
