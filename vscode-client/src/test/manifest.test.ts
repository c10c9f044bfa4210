// The settings and commands package.json contributes agree with what the code reads and registers.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "fs";
import * as path from "path";
import { SERVER_COMMANDS } from "../common/constants";
import { RESTRICTED, serverSettings } from "../common/settings";

const root = path.resolve(__dirname, "..", "..", "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const properties: Record<string, { default: unknown }> = manifest.contributes.configuration.properties;
const keys = Object.keys(properties).map((k) => k.replace(/^shardlint\./, ""));

test("every contributed setting is read by the extension", () => {
  const read = new Set<string>();
  serverSettings((key) => {
    read.add(key);
    return undefined;
  }, { trusted: true });
  const launch = ["path", "interpreter", "importStrategy"];
  const client = ["enable", "trace.server"];
  assert.deepEqual(keys.filter((k) => !read.has(k) && !launch.includes(k) && !client.includes(k)), []);
  assert.deepEqual([...read].filter((k) => !keys.includes(k)), []);
});

test("the restricted settings are the ones VS Code withholds in untrusted workspaces", () => {
  const restricted: string[] = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
  assert.deepEqual(restricted.map((k) => k.replace(/^shardlint\./, "")).sort(), [...RESTRICTED].sort());
  assert.equal(manifest.capabilities.untrustedWorkspaces.supported, "limited");
});

test("the defaults, sent as they are, pass the server's own checks", () => {
  const get = (key: string) => properties[`shardlint.${key}`]?.default;
  const s = serverSettings(get, { trusted: true });
  assert.deepEqual(s, {
    lowering: { enabled: true, backend: "tpu", hostDevices: 8, timeout: 120 }, trusted: true, logLevel: "info",
    showNotifications: "onError",
  });
});

test("every contributed command is registered by the extension", () => {
  const source = fs.readFileSync(path.join(root, "src", "extension.ts"), "utf8");
  for (const c of manifest.contributes.commands) assert.match(source, new RegExp(`registerCommand\\("${c.command.replace(/\./g, "\\.")}"`));
});

test("no command of the extension takes the id of a server command (the client registers those)", () => {
  const ours: string[] = manifest.contributes.commands.map((c: { command: string }) => c.command);
  assert.deepEqual(ours.filter((c) => SERVER_COMMANDS.includes(c)), []);
  assert.equal(manifest.contributes.configuration.properties["shardlint.trace.server"].enum.join(), "off,messages,verbose");
});

test("the package ships the bundled server, an icon and a changelog", () => {
  const shipped = fs.readFileSync(path.join(root, ".vscodeignore"), "utf8").split("\n").filter((l) => l.startsWith("!"));
  for (const f of ["!bundled/tool/launch.py", "!bundled/libs/**", "!CHANGELOG.md", `!${manifest.icon}`]) assert.ok(shipped.includes(f), f);
  assert.ok(fs.existsSync(path.join(root, manifest.icon)) && fs.existsSync(path.join(root, "CHANGELOG.md")));
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  for (const key of keys) assert.ok(readme.includes(`shardlint.${key}`), `the extension README documents shardlint.${key}`);
});
