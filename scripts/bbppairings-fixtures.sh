#!/usr/bin/env bash
# Generates the random tournaments of fixtures/swiss/bbppairings-{2017,2026}/
# with bbpPairings' own generator (`--dutch -g CFG -o TRF -s SEED`): each
# tournament is generated and every round paired by that bbpPairings version.
# The program is not part of this repository; pass its path.
#
#   scripts/bbppairings-fixtures.sh BBP_EXE OUT_DIR PREFIX COUNT BASE_SEED [JOBS]
#
# Tournament i (1..COUNT) is fixed by i alone, so a set can be regenerated:
#   players  = round(10 * 40^u), u = frac(i * 0.6180339887)  (10..400, log-uniform:
#              small fields are many, since pairing time grows about as players^3)
#   rounds   = 5 + (i*5 mod 9)                                (5..13), at most
#              max(5, players/2) so that small fields stay pairable
#   DrawPercentage = 10 + (i*7 mod 41); ForfeitRate = 10 + (i*13 mod 91);
#   HalfPointByeRate = 10 + (i*17 mod 91); RetiredRate = 20 + (i*19 mod 181)
#   (rates are "one in N"); ratings 1000..2700; seed = BASE_SEED + i.
# Writes OUT_DIR/PREFIX_NNNN_pP_rR.{cfg,trf}; a failed generation is logged
# to OUT_DIR/failed.txt and left out.
set -euo pipefail
exe=$1 out=$2 prefix=$3 count=$4 base=$5 jobs=${6:-1}
mkdir -p "$out"
: > "$out/failed.txt"
one() {
    local i=$1
    read -r players rounds draw forfeit halfbye retired < <(awk -v i="$i" 'BEGIN {
        u = i * 0.6180339887; u -= int(u)
        p = int(10 * 40 ^ u + 0.5)
        r = 5 + (i * 5) % 9; m = int(p / 2); if (m < 5) m = 5; if (r > m) r = m
        print p, r, 10 + (i * 7) % 41, 10 + (i * 13) % 91, 10 + (i * 17) % 91, 20 + (i * 19) % 181
    }')
    local name
    name=$(printf '%s_%04d_p%d_r%d' "$prefix" "$i" "$players" "$rounds")
    printf 'PlayersNumber=%s\nRoundsNumber=%s\nDrawPercentage=%s\nForfeitRate=%s\nHalfPointByeRate=%s\nRetiredRate=%s\nHighestRating=2700\nLowestRating=1000\n' \
        "$players" "$rounds" "$draw" "$forfeit" "$halfbye" "$retired" > "$out/$name.cfg"
    if ! "$exe" --dutch -g "$out/$name.cfg" -o "$out/$name.trf" -s $((base + i)) 2> "$out/$name.err"; then
        echo "$name rc=$? $(head -c 200 "$out/$name.err")" >> "$out/failed.txt"
        rm -f "$out/$name.trf" "$out/$name.cfg"
    fi
    rm -f "$out/$name.err"
}
export -f one
export exe out prefix base
seq 1 "$count" | xargs -P "$jobs" -I{} bash -c 'one {}'
