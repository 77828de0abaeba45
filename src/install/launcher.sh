#!/bin/sh
# continuity's hook launcher in an installed package (dist/launcher/continuity,
# copied there by scripts/build.mjs). `continuity init` wires
# `sh <package>/dist/launcher/continuity hook <agent>` when the package came
# without the compiled executable (the npm package leaves it out: it is
# platform-specific). POSIX sh; it runs, in this order:
#   1. dist/bin/continuity, the compiled executable, once it is built (init
#      builds it; so does `continuity build-executable`): no Node start-up;
#   2. else Node with dist/cli.cjs, after starting the executable's build in
#      the background (not while one is under way, nor after one failed:
#      `continuity build-executable` or `continuity init` tries again), so
#      that the calls after it run the executable.
# A reinstall that takes dist/bin away leaves the hooks on Node, never
# pointing at nothing. CONTINUITY_BUILD_EXECUTABLE=off never starts a build.
# With CONTINUITY_WHICH set, the entry chosen and why is named on stderr
# (continuity doctor reads it).

case $0 in
  */*) dist=${0%/*}/.. ;;
  *) dist=.. ;;
esac
exe=$dist/bin/continuity

if [ -x "$exe" ]; then
  [ -z "${CONTINUITY_WHICH:-}" ] || echo "continuity entry: executable $exe" >&2
  exec "$exe" "$@"
fi

# Doctor (CONTINUITY_WHICH) only looks: it never starts a build.
if [ -z "${CONTINUITY_WHICH:-}" ] && [ "${CONTINUITY_BUILD_EXECUTABLE:-}" != off ] && [ ! -d "$dist/bin/build.lock" ] && [ ! -f "$dist/bin/build-failed" ]; then
  # Detached, its account in bin/build.log (written by the build that takes the lock): the hook answers without waiting.
  if command -v setsid >/dev/null 2>&1; then
    setsid node "$dist/cli.cjs" build-executable --log "$dist/bin/build.log" </dev/null >/dev/null 2>&1 &
  else
    node "$dist/cli.cjs" build-executable --log "$dist/bin/build.log" </dev/null >/dev/null 2>&1 &
  fi
fi

if [ -n "${CONTINUITY_WHICH:-}" ]; then
  echo "continuity entry: node $dist/cli.cjs" >&2
  if [ -d "$dist/bin/build.lock" ]; then why="is being built"
  elif [ -f "$dist/bin/build-failed" ]; then why="could not be built: $(sed -n 1p "$dist/bin/build-failed")"
  elif [ "${CONTINUITY_BUILD_EXECUTABLE:-}" = off ]; then why="is not built (CONTINUITY_BUILD_EXECUTABLE=off)"
  else why="is not built yet"
  fi
  echo "continuity executable: $exe $why" >&2
fi
exec node "$dist/cli.cjs" "$@"
