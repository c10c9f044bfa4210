import { test } from "node:test";
import assert from "node:assert/strict";
import * as path from "path";
import { launchSettings, RESTRICTED, serverSettings, substitute, userValue } from "../common/settings";

const ctx = { workspaceFolder: "/ws/proj", trusted: true, home: "/home/u", env: { VENV: "/opt/venv" } };
const from = (values: Record<string, unknown>) => (key: string) => values[key];

test("nothing set sends nothing but an empty lowering table, so pyproject decides", () => {
  assert.deepEqual(serverSettings(from({}), ctx), { lowering: {}, trusted: true });
});

test("every setting maps to the server's key", () => {
  const s = serverSettings(
    from({
      jaxVersion: "0.6.2",
      flaxVersion: "0.11.2",
      backend: "tpu",
      python: "${workspaceFolder}/.venv/bin/python",
      select: ["SHL0"],
      ignore: ["SHL003"],
      exclude: ["build/"],
      severity: { shl003: "Error" },
      "lowering.enabled": true,
      "lowering.backend": "gpu",
      "lowering.python": "${env:VENV}/bin/python",
      "lowering.hostDevices": 4,
      "lowering.timeout": 30.5,
      "lowering.launcher": ["ssh", "tpu-vm"],
      "lowering.targets": [{ function: "model.train:step", args: "model.train:example_args" }, { function: "m:f" }],
    }),
    ctx,
  );
  assert.deepEqual(s, {
    jaxVersion: "0.6.2",
    flaxVersion: "0.11.2",
    backend: "tpu",
    python: "/ws/proj/.venv/bin/python",
    select: ["SHL0"],
    ignore: ["SHL003"],
    exclude: ["build/"],
    severity: { SHL003: "error" },
    lowering: {
      enabled: true,
      backend: "gpu",
      python: "/opt/venv/bin/python",
      hostDevices: 4,
      timeout: 30.5,
      launcher: ["ssh", "tpu-vm"],
      targets: [{ function: "model.train:step", args: "model.train:example_args" }, { function: "m:f" }],
    },
    trusted: true,
  });
});

test("values of the wrong type or out of range are left out, not sent", () => {
  const s = serverSettings(
    from({
      jaxVersion: "  ",
      backend: "rocm",
      select: "SHL001",
      ignore: [1, "", " SHL002 "],
      severity: { SHL001: "fatal", SHL002: 3, SHL003: "hint" },
      "lowering.enabled": "yes",
      "lowering.backend": "metal",
      "lowering.hostDevices": 2.5,
      "lowering.timeout": -1,
      "lowering.launcher": [],
      "lowering.targets": [{ args: "m:a" }, "m:f", null],
    }),
    ctx,
  );
  assert.deepEqual(s, { ignore: ["SHL002"], severity: { SHL003: "hint" }, lowering: {}, trusted: true });
});

test("an untrusted workspace turns the lowering check off whatever the settings say", () => {
  const s = serverSettings(from({ "lowering.enabled": true, backend: "gpu" }), { ...ctx, trusted: false });
  assert.deepEqual(s, { backend: "gpu", lowering: { enabled: false }, trusted: false });
});

test("a workspace folder value wins over the workspace's, which wins over the user's", () => {
  assert.equal(userValue({ globalValue: "a", workspaceValue: "b", workspaceFolderValue: "c" }, "backend", true), "c");
  assert.equal(userValue({ globalValue: "a", workspaceValue: "b" }, "backend", true), "b");
  assert.equal(userValue({ globalValue: "a" }, "backend", true), "a");
  assert.equal(userValue({}, "backend", true), undefined);
  assert.equal(userValue(undefined, "backend", true), undefined);
});

test("an untrusted workspace cannot choose the programs that run; the user's own choice stands", () => {
  const inspected = { globalValue: "/usr/bin/python3", workspaceValue: "./evil" };
  for (const key of RESTRICTED) assert.equal(userValue(inspected, key, false), "/usr/bin/python3");
  assert.equal(userValue(inspected, "interpreter", true), "./evil");
  assert.equal(userValue(inspected, "jaxVersion", false), "./evil");
});

test("substitute expands workspace, home, environment and ~", () => {
  assert.equal(substitute("${workspaceFolder}/x", ctx), "/ws/proj/x");
  assert.equal(substitute("${userHome}/y", ctx), "/home/u/y");
  assert.equal(substitute("~/z", ctx), path.join("/home/u", "z"));
  assert.equal(substitute("${env:VENV}/bin/python", ctx), "/opt/venv/bin/python");
  assert.equal(substitute("${env:NOPE}/p", ctx), "/p");
  assert.equal(substitute("${workspaceFolder}/x", { trusted: true }), "${workspaceFolder}/x");
  assert.equal(substitute("a~b", ctx), "a~b");
});

test("launch settings: path and interpreter, expanded; the bundled server unless told otherwise", () => {
  assert.deepEqual(launchSettings(from({}), ctx), { importStrategy: "useBundled" });
  assert.deepEqual(launchSettings(from({ path: "~/bin/shardlint", interpreter: "${workspaceFolder}/.venv/bin/python" }), ctx), {
    path: "/home/u/bin/shardlint",
    interpreter: "/ws/proj/.venv/bin/python",
    importStrategy: "useBundled",
  });
  assert.equal(launchSettings(from({ importStrategy: "fromEnvironment" }), ctx).importStrategy, "fromEnvironment");
  assert.equal(launchSettings(from({ importStrategy: "sideways" }), ctx).importStrategy, "useBundled");
});

test("logLevel and showNotifications are sent when valid", () => {
  assert.deepEqual(serverSettings(from({ logLevel: "debug", showNotifications: "always" }), ctx),
    { lowering: {}, trusted: true, logLevel: "debug", showNotifications: "always" });
  assert.deepEqual(serverSettings(from({ logLevel: "loud", showNotifications: 3 }), ctx), { lowering: {}, trusted: true });
});
