#!/bin/sh
# Regenerate sample_histories/: simulated hands from `badugi simulate` (seeded, so the bytes never
# change unless the simulator or a writer does). Run from the repository root:  sh scripts/make_samples.sh
set -eu
BADUGI="${BADUGI:-.venv/bin/badugi}"
OUT=sample_histories
mkdir -p "$OUT"
$BADUGI simulate --room pokerstars --limit fl --stakes 0.25/0.50 --players 6 --hands 200 --seed 101 --noise 0.03 \
    --out "$OUT/pokerstars_fl_cash_6max.txt"
$BADUGI simulate --room pokerstars --limit fl --players 9 --hands 200 --seed 102 --tournament \
    --policy sound --policy station --policy rock --policy maniac --policy snow \
    --out "$OUT/pokerstars_fl_tournament_9max.txt"
$BADUGI simulate --room fulltilt --limit fl --stakes 0.05/0.10 --players 6 --hands 150 --seed 103 --noise 0.03 \
    --out "$OUT/fulltilt_fl_cash_6max.txt"
$BADUGI simulate --room phh --limit fl --stakes 1/2 --players 4 --hands 150 --seed 104 --out "$OUT/phh_fl_cash.phhs"
$BADUGI simulate --room phh --limit pl --stakes 0.05/0.10 --players 6 --hands 150 --seed 105 --out "$OUT/phh_pl_cash.phhs"
$BADUGI simulate --room phh --limit hpl --stakes 0.50/0.50 --players 6 --hands 150 --seed 106 --out "$OUT/phh_hpl_cash.phhs"
$BADUGI simulate --room phh --limit nl --stakes 0.10/0.25 --players 2 --hands 150 --seed 107 --out "$OUT/phh_nl_heads_up.phhs"
