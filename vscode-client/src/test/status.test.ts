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
  assert.match(render("stopped").text, /error/);
  m.started();
  assert.equal(m.state(1), "idle");
});
