# Shared by scripts/test and scripts/demo: install what is missing, configure, build.
# Sourced, not run.

MPA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MPA_PACKAGES_FILE="$MPA_ROOT/packaging/debian-packages.txt"

mpa_log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Prints the packages of packaging/debian-packages.txt whose tags match $1 (a regex), as
# "package command" (command empty unless the line has cmd=NAME).
mpa_packages() {
    local tags="$1"
    sed -e 's/#.*//' "$MPA_PACKAGES_FILE" | awk -v tags="$tags" '
        NF && match($0, /\[[^]]*\]/) && substr($0, RSTART, RLENGTH) ~ tags {
            cmd = ""
            for (i = 2; i <= NF; i++) if ($i ~ /^cmd=/) cmd = substr($i, 5)
            print $1, cmd
        }'
}

# Installs the listed packages that are not installed yet (apt, as root or through sudo).
mpa_install_packages() {
    local tags="$1" missing=() pkg cmd
    while read -r pkg cmd; do
        if [ -n "$cmd" ] && command -v "$cmd" >/dev/null 2>&1; then
            continue
        fi
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$pkg")
        fi
    done < <(mpa_packages "$tags")
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "Missing packages: ${missing[*]}; this script installs them with apt on Debian/Ubuntu only." >&2
        return 1
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "Installing ${missing[*]} needs root or sudo." >&2; return 1; }
        sudo=(sudo)
    fi
    mpa_log "Installing ${missing[*]}"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Installs the npm packages the tests use (tests/npm/package-lock.json) when they are not there.
