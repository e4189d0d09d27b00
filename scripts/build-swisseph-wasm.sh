#!/usr/bin/env sh
# Compiles the Swiss Ephemeris C sources that the `swisseph` npm package ships (the same version the
# native addon is built from) to WebAssembly, into vendor/swisseph-wasm/, and copies the package's
# data files that either build reads into vendor/swisseph-ephe/ (the addon is an optional dependency,
# absent where it could not be built). The output is committed, so installing or running the service
# never needs a compiler; rerun this after upgrading swisseph.
# Needs Emscripten (Debian: apt-get install emscripten). See docs/decisions.md, "Swiss Ephemeris in
# WebAssembly".
set -eu
cd "$(dirname "$0")/.."
SRC=node_modules/swisseph/deps/swisseph
OUT=vendor/swisseph-wasm
mkdir -p "$OUT"
FUNCTIONS='_swe_calc_ut,_swe_houses_ex,_swe_set_ephe_path,_swe_deltat,_swe_time_equ,_swe_sidtime,_swe_set_sid_mode,_swe_get_ayanamsa_ex_ut,_swe_sol_eclipse_when_glob,_swe_sol_eclipse_where,_swe_lun_eclipse_when,_swe_lun_eclipse_how,_swe_version,_swe_close,_malloc,_free'
# Debian's emcc runs its JavaScript tools with the node on PATH; their modules live here.
NODE_PATH="${NODE_PATH:-/usr/share/nodejs}" emcc -O2 \
  "$SRC"/swecl.c "$SRC"/swedate.c "$SRC"/swehel.c "$SRC"/swehouse.c "$SRC"/swejpl.c \
  "$SRC"/swemmoon.c "$SRC"/swemplan.c "$SRC"/sweph.c "$SRC"/swephlib.c \
  -o "$OUT"/swisseph.cjs \
  -sMODULARIZE=1 -sEXPORT_NAME=createSwissEph -sENVIRONMENT=node -sWASM_ASYNC_COMPILATION=0 \
  -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0 \
  -sALLOW_MEMORY_GROWTH=1 -sFORCE_FILESYSTEM=1 \
  -sEXPORTED_FUNCTIONS="$FUNCTIONS" \
  -sEXPORTED_RUNTIME_METHODS=FS,UTF8ToString,stringToUTF8,HEAPF64,HEAP32 \
  -Wno-everything
printf '%s\n' "$(grep -o '"2\.[0-9][0-9]\.[0-9][0-9][a-z]*"' "$SRC"/sweph.h | head -1 | tr -d '"')" > "$OUT"/VERSION
ls -l "$OUT"
# The asteroid names list (seasnam.txt, 10 MB) is never read.
mkdir -p vendor/swisseph-ephe
for f in sepl_18.se1 semo_18.se1 seas_18.se1 sefstars.txt seleapsec.txt seorbel.txt; do
  cp node_modules/swisseph/ephe/$f vendor/swisseph-ephe/
done
