import { test } from "node:test";
import assert from "node:assert/strict";
import { render, StatusModel } from "../common/status";

test("starting, then analysing until the file's diagnostics arrive, then idle", () => {
  const m = new StatusModel(1000);
  assert.equal(m.state(0), "starting");
  m.started();
  assert.equal(m.state(0), "idle");
  m.sent("file:///a.py", 10);
  m.sent("file:///b.py", 10);
  assert.equal(m.state(20), "analysing");
  m.received("file:///a.py");
  assert.equal(m.state(20), "analysing");
  m.closed("file:///b.py");
  assert.equal(m.state(20), "idle");
});

test("a file whose diagnostics never come stops counting after the stale time", () => {
  const m = new StatusModel(1000);
  m.started();
  m.sent("file:///a.py", 0);
  assert.equal(m.state(999), "analysing");
  assert.equal(m.state(1000), "idle");
});

test("lowering wins over analysing and nests", () => {
  const m = new StatusModel();
  m.started();
  m.sent("file:///a.py", 0);
  m.loweringStarted();
  m.loweringStarted();
  assert.equal(m.state(1), "lowering");
  m.loweringFinished();
  assert.equal(m.state(1), "lowering");
  m.loweringFinished();
  m.loweringFinished();
  assert.equal(m.state(1), "analysing");
});

test("a failed start shows stopped and forgets pending work", () => {
  const m = new StatusModel();
  m.started();
  m.sent("file:///a.py", 0);
  m.loweringStarted();
  m.stopped(true);
  assert.equal(m.state(1), "stopped");
  assert.equal(render("stopped", { version: "0.1.0" }).error, true);
  assert.equal(render("stopped", { version: "0.1.0" }).text, "shardlint");
  m.started();
  assert.equal(m.state(1), "idle");
});

test("the language status names the server version, activity, interpreter and where shardlint comes from", () => {
  const info = { version: "0.1.0", interpreter: "/usr/bin/python3", pythonVersion: "3.11.2", from: "bundled" as const, fixes: true };
  assert.deepEqual(render("idle", info), {
    text: "shardlint 0.1.0", detail: "idle · Python 3.11.2 /usr/bin/python3 · bundled", busy: false, error: false,
  });
  assert.equal(render("analysing", info).busy, true);
  assert.equal(render("lowering", info).detail.startsWith("lowering with JAX"), true);
  assert.match(render("idle", { ...info, fixes: false }).detail, /no quick fixes: libcst is missing/);
  assert.deepEqual(render("starting", {}), { text: "shardlint", detail: "starting", busy: true, error: false });
});
