// shardlint for VS Code: starts the shardlint language server (bundled with the extension, run by
// the selected Python) and wires its diagnostics, quick fixes and lowering check into the editor.
import * as fs from "fs";
import * as path from "path";
import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";
import { PythonExtension } from "@vscode/python-extension";
import { interpretersOnPath, probe, resolveServerCommand, ServerCommand } from "./common/python";
import { SECTION } from "./common/constants";
import { checkLowering, createClient, fixAll, notifySettingsChanged } from "./common/server";
import { launchSettings, Notifications, userValue } from "./common/settings";
import { render, ServerInfo, StatusModel } from "./common/status";

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let statusItem: vscode.LanguageStatusItem;
let extensionRoot: string;
let serverCwd: string;
const status = new StatusModel();
let info: ServerInfo = {};
let starting: Promise<void> = Promise.resolve();

function refresh(): void {
  const r = render(status.state(Date.now()), info);
  statusItem.text = r.text;
  statusItem.detail = r.detail;
  statusItem.busy = r.busy;
  statusItem.severity = r.error ? vscode.LanguageStatusSeverity.Error : vscode.LanguageStatusSeverity.Information;
}

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION, vscode.workspace.workspaceFolders?.[0]?.uri);
}

/** Show a notification of `level` where `shardlint.showNotifications` lets it through. */
function notify<T extends string>(level: "error" | "warning" | "info", message: string, ...items: T[]): Thenable<T | undefined> {
  const setting = config().get<Notifications>("showNotifications", "onError");
  const levels: Record<Notifications, string[]> = { off: [], onError: ["error"], onWarning: ["error", "warning"], always: ["error", "warning", "info"] };
  const shown = levels[setting] ?? levels.onError;
  output[level === "warning" ? "warn" : level](message);
  if (!shown.includes(level)) return Promise.resolve(undefined);
  const show = { error: vscode.window.showErrorMessage, warning: vscode.window.showWarningMessage, info: vscode.window.showInformationMessage }[level];
  return show(message, ...items);
}

async function pythonExtensionInterpreter(): Promise<string[] | undefined> {
  if (!vscode.extensions.getExtension("ms-python.python")) return undefined;
  try {
    const api = await PythonExtension.api();
    const resource = vscode.workspace.workspaceFolders?.[0]?.uri;
    const env = await api.environments.resolveEnvironment(api.environments.getActiveEnvironmentPath(resource));
    const exe = env?.executable.uri?.fsPath;
    return exe ? [exe] : undefined;
  } catch (e) {
    output.warn(`could not ask the Python extension for its interpreter: ${e}`);
    return undefined;
  }
}

/** An untrusted workspace's own programs never run: not even an interpreter that lives inside it. */
function insideWorkspace(file: string): boolean {
  return (vscode.workspace.workspaceFolders ?? []).some((f) => {
    const rel = path.relative(f.uri.fsPath, file);
    return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
  });
}

async function serverCommand(): Promise<ServerCommand | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const cfg = config();
  const trusted = vscode.workspace.isTrusted;
  const launch = launchSettings((key) => userValue(cfg.inspect(key), key, trusted), { workspaceFolder: folder?.uri.fsPath, trusted });
  let fromExtension = launch.path || launch.interpreter ? undefined : await pythonExtensionInterpreter();
  if (fromExtension && !trusted && insideWorkspace(fromExtension[0])) {
    output.warn(`not running ${fromExtension[0]}: it lies inside this untrusted workspace`);
    fromExtension = undefined;
  }
  return resolveServerCommand(launch, extensionRoot, fromExtension);
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.dispose();
    } catch (e) {
      output.warn(`stopping the server: ${e}`);
    }
  }
  status.stopped(false);
  refresh();
}

function askForInterpreter(message: string): void {
  void notify("error", message, "Select interpreter", "Show output").then((pick) => {
    if (pick === "Select interpreter") void vscode.commands.executeCommand("shardlint.selectInterpreter");
    if (pick === "Show output") output.show();
  });
}

async function start(): Promise<void> {
  await stop();
  if (!config().get<boolean>("enable", true)) {
    output.info("shardlint.enable is false: the server is not started");
    info = {};
    status.stopped(false);
    refresh();
    return;
  }
  const cmd = await serverCommand();
  if (!cmd) {
    status.stopped(true);
    refresh();
    askForInterpreter("shardlint: no Python interpreter is selected (Python ≥ 3.10 runs the bundled server).");
    return;
  }
  fs.mkdirSync(serverCwd, { recursive: true });
  const found = await probe(cmd, serverCwd);
  if (found.kind !== "ok") {
    status.stopped(true);
    refresh();
    if (found.kind === "unsupported") {
      askForInterpreter(`shardlint: ${found.python} is Python ${found.version}; the server needs Python ≥ 3.10.`);
    } else if (found.kind === "missing") {
      askForInterpreter(`shardlint: ${found.python} has no shardlint (${found.detail}). Install it there, or set "shardlint.importStrategy" to "useBundled".`);
    } else {
      askForInterpreter(`shardlint: cannot run the Python interpreter "${found.python}": ${found.detail}`);
    }
    return;
  }
  info = {
    interpreter: cmd.python?.join(" ") ?? cmd.command,
    pythonVersion: found.version || undefined,
    from: !cmd.python ? "executable" : cmd.importStrategy === "useBundled" ? "bundled" : "environment",
    fixes: found.libcst,
  };
  output.info(`starting the server (${cmd.source}, ${info.from}): ${[cmd.command, ...cmd.args].join(" ")} in ${serverCwd}`);
  if (!found.libcst) {
    void notify("warning", `shardlint: quick fixes need libcst, which ${info.interpreter} lacks; diagnostics work without it.`);
  }
  const c = createClient(cmd, serverCwd, output, status, refresh);
  client = c;
  try {
    await c.start();
    status.started();
    info.version = c.initializeResult?.serverInfo?.version ?? found.shardlint;
  } catch (e) {
    status.stopped(true);
    void notify("error", `shardlint: the server did not start (${cmd.command}): ${e}`, "Show output").then((pick) => pick && output.show());
  }
  refresh();
}

