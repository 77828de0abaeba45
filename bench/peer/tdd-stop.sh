#!/bin/bash
# A bash + jq Stop hook: blocks while slices of .tdd-progress.md are unfinished (see README.md).
payload=$(cat)
active=$(printf '%s' "$payload" | jq -r '.stop_hook_active')
if [ "$active" = "true" ]; then
  exit 0
fi
progress=.tdd-progress.md
[ -f "$progress" ] || exit 0
slices=$(grep -ciE '^[[:space:]]*##[[:space:]]*slice[[:space:]]+[0-9]' "$progress")
finished=$(grep -ciE 'status:\**[[:space:]]*(done|pass|complete|skip|fail)' "$progress")
[ "${slices:-0}" -gt 0 ] || exit 0
left=$((slices - ${finished:-0}))
if [ "$left" -gt 0 ]; then
  jq -n --arg why "$left of $slices slices in $progress are not finished." '{decision: "block", reason: $why}'
fi
exit 0
