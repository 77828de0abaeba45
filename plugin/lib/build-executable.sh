#!/bin/sh
# sh build-executable.sh DATA [LOG]
# Compiles the plugin's executable for this machine into DATA (the plugin's
# data folder) as continuity-$CONTINUITY_EXE_ID, from lib/cli/compiled.mjs,
# with the Bun pinned in lib/executable.sh: its platform package comes from
# the npm registry (curl or wget; CONTINUITY_NPM_REGISTRY for a mirror) or
# from CONTINUITY_BUN_PACKAGE_DIR (a folder holding the
# oven-bun-PLATFORM-VERSION.tgz that `npm pack @oven/bun-PLATFORM@VERSION`
# writes), and nothing is run from it unless its sha512 is the pinned one.
# One build at a time (a lock folder; one left by a dead process is taken
# over), in a temporary folder beside the result, which is renamed into place
# whole: a hook never sees half an executable. A failure leaves one line
# saying why in DATA/build-failed, and exit 1. With LOG, the build that takes
# the lock writes its account there (a build that finds another under way
# writes nothing).
set -u
data=${1:?usage: sh build-executable.sh DATA}
case $0 in
  */*) root=$(cd "${0%/*}/.." && pwd) ;;
  *) root=$(cd .. && pwd) ;;
esac
. "$root/lib/executable.sh" || exit 1
mkdir -p "$data" && data=$(cd "$data" && pwd) || exit 1
exe=$data/continuity-$CONTINUITY_EXE_ID
lock=$data/build.lock
tmp=

say() { echo "continuity: $*"; }
fail() {
  printf '%s\n' "$*" >"$data/build-failed.$$" && mv -f "$data/build-failed.$$" "$data/build-failed"
  say "the plugin's executable was not built: $*" >&2
  exit 1
}
cleanup() {
  [ -z "$tmp" ] || rm -rf "$tmp"
  [ ! -f "$lock/pid" ] || [ "$(cat "$lock/pid" 2>/dev/null)" != $$ ] || rm -rf "$lock"
}

[ ! -x "$exe" ] || exit 0
if ! mkdir "$lock" 2>/dev/null; then
  holder=$(cat "$lock/pid" 2>/dev/null)
  if [ -n "$holder" ] && kill -0 "$holder" 2>/dev/null; then
    say "another build (process $holder) is under way" >&2
    exit 0
  fi
  # Left by a process that is gone (or that died before writing its pid: give it a moment).
  [ -n "$holder" ] || sleep 2
  holder2=$(cat "$lock/pid" 2>/dev/null)
  if [ "$holder2" != "$holder" ] && [ -n "$holder2" ] && kill -0 "$holder2" 2>/dev/null; then exit 0; fi
  rm -rf "$lock"
  mkdir "$lock" 2>/dev/null || { say "another build took the lock" >&2; exit 0; }
fi
echo $$ >"$lock/pid"
trap cleanup EXIT
[ -z "${2:-}" ] || exec >"$2" 2>&1
trap 'exit 1' INT TERM HUP
[ ! -x "$exe" ] || exit 0

# The platform, named as Bun's npm packages name it.
case $(uname -s) in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  FreeBSD) os=freebsd ;;
  *) fail "Bun is not published for $(uname -s)" ;;
esac
case $(uname -m) in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=aarch64 ;;
  *) fail "Bun is not published for $os on $(uname -m)" ;;
esac
platform=$os-$arch
if [ "$os" = linux ]; then
  for f in /lib/ld-musl-*.so.1; do [ ! -e "$f" ] || platform=$platform-musl; break; done
fi
pkg=bun-$platform
eval "want=\${BUN_SHA512_$(echo "$platform" | tr - _):-}"
[ -n "$want" ] || fail "no pinned checksum for @oven/$pkg@$BUN_VERSION"

tmp=$data/.build-$$
rm -rf "$tmp" && mkdir "$tmp" || fail "cannot create $tmp"
tarball=$tmp/$pkg.tgz
local_copy=${CONTINUITY_BUN_PACKAGE_DIR:+$CONTINUITY_BUN_PACKAGE_DIR/oven-$pkg-$BUN_VERSION.tgz}
if [ -n "$local_copy" ] && [ -f "$local_copy" ]; then
  say "Bun $BUN_VERSION for $platform from $local_copy"
  cp "$local_copy" "$tarball" || fail "cannot copy $local_copy"
else
  registry=${CONTINUITY_NPM_REGISTRY:-https://registry.npmjs.org}
  url=${registry%/}/@oven/$pkg/-/$pkg-$BUN_VERSION.tgz
  say "downloading Bun $BUN_VERSION for $platform: $url"
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --connect-timeout 15 --max-time 600 -o "$tarball" "$url" || fail "downloading $url failed (curl exit $?)${local_copy:+; $local_copy does not exist}"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -T 15 -O "$tarball" "$url" || fail "downloading $url failed (wget exit $?)${local_copy:+; $local_copy does not exist}"
  else
    fail "neither curl nor wget is installed to download Bun $BUN_VERSION${local_copy:+, and $local_copy does not exist}"
  fi
fi

# Nothing from the package runs before its checksum is the pinned one.
if command -v sha512sum >/dev/null 2>&1; then got=$(sha512sum <"$tarball")
elif command -v shasum >/dev/null 2>&1; then got=$(shasum -a 512 <"$tarball")
elif command -v openssl >/dev/null 2>&1; then got=$(openssl dgst -sha512 -r <"$tarball")
else fail "no sha512sum, shasum or openssl to check the Bun package with"
fi
got=${got%% *}
[ "$got" = "$want" ] || fail "the Bun package's sha512 is not the pinned one (got ${got:-nothing}): it was not used"

(cd "$tmp" && tar -xzf "$pkg.tgz" package/bin/bun) || fail "cannot unpack $pkg.tgz (tar)"
bun=$tmp/package/bin/bun
chmod +x "$bun"
say "compiling the executable"
# In the temporary folder, so that no bunfig.toml of the current folder applies.
# shellcheck disable=SC2086 # the flags are words
(cd "$tmp" && "$bun" build "$root/lib/cli/compiled.mjs" --compile --outfile "$tmp/continuity" $BUN_COMPILE_FLAGS) || fail "Bun $BUN_VERSION could not compile the executable (exit $?)"
version=$("$tmp/continuity" --version 2>&1) || fail "the compiled executable does not run here: $version"
[ "$version" = "$CONTINUITY_VERSION" ] || fail "the compiled executable answers --version with $version, not $CONTINUITY_VERSION"
mv -f "$tmp/continuity" "$exe" || fail "cannot move the executable into $data"
# Executables of other versions of the plugin, and an earlier failure, are gone.
for old in "$data"/continuity-*; do [ "$old" = "$exe" ] || rm -f "$old"; done
rm -f "$data/build-failed"
say "built $exe"
