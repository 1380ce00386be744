#!/usr/bin/env bash
# Compiles ns-3's own src/wifi/model/nist-error-rate-model.cc, unmodified, against the stub headers here and prints
# the reference numbers NistErrorRateModelTest checks (the SNR at PER 10/50/90 % for HT MCS 0, 7, 15 at 1500 bytes).
# usage: run.sh <ns-3-dev git dir or checkout> [rev]   (fqlab used ns-3.48-85-g140646449)
set -euo pipefail
src=$1; rev=${2:-HEAD}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
cp -r "$here"/ns3 "$here"/*.h "$here"/main.cc "$out"/
if [ -d "$src/.git" ] || [ -f "$src/HEAD" ]; then
  git --git-dir="$( [ -d "$src/.git" ] && echo "$src/.git" || echo "$src")" show "$rev:src/wifi/model/nist-error-rate-model.cc" > "$out/nist-error-rate-model.cc"
else
  cp "$src/src/wifi/model/nist-error-rate-model.cc" "$out/"
fi
g++ -O2 -std=c++17 -I"$out" -o "$out/nisttool" "$out/main.cc" "$out/nist-error-rate-model.cc"
"$out/nisttool"
