// Drives code-server (a real VS Code) in Chromium with the shardlint .vsix installed and an
// interpreter that has no shardlint of its own (the extension's bundle runs). Run by run_e2e.sh,
// which installs everything and starts code-server.
//
//   --mode fix         the example's pipeline/stages.py shows SHL002 and SHL001 squiggles; the
//                      language status and the hover say what they should; "Wrap in
//                      jax.shard_map (in train.py)" from stages.py edits train.py, and both
//                      squiggles go within 2 s without typing (and without the lowering check);
//                      then the lowering check reports its result, and a restart logs no error.
//   --mode restricted  the workspace is not trusted and plants a `shardlint/` package and a fake
//                      interpreter setting: the squiggles still come (from the bundled server), and
//                      nothing planted ever runs.
"use strict";
const { chromium } = require("playwright-core");
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || i + 1 >= process.argv.length) throw new Error(`missing --${name}`);
  return process.argv[i + 1];
};
const mode = arg("mode");
const url = arg("url");
const project = arg("project");
const out = arg("out");
const logs = arg("logs");
const python = process.env.SHARDLINT_PYTHON || "python3"; // has shardlint: the CLI's verdict to compare with
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const SERVER_TIMEOUT = 120000;
const CLEARED_WITHIN_MS = 2000;
const STAGES = "pipeline/stages.py";

function log(msg) {
  console.log(`[e2e.js] ${msg}`);
}

// What shardlint's own CLI reports on the project: the test expects the editor to show the same.
// Isolated (-I): the restricted workspace plants a shardlint/ package that must not run, not even here.
function cli(dir, command) {
  const code = `import sys; from shardlint.server.cli import main; sys.exit(main(['${command}', '--format', 'json', '.']))`;
  let stdout;
  try {
    stdout = execFileSync(python, ["-I", "-c", code], { cwd: dir, encoding: "utf8" });
  } catch (e) {
    if (e.status !== 1) throw new Error(`shardlint ${command} failed (${e.status}): ${e.stderr}`);
    stdout = e.stdout;
  }
  return JSON.parse(stdout);
}

function snapshot(dir) {
  const files = {};
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith(".")) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".py")) files[path.relative(dir, p)] = fs.readFileSync(p, "utf8");
    }
  };
  walk(dir);
  return files;
}

// The log files of this code-server session whose path matches `pattern`, with their text.
function logFiles(pattern) {
  const found = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (pattern.test(p) && e.name.endsWith(".log")) found.push(p);
    }
  };
  if (fs.existsSync(path.join(logs, "logs"))) walk(path.join(logs, "logs"));
  return found.map((p) => [p, fs.readFileSync(p, "utf8")]);
}

const extensionLogs = () => logFiles(/shardlint[^/]*$/i);

function dumpLogs() {
  for (const [p, text] of logFiles(/shardlint|exthost/i)) console.log(`----- ${p} (last 4000 chars)\n${text.slice(-4000)}`);
}

async function runCommand(page, title) {
  await page.keyboard.press("Control+Shift+P");
  await page.locator(".quick-input-widget input").waitFor();
  await page.keyboard.type(title);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first().waitFor();
  await page.keyboard.press("Enter");
}

async function problemsRows(page) {
  return page.locator(".markers-panel .monaco-list-row").allInnerTexts();
}

async function waitFor(what, fn, timeout) {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - start > timeout) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(out, `${name}.png`) });
}

async function openFile(page, rel) {
  await page.keyboard.press("Control+P");
  await page.locator(".quick-input-widget input").waitFor();
  await page.keyboard.type(rel);
  await page.locator(".quick-input-list .monaco-list-row").first().waitFor();
  await page.keyboard.press("Enter");
  await page.locator(`.tab[aria-label*="${path.basename(rel)}"]`).first().waitFor({ timeout: 30000 });
}

async function goTo(page, line, column) {
  await page.locator(".monaco-editor .view-lines").first().click();
  await page.keyboard.press("Control+G");
  await page.locator(".quick-input-widget input").waitFor();
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press("Enter");
}

