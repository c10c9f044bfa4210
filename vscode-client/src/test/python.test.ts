// Interpreter resolution, the server command, and the probe run through the real launcher
// (bundled/tool/launch.py) against real interpreters.
// SHARDLINT_TEST_PYTHON: an interpreter with shardlint installed (default: python3 on PATH).
// SHARDLINT_TEST_OLD_PYTHON: an interpreter older than 3.10, if there is one.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { interpretersOnPath, launcherPath, probe, resolveServerCommand } from "../common/python";

const PY = process.env.SHARDLINT_TEST_PYTHON || "python3";
const ROOT = path.resolve(__dirname, "..", "..", "..");
const LAUNCH = launcherPath(ROOT);

test("shardlint.path wins and runs `<path> server`", () => {
  assert.deepEqual(resolveServerCommand({ path: "/opt/bin/shardlint", interpreter: "/usr/bin/python3" }, ROOT, ["/env/bin/python"]), {
    command: "/opt/bin/shardlint",
    args: ["server"],
    source: "path",
    importStrategy: "useBundled",
  });
});

test("then shardlint.interpreter, then the Python extension's; the launcher always runs isolated", () => {
  assert.deepEqual(resolveServerCommand({ interpreter: "/venv/bin/python" }, ROOT, ["/env/bin/python"]), {
    command: "/venv/bin/python",
    args: ["-I", LAUNCH],
    source: "interpreter",
    python: ["/venv/bin/python"],
    importStrategy: "useBundled",
  });
  assert.deepEqual(resolveServerCommand({ importStrategy: "fromEnvironment" }, ROOT, ["conda", "run", "-n", "jax", "python"]), {
    command: "conda",
    args: ["run", "-n", "jax", "python", "-I", LAUNCH, "--from-environment"],
    source: "python-extension",
    python: ["conda", "run", "-n", "jax", "python"],
    importStrategy: "fromEnvironment",
  });
  for (const none of [undefined, [], [""]]) assert.equal(resolveServerCommand({}, ROOT, none), undefined);
});

function planted(): { dir: string; marker: string } {
  // A workspace that shadows shardlint and the standard library: none of it may run.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shardlint-shadow-"));
  const marker = path.join(dir, "ran.txt");
  const plant = `open(${JSON.stringify(marker)}, "a").write(__name__ + "\\n")\n`;
  for (const f of ["shardlint/__init__.py", "shardlint/server/__init__.py", "shardlint/server/output.py", "json.py", "site.py"]) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), plant);
  }
  return { dir, marker };
}

test("probe: the interpreter's own shardlint, never the workspace's, even with the workspace as cwd", async () => {
  const { dir, marker } = planted();
  const cmd = resolveServerCommand({ interpreter: PY, importStrategy: "fromEnvironment" }, ROOT)!;
  const found = await probe(cmd, dir);
  assert.equal(found.kind, "ok", JSON.stringify(found));
  assert.ok(found.kind === "ok" && !found.location.startsWith(dir), JSON.stringify(found));
  assert.equal(fs.existsSync(marker), false, fs.existsSync(marker) ? fs.readFileSync(marker, "utf8") : "");
});

test("probe: fromEnvironment without shardlint there says it is missing", async () => {
  const bare = fs.mkdtempSync(path.join(os.tmpdir(), "shardlint-bare-"));
  const cmd = resolveServerCommand({ importStrategy: "fromEnvironment" }, ROOT, [PY, "-S"])!;
  const found = await probe(cmd, bare);
  assert.equal(found.kind, "missing", JSON.stringify(found));
});

test("probe: an interpreter that does not exist or does not work is reported as such", async () => {
  const cwd = os.tmpdir();
  const gone = await probe(resolveServerCommand({ interpreter: "/nonexistent/bin/python" }, ROOT)!, cwd);
  assert.equal(gone.kind, "no-interpreter");
  assert.match(gone.kind === "no-interpreter" ? gone.detail : "", /ENOENT/);
  const broken = await probe(resolveServerCommand({}, ROOT, [PY, "-c", "raise SystemExit('broken interpreter')", "--"])!, cwd);
  assert.equal(broken.kind, "no-interpreter");
});

test("probe: Python older than 3.10 is refused by version", { skip: !process.env.SHARDLINT_TEST_OLD_PYTHON }, async () => {
  const old = process.env.SHARDLINT_TEST_OLD_PYTHON!;
  const found = await probe(resolveServerCommand({ interpreter: old }, ROOT)!, os.tmpdir());
  assert.equal(found.kind, "unsupported", JSON.stringify(found));
});

test("probe: an executable path needs no probe", async () => {
  assert.equal((await probe(resolveServerCommand({ path: "/nonexistent/shardlint" }, ROOT)!, os.tmpdir())).kind, "ok");
});

test("the picker lists python3 and python3.N on PATH, each interpreter once", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shardlint-path-"));
  const real = path.join(dir, "python3.12");
  fs.writeFileSync(real, "#!/bin/sh\n", { mode: 0o755 });
  fs.symlinkSync(real, path.join(dir, "python3"));
  fs.writeFileSync(path.join(dir, "python3.11"), "not executable", { mode: 0o644 });
  assert.deepEqual(interpretersOnPath(dir), [path.join(dir, "python3")]);
});
