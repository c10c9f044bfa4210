// Drives code-server (a real VS Code) in Chromium: the SHL001 squiggle and Problems entry appear,
// the "Wrap in jax.shard_map" quick fix (Ctrl+.) fixes the file, and the problem goes away.
// Run by run_e2e.sh, which installs everything and starts code-server.
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
const url = arg("url");
const project = arg("project");
const out = arg("out");
const logs = arg("logs");
const python = process.env.SHARDLINT_PYTHON || "python3";
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const SERVER_TIMEOUT = 120000;

function log(msg) {
  console.log(`[e2e.js] ${msg}`);
}

// What shardlint's own CLI reports on the project: the test expects the editor to show the same.
function cli(dir, command) {
  const code = `import sys; from shardlint.server.cli import main; sys.exit(main(['${command}', '--format', 'json', '.']))`;
  let stdout;
  try {
    stdout = execFileSync(python, ["-c", code], { cwd: dir, encoding: "utf8" });
  } catch (e) {
    if (e.status !== 1) throw new Error(`shardlint ${command} failed (${e.status}): ${e.stderr}`);
    stdout = e.stdout;
  }
  return JSON.parse(stdout);
}

// The project's Python files and their text (the wrap fix may edit the entry point's file too).
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

async function runCommand(page, title) {
  await page.keyboard.press("Control+Shift+P");
  await page.locator(".quick-input-widget input").waitFor();
  await page.keyboard.type(title);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: title }).first().waitFor();
  await page.keyboard.press("Enter");
}

function dumpLogs() {
  const found = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/shardlint|exthost/i.test(p) && e.name.endsWith(".log")) found.push(p);
    }
  };
  if (fs.existsSync(path.join(logs, "logs"))) walk(path.join(logs, "logs"));
  for (const p of found) {
    const text = fs.readFileSync(p, "utf8");
    console.log(`----- ${p} (last 4000 chars)\n${text.slice(-4000)}`);
  }
}

async function problemsRows(page) {
  return page.locator(".markers-panel .monaco-list-row").allInnerTexts();
}

// The Problems list renders only the rows in view: filter it to the entries a step looks for.
async function filterProblems(page, text) {
  const input = page.locator(".markers-panel-action-filter input, .viewpane-filter input").first();
  await input.fill(text);
}

