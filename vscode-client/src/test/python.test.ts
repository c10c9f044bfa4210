// Interpreter resolution, and the shardlint probe run against real interpreters.
// SHARDLINT_TEST_PYTHON: an interpreter with shardlint installed (default: python3 on PATH).
import { test } from "node:test";
import assert from "node:assert/strict";
import { pipInstall, probe, resolveServerCommand } from "../common/python";

const PY = process.env.SHARDLINT_TEST_PYTHON || "python3";

test("shardlint.path wins and runs `<path> server`", () => {
  assert.deepEqual(resolveServerCommand({ path: "/opt/bin/shardlint", interpreter: "/usr/bin/python3" }, ["/env/bin/python"]), {
    command: "/opt/bin/shardlint",
    args: ["server"],
    source: "path",
  });
});

test("then shardlint.interpreter, then the Python extension's interpreter, then python3", () => {
  assert.deepEqual(resolveServerCommand({ interpreter: "/venv/bin/python" }, ["/env/bin/python"]), {
    command: "/venv/bin/python",
    args: ["-m", "shardlint.server"],
    source: "interpreter",
    python: "/venv/bin/python",
  });
  assert.deepEqual(resolveServerCommand({}, ["/env/bin/python"]), {
    command: "/env/bin/python",
    args: ["-m", "shardlint.server"],
    source: "python-extension",
    python: "/env/bin/python",
  });
  assert.deepEqual(resolveServerCommand({}, ["conda", "run", "-n", "jax", "python"]), {
    command: "conda",
    args: ["run", "-n", "jax", "python", "-m", "shardlint.server"],
    source: "python-extension",
    python: "conda",
  });
  for (const none of [undefined, [], [""]]) {
    assert.deepEqual(resolveServerCommand({}, none), {
      command: "python3",
      args: ["-m", "shardlint.server"],
      source: "default",
      python: "python3",
    });
  }
});

test("pip installs into the same interpreter, with its prefix arguments", () => {
  assert.deepEqual(pipInstall(resolveServerCommand({}, ["conda", "run", "-n", "jax", "python"])), {
    command: "conda",
    args: ["run", "-n", "jax", "python", "-m", "pip", "install", "--upgrade", "shardlint"],
  });
  assert.throws(() => pipInstall(resolveServerCommand({ path: "/opt/bin/shardlint" })), /executable path/);
});

test("probe: an interpreter with shardlint is ok", async () => {
  assert.deepEqual(await probe(resolveServerCommand({ interpreter: PY })), { kind: "ok" }, `${PY} must have shardlint installed`);
});

test("probe: the same interpreter without its site-packages reports shardlint missing", async () => {
  assert.deepEqual(await probe(resolveServerCommand({}, [PY, "-I", "-S"])), { kind: "missing", python: PY });
});

test("probe: an interpreter that does not exist or does not work is reported as such", async () => {
  const gone = await probe(resolveServerCommand({ interpreter: "/nonexistent/bin/python" }));
  assert.equal(gone.kind, "no-interpreter");
  assert.match(gone.kind === "no-interpreter" ? gone.detail : "", /ENOENT/);
  const broken = await probe(resolveServerCommand({}, [PY, "-c", "raise SystemExit('broken interpreter')", "--"]));
  assert.equal(broken.kind, "no-interpreter");
});

test("probe: an executable path needs no probe", async () => {
  assert.deepEqual(await probe(resolveServerCommand({ path: "/nonexistent/shardlint" })), { kind: "ok" });
});
