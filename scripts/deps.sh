#!/bin/sh
# Install, with apt, what gpuref needs and is missing.  Safe to run repeatedly.
set -e
PKGS="gcc g++ make pkg-config verilator libsystemc-dev libyaml-dev lcov yosys libmpfr-dev libgmp-dev python3 python3-yaml llvm-22 clang-16 libfuzzer-16-dev libclang-rt-16-dev chromium"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing:$missing"
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
        echo "deps: not root and no sudo: install these packages:$missing" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive
${SUDO:-} apt-get update -qq
${SUDO:-} apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "deps: done"
