#!/usr/bin/env bash
# Our MCP server beside Playwright MCP and chrome-devtools-mcp (mcp-peers.mjs): starts a
# headless Chromium and a page server on 127.0.0.1, measures the three on the generated
# 3,000-element page (tests/fixtures/toolkit/bench.html?n=3000) and on the form page
# (form.html), prints the tables, and cleans up. Printed, not asserted.
#
#   tests/bench/mcp-peers/run.sh [ROUNDS, default 30] [-- more mcp-peers.mjs arguments]
#
# Needs: the built app (MPA_BENCH_APP=<multi-purpose-agent>, else build/ci/bin/multi-purpose-agent
# of this checkout), chromium, python3, Node.js 20.19 or newer (chrome-devtools-mcp's "engines";
# Playwright MCP takes 18), and the npm packages of this folder, installed on first run with
# `npm ci --ignore-scripts` (scripts/lib/common.sh: mpa_install_mcp_peers; no browser download).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
# shellcheck source-path=SCRIPTDIR/../../.. source=scripts/lib/common.sh
source "$root/scripts/lib/common.sh"

rounds=30
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    rounds="$1"
    shift
fi
[ "${1:-}" = "--" ] && shift

app="${MPA_BENCH_APP:-$root/build/ci/bin/multi-purpose-agent}"
[ -x "$app" ] || { echo "no app at $app: build it (cmake --build build/ci --target multi-purpose-agent) or set MPA_BENCH_APP" >&2; exit 1; }
chromium="${MPA_CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
[ -n "$chromium" ] || { echo "no chromium on PATH (or set MPA_CHROMIUM)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 is needed to serve the fixture pages" >&2; exit 1; }
mpa_install_mcp_peers

scratch="$(mktemp -d "${TMPDIR:-/tmp}/mcp-peers-run.XXXXXX")"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$scratch"
}
trap cleanup EXIT

# Waits up to 20 s for a file to hold a line matching $2; prints that line.
wait_for_line() {
    local file="$1" pattern="$2" line
    for _ in $(seq 200); do
        line="$(grep -m1 -E "$pattern" "$file" 2>/dev/null || true)"
        [ -n "$line" ] && { printf '%s\n' "$line"; return 0; }
        sleep 0.1
    done
    echo "timed out waiting for $pattern in $file" >&2
    return 1
}

"$chromium" --headless=new --no-sandbox --remote-debugging-port=0 --user-data-dir="$scratch/profile" \
    --no-first-run --no-default-browser-check about:blank >"$scratch/chromium.log" 2>&1 &
pids+=($!)
cdp_port="$(wait_for_line "$scratch/profile/DevToolsActivePort" '^[0-9]+$')"

python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$root/tests/fixtures/toolkit" >"$scratch/http.log" 2>&1 &
pids+=($!)
http_port="$(wait_for_line "$scratch/http.log" 'port [0-9]+' | sed -E 's/.*port ([0-9]+).*/\1/')"

echo "# $("$chromium" --version 2>/dev/null | head -1), headless; $(uname -sm); $(nproc) cores"
node "$here/mcp-peers.mjs" --cdp-port "$cdp_port" --ours "$app" --rounds "$rounds" \
    --url "http://127.0.0.1:$http_port/bench.html?n=3000" --url "http://127.0.0.1:$http_port/form.html" "$@"
