#!/usr/bin/env bash
# Prints the bin directory of Node.js <major> (22, 24, …), installing it first from the npm
# registry's `node` package into .tmp/node-<major> when it is not there yet. CI puts it first on
# PATH to run the suite on a supported LTS whatever Node the machine has:
#   export PATH="$(bash scripts/use-node.sh 24):$PATH"
set -euo pipefail
major="${1:?usage: use-node.sh <major version>}"
dir="$(cd "$(dirname "$0")/.." && pwd)/.tmp/node-${major}"
bin="${dir}/node_modules/.bin"
if ! "${bin}/node" --version 2>/dev/null | grep -q "^v${major}\."; then
  mkdir -p "$dir"
  (cd "$dir" && npm install --no-save --no-audit --no-fund --silent "node@${major}" >&2)
fi
# npm and npx of the machine keep working with the node found first on PATH.
echo "$bin"
