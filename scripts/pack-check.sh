#!/usr/bin/env sh
# The package as a person installs it: `npm pack` (compiled code, data, fonts, knowledge, the
# WebAssembly ephemeris; nothing of tests or benches), then `npm install -g` of the tarball into a
# scratch prefix twice, normally (the native swisseph addon is built) and with --ignore-scripts (no
# addon: the WebAssembly build runs), `npx <tarball>`, and the Claude Desktop bundle (`npm run
# bundle`, unpacked and started as its manifest says); test/e2e/stdio.test.ts runs against each.
# Run from .ci/run after `npm test`; needs the registry for the package's dependencies.
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
  package/vendor/swisseph-wasm/swisseph.wasm package/vendor/swisseph-wasm/swisseph.cjs; do
  grep -q "^$need" "$TMP/contents" || { echo "missing from the tarball: $need" >&2; exit 1; }
done
if grep -E '^package/(test|bench|scripts|src|docs|deploy|\.ci)/|\.map$|\.test\.' "$TMP/contents"; then
  echo "the tarball holds development files (above)" >&2
  exit 1
fi

run_stdio_test() {
  # $1: the installed command; $2: the Swiss Ephemeris build it must report (native or wasm);
  # then vitest's own options.
  bin=$1
  engine=$2
  shift 2
  CHART_SERVICE_BIN="$bin" CHART_SERVICE_EXPECT_ENGINE="$engine" \
    npx vitest run --project service test/e2e/stdio.test.ts "$@"
}

echo "== npm install -g (scripts run: the native addon is built)"
npm install -g --prefix "$TMP/normal" --no-audit --no-fund --loglevel=error "$TGZ"
"$TMP/normal/bin/chart-service" stdio --help >/dev/null
run_stdio_test "$TMP/normal/bin/chart-service" native

echo "== npm install -g --ignore-scripts (no addon: WebAssembly)"
npm install -g --prefix "$TMP/no-scripts" --ignore-scripts --no-audit --no-fund --loglevel=error "$TGZ"
test ! -e "$TMP/no-scripts/lib/node_modules/chart-service/node_modules/swisseph/build"
run_stdio_test "$TMP/no-scripts/bin/chart-service" wasm

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
run_stdio_test "$TMP/npx-chart-service" native -t 'SDK stdio client|stdin closing|Inspector'

echo "== the Claude Desktop bundle (npm run bundle), started as its manifest says"
npm run bundle --silent
VERSION=$(node -p "require('./package.json').version")
node_modules/.bin/mcpb unpack "chart-service-$VERSION.mcpb" "$TMP/mcpb" >/dev/null
test ! -e "$TMP/mcpb/node_modules/swisseph/build"
cat >"$TMP/mcpb-chart-service" <<WRAP
#!/bin/sh
EPHEMERIS_ENGINE=wasm exec node "$TMP/mcpb/dist/src/main.js" "\$@"
WRAP
chmod +x "$TMP/mcpb-chart-service"
run_stdio_test "$TMP/mcpb-chart-service" wasm
