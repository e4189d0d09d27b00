#!/usr/bin/env bash
# Rebuilds the font subsets in data/fonts/ that chart PNGs are drawn with (see data/fonts/README.md).
# A maintainer step, not part of the build: needs fonttools (Debian: python3-fonttools) and the Noto Sans
# Hans Regular OTF of @embedpdf/fonts-sc 1.0.0 (`npm pack @embedpdf/fonts-sc@1.0.0` in a scratch
# folder, then pass its package/fonts/NotoSansHans-Regular.otf).
set -euo pipefail
cjk_source=${1:?usage: scripts/subset-fonts.sh path/to/NotoSansHans-Regular.otf}
root=$(cd "$(dirname "$0")/.." && pwd)
# pyftsubset where pip put it, else the module Debian's python3-fonttools installs.
pyftsubset() { if type -P pyftsubset >/dev/null; then command pyftsubset "$@"; else /usr/bin/python3 -m fontTools.subset "$@"; fi; }
python=$(/usr/bin/python3 -c 'import fontTools' 2>/dev/null && echo /usr/bin/python3 || echo python3)
out=$root/data/fonts
dejavu=$root/node_modules/dejavu-fonts-ttf/ttf

# What the charts draw, and no more: resvg's text layout costs grow with the face's glyph count (a
# label took about 110 µs with whole Unicode blocks, 64 µs with this set). Basic Latin, Latin-1 and
# Latin Extended-A, the pinyin tone letters of Latin Extended-B (U+01CD-01DC), dashes, quotes and
# primes, ℞, ⊕, the planets, nodes and signs, Chiron, the aspect glyphs DejaVu has (∠ ⊻ ⊼ □ △ ☌ ☍),
# and U+FE0E. test/sweep/render-properties.test.ts
# checks every character 1,000 random charts draw against the subsets' cmap tables.
latin='U+0020-007E,U+00A0-017F,U+01CD-01DC,U+2010-2027,U+2030-2033,U+211E,U+2220,U+2295,U+22BB-22BC,U+25A1,U+25B3,U+2609-260D,U+263D-2653,U+26B7,U+FE0E'
for face in DejaVuSans DejaVuSans-Bold; do
  pyftsubset "$dejavu/$face.ttf" --unicodes="$latin" --layout-features='kern' \
    --drop-tables+=FFTM --output-file="$out/$face-charts.ttf"
done

# Every Chinese character the BaZi chart can draw, renamed: the OFL reserves the name "Noto Sans".
chars=$(cd "$root" && npx tsx -e "import('./src/core/render/bazi-text.ts').then((m) => process.stdout.write(m.baziCharacters()))")
pyftsubset "$cjk_source" --text="$chars" --layout-features='' --output-file="$out/ChartHan-Regular.otf"
"$python" - "$out/ChartHan-Regular.otf" <<'PY'
import sys
from fontTools.ttLib import TTFont
path = sys.argv[1]
font = TTFont(path)
names = {1: 'Chart Han', 2: 'Regular', 3: 'Chart Han Regular (subset of Noto Sans Hans)', 4: 'Chart Han Regular',
         6: 'ChartHan-Regular', 16: 'Chart Han', 17: 'Regular'}
name = font['name']
for record in list(name.names):
    if record.nameID in names:
        name.removeNames(nameID=record.nameID)
for name_id, value in names.items():
    name.setName(value, name_id, 3, 1, 0x409)
    name.setName(value, name_id, 1, 0, 0)
if 'CFF ' in font:
    cff = font['CFF '].cff
    cff.fontNames = ['ChartHan-Regular']
    top = cff.topDictIndex[0]
    top.FullName = 'Chart Han Regular'
    top.FamilyName = 'Chart Han'
font.save(path)
PY
cp "$(dirname "$cjk_source")/../LICENSE" "$out/OFL-ChartHan.txt"
cp "$root/node_modules/dejavu-fonts-ttf/LICENSE" "$out/LICENSE-DejaVu.txt"
ls -l "$out"