const squiggles = (page) => page.locator(".editor-group-container.active .monaco-editor .squiggly-error").count();

async function bothSquiggles(page, t0, expected) {
  await waitFor("the SHL002 and SHL001 squiggles", async () => (await squiggles(page)) >= 2, SERVER_TIMEOUT);
  log(`both squiggles after ${Date.now() - t0} ms`);
  await page.keyboard.press("Control+Shift+M");
  for (const d of expected) {
    const start = d.message.split("\n")[0].slice(0, 40);
    const row = await waitFor(`the ${d.code} Problems entry`, async () => {
      const rows = await problemsRows(page);
      return rows.find((r) => r.includes(d.code) && r.includes(start));
    }, 30000);
    log(`Problems entry: ${row.replace(/\s+/g, " ").slice(0, 160)}`);
  }
}

async function fixFlow(page, t0) {
  const expected = cli(project, "check").filter((d) => d.path === STAGES && ["SHL001", "SHL002"].includes(d.code));
  if (expected.length !== 2) throw new Error(`shardlint check does not report SHL001 and SHL002 in ${STAGES}: ${JSON.stringify(expected)}`);
  const shl001 = expected.find((d) => d.code === "SHL001");
  const original = snapshot(project);

  await openFile(page, STAGES);
  await bothSquiggles(page, t0, expected);
  await shot(page, "1-squiggles");

  // The language status item: shown on a Python file, naming the server version and interpreter.
  await page.locator('.statusbar-item[id*="languageStatus"], .statusbar-item.language-status').first().click();
  const status = await waitFor("the shardlint language status", async () => {
    const texts = await page.locator(".language-status-hover, .monaco-hover").allInnerTexts();
    return texts.find((t) => /shardlint \d+\.\d+\.\d+/.test(t) && /Python 3\.\d+/.test(t));
  }, 20000);
  log(`language status: ${status.replace(/\s+/g, " ").slice(0, 200)}`);
  await shot(page, "2-language-status");
  await page.keyboard.press("Escape");

  // The hover: the JAX error first, then the call path.
  await goTo(page, shl001.line, shl001.column + 2);
  await page.keyboard.press("Control+K");
  await page.keyboard.press("Control+I");
  const hover = await waitFor("the hover", async () => {
    const texts = await page.locator(".monaco-hover-content").allInnerTexts();
    return texts.find((t) => t.includes("JAX raises") && t.includes("Call path"));
  }, 20000);
  if (hover.indexOf("JAX raises") > hover.indexOf("Call path")) throw new Error(`the hover does not start with the JAX error: ${hover}`);
  await shot(page, "3-hover");
  await page.keyboard.press("Escape");

  // The wrap fix, asked for in stages.py, edits train.py.
  await goTo(page, shl001.line, shl001.column);
  await page.keyboard.press("Control+.");
  const fix = page.locator(".action-widget .monaco-list-row", { hasText: "Wrap in jax.shard_map (in train.py)" }).first();
  await fix.waitFor({ timeout: 30000 });
  await shot(page, "4-quickfix");
  const tFix = Date.now();
  await fix.click();
  await waitFor(`both squiggles in ${STAGES} to go`, async () => (await squiggles(page)) === 0, SERVER_TIMEOUT);
  const cleared = Date.now() - tFix;
  log(`both squiggles gone ${cleared} ms after the fix was applied (no typing, no lowering check)`);
  await waitFor("SHL001 and SHL002 to leave Problems", async () => {
    const rows = await problemsRows(page);
    return !rows.some((r) => r.includes("SHL001") || r.includes("SHL002"));
  }, 10000);
  await shot(page, "5-fixed");
  if (cleared > CLEARED_WITHIN_MS) throw new Error(`the squiggles took ${cleared} ms to go (more than ${CLEARED_WITHIN_MS} ms)`);

  await runCommand(page, "File: Save All");
  const changed = await waitFor("the fixed train.py on disk", async () => {
    const now = snapshot(project);
    const diff = Object.keys(now).filter((f) => now[f] !== original[f]);
    return diff.length ? diff : undefined;
  }, 30000);
  if (changed.join() !== "train.py") throw new Error(`the fix changed ${changed.join(", ")}, not train.py alone`);
  const left = cli(project, "check").filter((d) => ["SHL001", "SHL002"].includes(d.code));
  if (left.length) throw new Error(`shardlint check still reports ${JSON.stringify(left)}`);

  // The lowering check says what it found when it is done: what `shardlint lower` finds.
  const outcome = cli(project, "lower").some((d) => d.code === "SHL900") ? "failed" : "lowered";
  await runCommand(page, "shardlint: Check lowering");
  const note = await waitFor(`the lowering notification (1 target ${outcome})`, async () => {
    const texts = await page.locator(".notifications-toasts .notification-toast").allInnerTexts();
    return texts.find((t) => t.includes(`shardlint lowering: 1 target ${outcome}`));
  }, SERVER_TIMEOUT);
  log(`lowering: ${note.replace(/\s+/g, " ")}`);
  await shot(page, "6-lowering");

  // A normal restart logs no error.
  const before = extensionLogs().map(([, t]) => t.length);
  await runCommand(page, "shardlint: Restart server");
  await waitFor(`the squiggle-free ${STAGES} after the restart`, async () => {
    const logsNow = extensionLogs();
    return logsNow.some(([, t], i) => t.slice(before[i] ?? 0).includes("starting the server"));
  }, 60000);
  await new Promise((r) => setTimeout(r, 5000));
  const errors = extensionLogs().flatMap(([p, t], i) => t.slice(before[i] ?? 0).split("\n")
    .filter((l) => /\[error\]/i.test(l)).map((l) => `${path.basename(p)}: ${l}`));
  if (errors.length) throw new Error(`the restart logged errors:\n${errors.join("\n")}`);
  log("restart: no error lines");
}

