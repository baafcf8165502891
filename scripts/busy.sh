#!/usr/bin/env bash
# Loads the machine with N busy processes (default 8), to check that tests hold under load:
# a test's verdict must not depend on wall-clock speed (issue #31).
#
#   bash scripts/busy.sh run [N] -- <command...>   start N busy loops, run the command, stop them
#                                                  (also on Ctrl-C); exits with the command's code
#   bash scripts/busy.sh start [N]                 start N busy loops in the background
#   bash scripts/busy.sh stop                      stop the loops this script started
#
# Example: bash scripts/busy.sh run 8 -- npx vitest run test/cli/reliability.test.ts
# The loops are plain shell spin loops at normal priority; their ids are kept in
# ${BUSY_PIDS:-/tmp/crucible-busy-$UID.pids}, and only those ids are ever stopped.
set -euo pipefail
PIDS_FILE="${BUSY_PIDS:-/tmp/crucible-busy-$(id -u).pids}"

start() {
  local n="${1:-8}"
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "busy.sh: N is \"$n\"; allowed: a positive integer" >&2; exit 2; }
  for _ in $(seq "$n"); do
    ( trap 'exit 0' TERM; while :; do :; done ) &
    echo $! >> "$PIDS_FILE"
  done
  echo "busy.sh: $n busy processes started ($(tr '\n' ' ' < "$PIDS_FILE"))" >&2
}

stop() {
  [[ -f "$PIDS_FILE" ]] || return 0
  while read -r pid; do kill "$pid" 2>/dev/null || true; done < "$PIDS_FILE"
  rm -f "$PIDS_FILE"
  echo "busy.sh: busy processes stopped" >&2
}

case "${1:-}" in
  start) start "${2:-8}" ;;
  stop) stop ;;
  run)
    shift
    n=8
    if [[ "${1:-}" != "--" && -n "${1:-}" ]]; then n="$1"; shift; fi
    [[ "${1:-}" == "--" ]] && shift
    [[ $# -gt 0 ]] || { echo "busy.sh run: no command; allowed: busy.sh run [N] -- <command...>" >&2; exit 2; }
    trap stop EXIT INT TERM
    start "$n"
    set +e
    "$@"
    code=$?
    exit "$code"
    ;;
  *) sed -n '2,14p' "$0" >&2; exit 2 ;;
esac