function restart(): Promise<void> {
  starting = starting.then(start, start);
  return starting;
}

async function selectInterpreter(): Promise<void> {
  const fromExtension = await pythonExtensionInterpreter();
  const candidates = [...new Set([...(fromExtension ? [fromExtension[0]] : []), ...interpretersOnPath()])];
  const browse = "Browse…";
  const pick = await vscode.window.showQuickPick([...candidates, browse], {
    title: "shardlint: the Python (≥ 3.10) that runs the server",
    placeHolder: "an interpreter, or browse for one",
  });
  let chosen = pick;
  if (pick === browse) {
    const files = await vscode.window.showOpenDialog({ canSelectMany: false, title: "Python interpreter" });
    chosen = files?.[0]?.fsPath;
  }
  if (!chosen) return;
  await vscode.workspace.getConfiguration(SECTION).update("interpreter", chosen, vscode.ConfigurationTarget.Global);
  await restart();
}

async function runFixAll(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!client || !editor || editor.document.languageId !== "python") {
    void vscode.window.showInformationMessage("shardlint: open a Python file (with the server running) to fix it.");
    return;
  }
  try {
    const { applied, reason } = await fixAll(client, editor.document.uri);
    if (applied) vscode.window.setStatusBarMessage(`shardlint: ${applied} fix${applied === 1 ? "" : "es"} applied`, 5000);
    else void vscode.window.showInformationMessage(`shardlint: nothing fixed: ${reason ?? "no safe fix applies"}.`);
  } catch (e) {
    void notify("error", `shardlint: fix all failed: ${e}`);
  }
}

async function runLoweringCheck(): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage("shardlint: the lowering check runs your project's code; trust this workspace to use it.");
    return;
  }
  if (!client) {
    void vscode.window.showErrorMessage("shardlint: the server is not running.");
    return;
  }
  status.loweringStarted();
  refresh();
  try {
    const outcome = await checkLowering(client);
    output.info(outcome.message);
    const problems = "Show Problems";
    const show = outcome.failed ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    void show(`shardlint ${outcome.message}`, ...(outcome.failed ? [problems] : [])).then((pick) => {
      if (pick === problems) void vscode.commands.executeCommand("workbench.actions.view.problems");
    });
  } catch (e) {
    void notify("error", `shardlint: the lowering check failed: ${e}`);
  } finally {
    status.loweringFinished();
    refresh();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionRoot = context.extensionPath;
  serverCwd = context.globalStorageUri.fsPath;
  output = vscode.window.createOutputChannel("shardlint", { log: true });
  statusItem = vscode.languages.createLanguageStatusItem("shardlint.status", { language: "python" });
  statusItem.name = "shardlint";
  statusItem.command = { title: "Show output", command: "shardlint.showOutput" };
  refresh();
  const timer = setInterval(refresh, 1000);
  context.subscriptions.push(
    output,
    statusItem,
    { dispose: () => clearInterval(timer) },
    vscode.commands.registerCommand("shardlint.restart", restart),
    vscode.commands.registerCommand("shardlint.showOutput", () => output.show()),
    vscode.commands.registerCommand("shardlint.selectInterpreter", selectInterpreter),
    vscode.commands.registerCommand("shardlint.runLoweringCheck", runLoweringCheck),
    vscode.commands.registerCommand("shardlint.runFixAll", runFixAll),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (["enable", "path", "interpreter", "importStrategy"].some((k) => e.affectsConfiguration(`${SECTION}.${k}`))) void restart();
      else if (e.affectsConfiguration(SECTION) && client) void notifySettingsChanged(client);
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void restart()),
  );
  if (vscode.extensions.getExtension("ms-python.python")) {
    try {
      const api = await PythonExtension.api();
      context.subscriptions.push(
        api.environments.onDidChangeActiveEnvironmentPath(() => {
          void serverCommand().then((cmd) => {
            if (!cmd || cmd.source === "python-extension") void restart();
          });
        }),
      );
    } catch (e) {
      output.warn(`the Python extension is installed but did not activate: ${e}`);
    }
  }
  await restart();
}

export function deactivate(): Promise<void> {
  return stop();
}