mpa_install_npm() {
    local dir="$MPA_ROOT/tests/npm"
    [ -f "$dir/package.json" ] || return 0
    mpa_check_node
    if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        mpa_log "Installing the test suite's npm packages"
        (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

# Installs the MCP servers tests/bench/mcp-peers measures ours against (Playwright MCP,
# chrome-devtools-mcp and the official MCP SDK, pinned by its package-lock.json) into that folder
# when they are not there. --ignore-scripts: no browser download; both attach to the bench's
# own Chromium.
mpa_install_mcp_peers() {
    local dir="$MPA_ROOT/tests/bench/mcp-peers"
    mpa_check_node || return 1
    if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        mpa_log "Installing Playwright MCP and chrome-devtools-mcp for the MCP bench (into $dir/node_modules)"
        (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
    fi
}

# Configures (once) and builds the given preset: its build preset's targets (all by default),
# or only the targets named after it.
mpa_build() {
    local preset="$1"
    shift
    cd "$MPA_ROOT"
    if [ ! -f "build/$preset/build.ninja" ]; then
        mpa_log "Configuring ($preset preset)"
        cmake --preset "$preset" >/dev/null
    fi
    mpa_log "Building ($preset preset)"
    if [ $# -gt 0 ]; then
        cmake --build --preset "$preset" --target "$@" -- -k 0
    else
        cmake --build --preset "$preset" -- -k 0
    fi
}

# Node.js the test clients in tests/npm need (their packages' "engines").
MPA_NODE_MAJOR=20

# Fails with what to do when node is missing or older than the test clients need.
mpa_check_node() {
    local version major
    version="$(node --version 2>/dev/null)" || {
        echo "Node.js is missing: the test suite's clients (tests/npm) need Node.js $MPA_NODE_MAJOR or newer." >&2
        return 1
    }
    major="${version#v}"
    major="${major%%.*}"
    if [ "$major" -lt "$MPA_NODE_MAJOR" ]; then
        echo "Node.js $version is too old: the test suite's clients (tests/npm) need Node.js $MPA_NODE_MAJOR or newer" \
             "(Debian 12's own nodejs package is 18; install 20 or newer, e.g. from NodeSource, and run again)." >&2
        return 1
    fi
}

# Installs what the test suite needs from npm, once per machine, into `cache` (a folder outside
# the clone, kept between runs, keyed by version): runs `setup` (a function) in it after writing
# a package.json, and marks it complete only when every step of `setup` succeeded; with
# `ready` there and the mark, does nothing. `what` names it in the log, `failing` says what a
# failure leaves broken. (The steps chain with &&: set -e does not hold in a function whose
# caller tests its status.)
mpa_install_into_cache() {
    local cache="$1" ready="$2" what="$3" failing="$4" setup="$5"
    if [ -f "$cache/.complete" ] && [ -f "$ready" ]; then
        return 0
    fi
    mpa_log "Installing $what (once per machine, into $cache)"
    rm -rf "$cache" && mkdir -p "$cache" || return 1
    (
        cd "$cache" && printf '{"private": true}\n' > package.json && "$setup" && touch .complete
    ) || { echo "${what%% *} could not be installed into $cache (see above); $failing" >&2; return 1; }
}

mpa_npm_install() {
    npm install --ignore-scripts --no-audit --no-fund --loglevel=error "$@" >&2
}

# Real VS Code for the test suite: npm code-server (pinned). Prints the path of its entry point.
# Needs ripgrep, python3 and make (the [test] packages).
MPA_CODE_SERVER_VERSION=4.100.3
mpa_install_code_server() {
    local cache="${MPA_CACHE_DIR:-${HOME:-/root}/.cache/mpa}/code-server-$MPA_CODE_SERVER_VERSION"
    local entry="$cache/node_modules/code-server/out/node/entry.js"
    mpa_install_into_cache "$cache" "$entry" "code-server $MPA_CODE_SERVER_VERSION for the VS Code tests"         "the VS Code tests will fail." mpa_set_up_code_server || return 1
    printf '%s\n' "$entry"
}
mpa_set_up_code_server() {
    local vscode=node_modules/code-server/lib/vscode
    mpa_npm_install "code-server@$MPA_CODE_SERVER_VERSION" &&
        (cd "$vscode" && mpa_npm_install --omit=dev) &&
        # The search binary its npm package would download: Debian's ripgrep instead.
        mkdir -p "$vscode/node_modules/@vscode/ripgrep/bin" &&
        cp "$(command -v rg)" "$vscode/node_modules/@vscode/ripgrep/bin/rg" &&
        npm rebuild argon2 --loglevel=error >&2 &&
        (cd "$vscode" && npm rebuild @vscode/spdlog --loglevel=error >&2)
}

# A real remote browser service for the test suite: npm @browserless.io/browserless (pinned;
# SSPL, so a test tool only: never shipped or linked), installed like code-server into the
# cache and run against Debian's chromium (no browser download). Prints its directory: the
# tests start build/index.js there with PLAYWRIGHT_BROWSERS_PATH=<dir>/browsers and
# ROUTES=<dir>/routes (its chromium and management routes only: the stock set stops at start
# with 'missing browser binary for "ChromeCDP"').
MPA_BROWSERLESS_VERSION=2.42.0
mpa_install_browserless() {
    local cache="${MPA_CACHE_DIR:-${HOME:-/root}/.cache/mpa}/browserless-$MPA_BROWSERLESS_VERSION"
    local package="$cache/node_modules/@browserless.io/browserless"
    mpa_install_into_cache "$cache" "$package/build/index.js" \
        "Browserless $MPA_BROWSERLESS_VERSION for the remote-browser tests" \
        "its tests will say so and skip." mpa_set_up_browserless || return 1
    printf '%s\n' "$cache"
}
mpa_set_up_browserless() { # in the cache, with $cache and $package of mpa_install_browserless
    local expected
    mpa_npm_install "@browserless.io/browserless@$MPA_BROWSERLESS_VERSION" &&
        # The browser playwright-core would download: Debian's chromium at the path it expects.
        expected="$(cd "$package" && PLAYWRIGHT_BROWSERS_PATH="$cache/browsers" \
            node -p "require('playwright-core').chromium.executablePath()")" &&
        case "$expected" in "$cache/browsers/"*) ;; *) echo "unexpected browser path: $expected" >&2; false ;; esac &&
        mkdir -p "$(dirname "$expected")" &&
        ln -sf "$(command -v chromium)" "$expected" &&
        mkdir -p routes &&
        ln -sf "$package/build/routes/chromium" routes/chromium &&
        ln -sf "$package/build/routes/management" routes/management
}
