#!/bin/bash
# A bash + jq PreToolUse hook for Bash: an allowlist of read-only commands, no redirection (see README.md).
payload=$(cat)
command=$(printf '%s' "$payload" | jq -r '.tool_input.command // ""')
if [ -z "$command" ]; then
  echo "refused: an empty command" >&2
  exit 2
fi
first=${command%% *}
case " find grep rg cat head tail wc ls tree file stat du df git test pwd echo " in
  *" $first "*) ;;
  *)
    echo "refused: $first is not on the allowlist" >&2
    exit 2
    ;;
esac
if printf '%s' "$command" | grep -q '>'; then
  echo "refused: output redirection" >&2
  exit 2
fi
if printf '%s' "$command" | grep -qE '\|[[:space:]]*(tee|sponge)([[:space:]]|$)'; then
  echo "refused: a pipe into a file" >&2
  exit 2
fi
exit 0