async function restrictedFlow(page, t0) {
  const markers = fs.readdirSync(project).filter((f) => f.startsWith("planted-"));
  if (markers.length) throw new Error(`markers exist before the test: ${markers}`);
  const expected = cli(project, "check").filter((d) => d.path === STAGES && ["SHL001", "SHL002"].includes(d.code));
  const refuse = page.getByRole("button", { name: /No, I don.t trust the authors/ });
  await refuse.waitFor({ timeout: 60000 });
  await shot(page, "7-trust-prompt");
  await refuse.click();
  log("workspace left untrusted (Restricted Mode)");
  await openFile(page, STAGES);
  await bothSquiggles(page, t0, expected);
  await shot(page, "8-restricted");
  await new Promise((r) => setTimeout(r, 3000));
  const ran = fs.readdirSync(project).filter((f) => f.startsWith("planted-"));
  if (ran.length) throw new Error(`workspace code ran in Restricted Mode: ${ran.join(", ")}`);
  const started = extensionLogs().map(([, t]) => t).join("\n").match(/starting the server[^\n]*/);
  log(`${started ? started[0] : "(no start line)"}; nothing planted ran`);
}

async function main() {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--no-first-run"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  const t0 = Date.now();
  try {
    await page.goto(url);
    await page.locator(".monaco-workbench").waitFor({ timeout: 60000 });
    log(`workbench up in ${Date.now() - t0} ms`);
    if (mode === "fix") await fixFlow(page, t0);
    else if (mode === "restricted") await restrictedFlow(page, t0);
    else throw new Error(`unknown --mode ${mode}`);
  } catch (e) {
    await page.screenshot({ path: path.join(out, `${mode}-failure.png`) }).catch(() => {});
    dumpLogs();
    throw e;
  } finally {
    await browser.close();
  }
}

main().then(
  () => log(`passed (${mode})`),
  (e) => {
    console.error(`[e2e.js] FAILED: ${e.stack || e}`);
    process.exit(1);
  },
);
