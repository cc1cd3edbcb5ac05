#!/usr/bin/env bash
# Builds Sente's release from a clean checkout:
#   - pbrain-sente for Linux x86-64 and pbrain-sente.exe for Windows x64, each as a baseline
#     x86-64 build and an AVX2 (x86-64-v3) build;
#   - dist/sente-VERSION-gomocup.zip (Windows executables at the root, README, protocol.md)
#     and dist/sente-VERSION-linux-x86_64.tar.gz;
#   - the bench figures of every build (Windows builds under Wine);
#   - a smoke test: the Windows executable under Wine plays the Linux build over real pipes
#     (legal moves, replies within the turn time, clean exit after END).
# It installs what it needs (the Rust target, the MinGW-w64 linker, Wine, zip) and says what
# it does. Usage: scripts/release.sh [--skip-smoke]
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }
fail() { printf 'release.sh: %s\n' "$*" >&2; exit 1; }

SMOKE=1
[ "${1:-}" = "--skip-smoke" ] && SMOKE=0
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
[ -n "$VERSION" ] || fail "cannot read the version from Cargo.toml"
DIST=dist
LINUX=x86_64-unknown-linux-gnu
WINDOWS=x86_64-pc-windows-gnu

# ---- tools --------------------------------------------------------------------------------
install_packages() {
    local missing=()
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return
    say "installing ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq >/dev/null || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null \
        || fail "could not install ${missing[*]} (apt-get failed)"
}

say "tools"
command -v cargo >/dev/null || fail "cargo is not installed (install Rust with rustup first)"
rustup target list --installed | grep -qx "$WINDOWS" || {
    say "adding the Rust target $WINDOWS"
    rustup target add "$WINDOWS" || fail "rustup could not add $WINDOWS"
}
install_packages gcc-mingw-w64-x86-64 zip
[ "$SMOKE" = 1 ] && install_packages wine64
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
export WINEDEBUG=-all WINEPREFIX="$PWD/target/wineprefix"

# ---- builds -------------------------------------------------------------------------------
# build NAME TARGET CPU: a release build in its own target directory; prints the executable.
build() {
    local name=$1 target=$2 cpu=$3
    say "building $name ($target, target-cpu=$cpu)" >&2
    CARGO_TARGET_DIR="target/dist-$name" RUSTFLAGS="-C target-cpu=$cpu" \
        cargo build --quiet --release --locked --target "$target" --bin pbrain-sente >&2 \
        || fail "the $name build failed"
    local exe="target/dist-$name/$target/release/pbrain-sente"
    [ "$target" = "$WINDOWS" ] && exe="$exe.exe"
    echo "$exe"
}
LINUX_BASE=$(build linux "$LINUX" x86-64)
LINUX_AVX2=$(build linux-avx2 "$LINUX" x86-64-v3)
WINDOWS_BASE=$(build windows "$WINDOWS" x86-64)
WINDOWS_AVX2=$(build windows-avx2 "$WINDOWS" x86-64-v3)

# ---- packages -----------------------------------------------------------------------------
say "packaging"
rm -rf "$DIST" && mkdir -p "$DIST/gomocup" "$DIST/linux"
cp "$WINDOWS_BASE" "$DIST/gomocup/pbrain-sente.exe"
cp "$WINDOWS_AVX2" "$DIST/gomocup/pbrain-sente-avx2.exe"
cp "$LINUX_BASE" "$DIST/linux/pbrain-sente"
cp "$LINUX_AVX2" "$DIST/linux/pbrain-sente-avx2"
for dir in gomocup linux; do cp README.md protocol.md "$DIST/$dir/"; done
ZIP="$DIST/sente-$VERSION-gomocup.zip"
TARBALL="$DIST/sente-$VERSION-linux-x86_64.tar.gz"
(cd "$DIST/gomocup" && zip -q -9 "../$(basename "$ZIP")" ./*) || fail "zip failed"
tar -czf "$TARBALL" -C "$DIST" --transform "s,^linux,sente-$VERSION," linux || fail "tar failed"
ZIP_BYTES=$(stat -c %s "$ZIP")
[ "$ZIP_BYTES" -le $((8 * 1024 * 1024)) ] || fail "the Gomocup zip is $ZIP_BYTES bytes, over 8 MB"
ls -l "$DIST"/*.zip "$DIST"/*.tar.gz "$DIST"/gomocup/*.exe "$DIST"/linux/pbrain-sente*

# ---- bench --------------------------------------------------------------------------------
say "bench (one thread, fixed depth; the total node count must match across builds)"
bench() {
    local label=$1; shift
    local out nodes speed
    out=$("$@" bench 2>&1) || fail "bench failed for $label"
    nodes=$(sed -n 's/^nodes searched *: *//p' <<<"$out")
    speed=$(sed -n 's/^nodes\/second *: *//p' <<<"$out")
    printf '%-28s nodes %-10s nodes/s %s\n' "$label" "$nodes" "$speed"
}
bench "linux baseline" "$LINUX_BASE"
grep -qw avx2 /proc/cpuinfo && bench "linux avx2" "$LINUX_AVX2"
if [ "$SMOKE" = 1 ]; then
    bench "windows baseline (wine)" wine "$WINDOWS_BASE"
    grep -qw avx2 /proc/cpuinfo && bench "windows avx2 (wine)" wine "$WINDOWS_AVX2"
fi

# ---- smoke test ---------------------------------------------------------------------------
if [ "$SMOKE" = 1 ]; then
    say "smoke test: the Windows executable under Wine against the Linux build"
    cargo build --quiet --release --locked --example duel || fail "building the duel referee failed"
    target/release/examples/duel --turn 300 --games 2 "wine $DIST/gomocup/pbrain-sente.exe" "$LINUX_BASE" \
        || fail "the Windows smoke test failed"
    target/release/examples/duel --turn 300 --games 2 --rule 4 "wine $DIST/gomocup/pbrain-sente-avx2.exe" "$LINUX_AVX2" \
        || fail "the Windows AVX2 smoke test failed"
fi

say "done: $ZIP ($ZIP_BYTES bytes), $TARBALL ($(stat -c %s "$TARBALL") bytes)"
