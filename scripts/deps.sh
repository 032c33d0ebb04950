#!/bin/sh
# Install, with apt, what gpuref needs and is missing.  Safe to run repeatedly.
# OPTIONAL packages serve one suite or figure (slurm-wlm and munge: the local
# one-node Slurm of `make test SUITE=slurm` and `make bench`); where they cannot
# be installed the build goes on and that suite reports a skip.
set -e
PKGS="gcc g++ make pkg-config verilator libsystemc-dev libyaml-dev lcov yosys libmpfr-dev libgmp-dev python3 python3-yaml llvm-22 clang-16 libfuzzer-16-dev libclang-rt-16-dev chromium"
OPTIONAL="slurm-wlm munge"
missing_of() {
    m=""
    for p in $1; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || m="$m $p"
    done
    echo "$m"
}
missing=$(missing_of "$PKGS")
optional=$(missing_of "$OPTIONAL")
[ -z "$missing$optional" ] && exit 0
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
        if [ -n "$missing" ]; then
            echo "deps: not root and no sudo: install these packages:$missing$optional" >&2; exit 1; fi
        echo "deps: not root and no sudo: without$optional the slurm suite is skipped"; exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
echo "deps: installing:$missing$optional"
${SUDO:-} apt-get update -qq || [ -z "$missing" ]
if [ -n "$missing" ]; then
    ${SUDO:-} apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
if [ -n "$optional" ]; then
    ${SUDO:-} apt-get install -y -qq --no-install-recommends $optional >/dev/null \
        || echo "deps: could not install$optional: the slurm suite will be skipped"
fi
echo "deps: done"