async function waitFor(what, fn, timeout) {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - start > timeout) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main() {
  const before = cli(project, "check").filter((d) => d.code === "SHL001");
  if (!before.length) throw new Error(`shardlint check reports no SHL001 in ${project}: nothing to test`);
  const target = before[0];
  const original = snapshot(project);
  const lowered = cli(project, "lower").filter((d) => d.code === "SHL900");
  log(`expecting SHL001 at ${target.path}:${target.line}:${target.column}: ${target.message.slice(0, 100)}`);

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--no-first-run"],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 850 } });
  const t0 = Date.now();
  try {
    await page.goto(url);
    await page.locator(".monaco-workbench").waitFor({ timeout: 60000 });
    await page.locator(".explorer-folders-view, .explorer-viewlet").first().waitFor({ timeout: 60000 });
    log(`workbench up in ${Date.now() - t0} ms`);

    await page.keyboard.press("Control+P");
    await page.locator(".quick-input-widget input").waitFor();
    await page.keyboard.type(target.path);
    await page.locator(".quick-input-list .monaco-list-row").first().waitFor();
    await page.keyboard.press("Enter");
    const tabName = path.basename(target.path);
    await page.locator(`.tab[aria-label*="${tabName}"]`).first().waitFor({ timeout: 30000 });

    await page.locator(".monaco-editor .squiggly-error").first().waitFor({ timeout: SERVER_TIMEOUT });
    log(`SHL001 squiggle after ${Date.now() - t0} ms`);

    await page.keyboard.press("Control+Shift+M");
    await filterProblems(page, "SHL001");
    const messageStart = target.message.split("\n")[0].slice(0, 40);
    const row = await waitFor("the SHL001 Problems entry", async () => {
      const rows = await problemsRows(page);
      return rows.find((r) => r.includes("SHL001") && r.includes(messageStart));
    }, 30000);
    log(`Problems entry: ${row.replace(/\s+/g, " ")}`);
    const status = await page.locator('.statusbar-item[id*="shardlint"]').first().innerText();
    log(`status bar item: ${status}`);
    await page.screenshot({ path: path.join(out, "shardlint-before.png") });

    // The lowering check, where the project configures a target that fails: its SHL900 land in
    // the same Problems panel (source shardlint-lowering).
    if (lowered.length) {
      const lowStart = lowered[0].message.split("\n")[0].slice(0, 40);
      log(`expecting SHL900 at ${lowered[0].path}:${lowered[0].line}: ${lowStart}`);
      await filterProblems(page, lowStart);
      await runCommand(page, "shardlint: Check lowering");
      const lowEntry = async () => {
        const rows = await problemsRows(page);
        return rows.find((r) => r.includes("SHL900") && r.includes("shardlint-lowering") && r.includes(lowStart));
      };
      const lowRow = await waitFor("the SHL900 Problems entry", lowEntry, SERVER_TIMEOUT);
      log(`lowering Problems entry after ${Date.now() - t0} ms: ${lowRow.replace(/\s+/g, " ")}`);
      await new Promise((r) => setTimeout(r, 2000));
      if (!(await lowEntry())) throw new Error("the SHL900 Problems entry went away again");
      await page.screenshot({ path: path.join(out, "shardlint-lowering.png") });
      await filterProblems(page, "SHL001");
    } else {
      log("the project configures no lowering target that fails: the lowering command is not exercised");
    }


    // Put the cursor on the flagged call and ask for the quick fixes.
    await page.locator(".monaco-editor .view-lines").first().click();
    await page.keyboard.press("Control+G");
    await page.locator(".quick-input-widget input").waitFor();
    await page.keyboard.type(`${target.line}:${target.column}`);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+.");
    const fix = page.locator(".action-widget .monaco-list-row", { hasText: "Wrap in jax.shard_map" }).first();
    await fix.waitFor({ timeout: 30000 });
    await page.screenshot({ path: path.join(out, "shardlint-quickfix.png") });
    await fix.click();
    await runCommand(page, "File: Save All");

    const changed = await waitFor("the fixed files on disk", async () => {
      const now = snapshot(project);
      const diff = Object.keys(now).filter((f) => now[f] !== original[f]);
      return diff.length ? diff.map((f) => [f, now[f]]) : undefined;
    }, 30000);
    if (!changed.some(([, text]) => /shard_map\(/.test(text))) {
      throw new Error(`no changed file calls shard_map:\n${changed.map(([f, t]) => `--- ${f}\n${t}`).join("\n")}`);
    }
    log(`changed by the fix: ${changed.map(([f]) => f).join(", ")} after ${Date.now() - t0} ms`);
    fs.writeFileSync(path.join(out, "fixed.diff.txt"), changed.map(([f, t]) => `--- ${f} before\n${original[f]}\n--- ${f} after\n${t}`).join("\n"));

    await waitFor("the SHL001 problem to go", async () => {
      const rows = await problemsRows(page);
      return !rows.some((r) => r.includes("SHL001"));
    }, SERVER_TIMEOUT);
    log(`SHL001 gone from Problems after ${Date.now() - t0} ms`);
    const after = cli(project, "check").filter((d) => d.code === "SHL001");
    if (after.length) throw new Error(`shardlint check still reports SHL001 in the fixed file: ${JSON.stringify(after)}`);
    await page.screenshot({ path: path.join(out, "shardlint-after.png") });
  } catch (e) {
    await page.screenshot({ path: path.join(out, "shardlint-failure.png") }).catch(() => {});
    dumpLogs();
    throw e;
  } finally {
    await browser.close();
  }
}

main().then(
  () => log("passed"),
  (e) => {
    console.error(`[e2e.js] FAILED: ${e.stack || e}`);
    process.exit(1);
  },
);
