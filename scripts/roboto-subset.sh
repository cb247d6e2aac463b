#!/usr/bin/env bash
# Regenerates packages/reports/src/fonts/roboto.ts: Roboto Regular/Bold/Italic from Debian's
# fonts-roboto-unhinted, subset with fonttools to Latin-1, the euro sign and typographic punctuation.
#   apt-get install -y fonts-roboto-unhinted python3-fonttools && bash scripts/roboto-subset.sh
set -euo pipefail
src=/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF
tmp=$(mktemp -d)
out="$(dirname "$0")/../packages/reports/src/fonts/roboto.ts"
for style in Regular Bold Italic; do
  /usr/bin/python3 -m fontTools.subset "$src/Roboto-$style.ttf" --output-file="$tmp/Roboto-$style.ttf" --no-hinting --layout-features='' \
    --unicodes="U+0020-007E,U+00A0-00FF,U+20AC,U+2013,U+2014,U+2018,U+2019,U+201C,U+201D,U+201E,U+2026,U+2022,U+2192,U+2190,U+2264,U+2265"
done
{
  echo "/**"
  echo " * Roboto (Apache License 2.0, Google), subset to Latin-1, the euro sign and typographic punctuation so"
  echo " * every PDF embeds it at ~15 KB a style. Made by scripts/roboto-subset.sh from Debian's"
  echo " * fonts-roboto-unhinted; regenerate with that script, do not edit."
  echo " */"
  for style in Regular Bold Italic; do
    printf "export const roboto%s =\n  '%s';\n" "$style" "$(base64 -w0 "$tmp/Roboto-$style.ttf")"
  done
} > "$out"
echo "wrote $out"
