#!/usr/bin/env bash
# Prints the bin directory of Node.js <major> (22, 24, …), installing it first from the npm
# registry's `node` package into ~/.cache/gerbang-node/<major> when it is not there yet (outside
# the repository: inside it npm would take the workspace root for the project and install there).
# CI puts it first on PATH to run the suite on a supported LTS whatever Node the machine has:
#   export PATH="$(bash scripts/use-node.sh 24):$PATH"
set -euo pipefail
major="${1:?usage: use-node.sh <major version>}"
dir="${GERBANG_NODE_CACHE:-${HOME:-/tmp}/.cache/gerbang-node}/${major}"
bin="${dir}/node_modules/.bin"
if ! "${bin}/node" --version 2>/dev/null | grep -q "^v${major}\."; then
  mkdir -p "$dir"
  echo '{"private":true}' > "${dir}/package.json"
  npm install --prefix "$dir" --no-audit --no-fund --silent "node@${major}" >&2
fi
echo "$bin"
