#!/usr/bin/env bash
# Rebuilds the font subsets in data/fonts/ that chart PNGs are drawn with (see data/fonts/README.md).
# A maintainer step, not part of the build: needs fonttools' pyftsubset on PATH and the Noto Sans
# Hans Regular OTF of @embedpdf/fonts-sc 1.0.0 (`npm pack @embedpdf/fonts-sc@1.0.0` in a scratch
# folder, then pass its package/fonts/NotoSansHans-Regular.otf).
set -euo pipefail
cjk_source=${1:?usage: scripts/subset-fonts.sh path/to/NotoSansHans-Regular.otf}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/data/fonts
dejavu=$root/node_modules/dejavu-fonts-ttf/ttf

# Latin with the pinyin tone letters, general punctuation, letterlike symbols (℞), arrows, math
# operators (⊕), the miscellaneous symbols block (planets, nodes, signs, Chiron) and U+FE0E.
latin='U+0020-007E,U+00A0-024F,U+0300-036F,U+2000-206F,U+2100-21FF,U+2200-22FF,U+25A0-25FF,U+2600-26FF,U+FE0E'
for face in DejaVuSans DejaVuSans-Bold; do
  pyftsubset "$dejavu/$face.ttf" --unicodes="$latin" --layout-features='kern' \
    --drop-tables+=FFTM --output-file="$out/$face-charts.ttf"
done

# Every Chinese character the BaZi chart can draw, renamed: the OFL reserves the name "Noto Sans".
chars=$(cd "$root" && npx tsx -e "import('./src/core/render/bazi-text.ts').then((m) => process.stdout.write(m.baziCharacters()))")
pyftsubset "$cjk_source" --text="$chars" --layout-features='' --output-file="$out/ChartHan-Regular.otf"
python3 - "$out/ChartHan-Regular.otf" <<'PY'
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
