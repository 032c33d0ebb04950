#!/bin/sh
# check-cov-html.sh BUILD - the HTML coverage report (gpuref cov html) as a
# browser shows it: headless Chromium loads the pages and dumps their DOM, and
# the totals shown must be those of the coverage.dat files: per ISA the bins,
# excluded and hit of `gpuref cov report`, every category, the bins of the
# coverage.dat counted with awk, the per-instruction table summing to the
# ISA's totals, and the RTL points per file of a hand-written coverage.dat.
# Ends with `N passed, N failed`.
B=${1:-build}
ISAS=${ISAS:-nv50}
G=$B/bin/gpuref
W=$B/cov-html-test
rm -rf "$W"
mkdir -p "$W"
W=$(cd "$W" && pwd)
pass=0 fail=0
check() {  # check WHAT GOT WANT
    if [ "$2" = "$3" ] && [ -n "$2" ]; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL $1: page shows '$2', expected '$3'"; fi
}
CHROME=$(command -v chromium || command -v chromium-browser)
if [ -z "$CHROME" ]; then
    echo "chromium not installed (make deps): the report is not checked in a browser"
    echo "0 passed, 0 failed, 1 skipped"; exit 0
fi
dom() {  # dom PAGE OUT: the DOM as Chromium builds it
    timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --no-first-run \
        --user-data-dir="$W/chrome" --dump-dom "file://$W/html/$1" > "$W/$2" 2> "$W/chrome.log"
}
id() {  # id FILE ID: the text of the element with that id
    sed -n "s/.*id=\"$2\"[^>]*>\([^<]*\)<.*/\1/p" "$1" | head -n 1
}

# functional coverage: the directed vectors of each ISA on the model
set --
for isa in $ISAS; do
    "$G" run -q --cov "$W/$isa.dat" vectors/"$isa"/directed/*.yaml > /dev/null 2>&1
    set -- "$@" "$W/$isa.dat"
done
# RTL points, worked by hand: rtl/a.sv lines 10 (5) and 11 (0) and a toggle
# point (2); rtl/b.sv line 7 (1): v_line 2 of 3 hit, v_toggle 1 of 1,
# a.sv lines 1 of 2 with line 11 not hit, b.sv 1 of 1.
printf "# SystemC::Coverage-3\n" > "$W/rtl.dat"
pt() { printf "C '\001f\002%s\001l\002%s\001n\0020\001page\002%s/top\001o\002%s\001h\002TOP.x' %s\n" "$@" >> "$W/rtl.dat"; }
pt rtl/a.sv 10 v_line block 5
pt rtl/a.sv 11 v_line block 0
pt rtl/a.sv 3 v_toggle "sig[0]" 2
pt rtl/b.sv 7 v_line if 1
"$G" cov html -o "$W/html" "$@" "$W/rtl.dat" > "$W/html.log" 2>&1 ||
    { echo "FAIL gpuref cov html:"; cat "$W/html.log"; echo "0 passed, 1 failed"; exit 1; }
"$G" cov report --no-html --max-holes 1 "$@" > "$W/report.txt" 2>&1
dom index.html index.dom || { echo "FAIL chromium did not load index.html"; cat "$W/chrome.log"; }
check "index.html loaded (the curve is an svg element)" "$(grep -c '<svg id="curve"' "$W/index.dom")" 1

for isa in $ISAS; do
    # an ISA without coverage bins yet has no totals to show
    if ! grep -aq "page.v_user/gpuref_$isa" "$W/$isa.dat" 2>/dev/null; then
        echo "note: $isa has no coverage bins yet: not in the report"
        continue
    fi
    # totals of `gpuref cov report` (its own path over the same files)
    set -- $(awk -v i="$isa" '$1 == i { print $2, $3, $4; exit }' "$W/report.txt")
    check "$isa bins" "$(id "$W/index.dom" "$isa-bins")" "$1"
    check "$isa excluded" "$(id "$W/index.dom" "$isa-excluded")" "$2"
    check "$isa hit" "$(id "$W/index.dom" "$isa-hit")" "$3"
    # the bins are the points of the ISA in its coverage.dat
    n=$(grep -ac "page.v_user/gpuref_$isa" "$W/$isa.dat")
    check "$isa bins = points in $isa.dat" "$(id "$W/index.dom" "$isa-bins")" "$n"
    for cat in op opnd mod in out flag mask isa; do
        line=$(awk -v i="$isa" -v c="$cat" '$1 == i { on = 1; next } on && NF == 5 && $1 == c { print $2, $3; exit } on && NF != 5 { on = 0 }' "$W/report.txt")
        [ -n "$line" ] || continue
        set -- $line
        check "$isa $cat bins" "$(id "$W/index.dom" "$isa-$cat-bins")" "$1"
        check "$isa $cat hit" "$(id "$W/index.dom" "$isa-$cat-hit")" "$2"
    done
    dom "$isa.html" "$isa.dom" || echo "FAIL chromium did not load $isa.html"
    set -- $(awk -v i="$isa" '$1 == i { print $2, $3, $4; exit }' "$W/report.txt")
    check "$isa page hit" "$(id "$W/$isa.dom" "$isa-hit")" "$3"
    # the instruction table sums to the totals: hit, and bins not excluded
    sum=$(sed -n 's/.*<td>\([0-9]*\) \/ \([0-9]*\)<\/td><td class="[a-z]*">[0-9.]*%<\/td>.*/\1 \2/p' "$W/$isa.dom" |
          awk '{ h += $1; t += $2 } END { print h, t }')
    check "$isa instructions sum to the totals" "$sum" "$3 $(($1 - $2))"
    rows=$(grep -o '<tr id="i-' "$W/$isa.dom" | wc -l)
    # one row per op bin, and one for the bins of no instruction when there are any
    ops=$(grep -a "$isa\\.op\\." "$W/$isa.dat" | grep -c .)
    wide=$(grep -c '<tr id="i-(ISA-wide bins)"' "$W/$isa.dom")
    check "$isa one row per instruction" "$((rows - wide))" "$ops"
    ex=$(grep -o '<tr[^>]*><td class="l"><code>[^<]*</code></td><td class="l">[^<]*</td><td>' "$W/$isa.dom" | wc -l)
    check "$isa exclusions listed" "$ex" "$2"
done
check "rtl lines hit" "$(id "$W/index.dom" rtl-v_line-hit)" 2
check "rtl lines" "$(id "$W/index.dom" rtl-v_line-points)" 3
check "rtl toggles hit" "$(id "$W/index.dom" rtl-v_toggle-hit)" 1
check "rtl toggles" "$(id "$W/index.dom" rtl-v_toggle-points)" 1
check "rtl a.sv: line 11 not hit" \
    "$(sed -n 's/.*<td class="l">rtl\/a.sv<\/td><td>\([0-9]* \/ [0-9]*\)<\/td>.*<code>\([0-9 ]*\)<\/code>.*/\1 \2/p' "$W/index.dom")" "1 / 2 11"
check "rtl b.sv lines" \
    "$(sed -n 's/.*<td class="l">rtl\/b.sv<\/td><td>\([0-9]* \/ [0-9]*\)<\/td>.*/\1/p' "$W/index.dom")" "1 / 1"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
