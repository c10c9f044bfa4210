// shardlint for VS Code: starts the shardlint language server and wires its diagnostics, quick
// fixes and lowering check into the editor.
import { execFile } from "child_process";
import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";
import { PythonExtension } from "@vscode/python-extension";
import { pipInstall, probe, resolveServerCommand, ServerCommand } from "./common/python";
import { SECTION } from "./common/constants";
import { checkLowering, createClient, fixAll, notifySettingsChanged } from "./common/server";
import { launchSettings, userValue } from "./common/settings";
import { render, StatusModel } from "./common/status";

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let statusItem: vscode.StatusBarItem;
const status = new StatusModel();
let starting: Promise<void> = Promise.resolve();

function refresh(): void {
  const { text, tooltip } = render(status.state(Date.now()));
  statusItem.text = text;
  statusItem.tooltip = tooltip;
}

async function activeInterpreter(): Promise<string[] | undefined> {
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

async function serverCommand(): Promise<ServerCommand> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const cfg = vscode.workspace.getConfiguration(SECTION, folder?.uri);
  const trusted = vscode.workspace.isTrusted;
  const launch = launchSettings((key) => userValue(cfg.inspect(key), key, trusted), {
    workspaceFolder: folder?.uri.fsPath,
    trusted,
  });
  return resolveServerCommand(launch, launch.path || launch.interpreter ? undefined : await activeInterpreter());
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.stop();
    } catch (e) {
      output.warn(`stopping the server: ${e}`);
    }
    await c.dispose();
  }
  status.stopped(false);
  refresh();
}

async function start(): Promise<void> {
  await stop();
  const cmd = await serverCommand();
  output.info(`starting the server (${cmd.source}): ${[cmd.command, ...cmd.args].join(" ")}`);
  const found = await probe(cmd);
  if (found.kind === "missing") {
    status.stopped(true);
    refresh();
    offerInstall(cmd);
    return;
  }
  if (found.kind === "no-interpreter") {
    status.stopped(true);
    refresh();
    output.error(`cannot run ${found.python}: ${found.detail}`);
    void vscode.window
      .showErrorMessage(
        `shardlint: cannot run the Python interpreter "${found.python}". Set "shardlint.interpreter" or select an interpreter.`,
        "Open settings",
      )
      .then((pick) => pick && vscode.commands.executeCommand("workbench.action.openSettings", "shardlint.interpreter"));
    return;
  }
  const c = createClient(cmd, output, status, refresh);
  client = c;
  try {
    await c.start();
    status.started();
  } catch (e) {
    status.stopped(true);
    output.error(`the server did not start: ${e}`);
    void vscode.window.showErrorMessage(`shardlint: the server did not start (${cmd.command}). See the output for details.`, "Show output")
      .then((pick) => pick && output.show());
  }
  refresh();
}

function restart(): Promise<void> {
  starting = starting.then(start, start);
  return starting;
}

function offerInstall(cmd: ServerCommand): void {
  output.warn(`shardlint is not installed in ${cmd.python}`);
  void vscode.window
    .showWarningMessage(`shardlint is not installed in the interpreter "${cmd.python}".`, "Install shardlint", "Show output")
    .then(async (pick) => {
      if (pick === "Show output") output.show();
      if (pick !== "Install shardlint") return;
      const pip = pipInstall(cmd);
      output.info(`running ${[pip.command, ...pip.args].join(" ")}`);
      const ok = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: "shardlint: installing with pip" },
        () =>
          new Promise<boolean>((resolve) => {
            execFile(pip.command, pip.args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
              output.info(stdout);
              if (stderr) output.warn(stderr);
              resolve(!err);
            });
          }),
      );
      if (!ok) {
        void vscode.window.showErrorMessage("shardlint: pip could not install shardlint. See the output.", "Show output")
          .then((p) => p && output.show());
        return;
      }
      await restart();
    });
}

async function runFixAll(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!client || !editor || editor.document.languageId !== "python") {
    void vscode.window.showInformationMessage("shardlint: open a Python file (with the server running) to fix it.");
    return;
  }
  try {
    const applied = await fixAll(client, editor.document.uri);
    vscode.window.setStatusBarMessage(`shardlint: ${applied} fix${applied === 1 ? "" : "es"} applied`, 5000);
  } catch (e) {
    output.error(`fix all: ${e}`);
    void vscode.window.showErrorMessage(`shardlint: fix all failed: ${e}`);
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
    const result = await checkLowering(client);
    output.info(`lowering check finished (${JSON.stringify(result)}); its results are in the Problems panel, source shardlint-lowering`);
  } catch (e) {
    output.error(`lowering check: ${e}`);
    void vscode.window.showErrorMessage(`shardlint: the lowering check failed: ${e}`);
  } finally {
    status.loweringFinished();
    refresh();
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("shardlint", { log: true });
  statusItem = vscode.window.createStatusBarItem("shardlint.status", vscode.StatusBarAlignment.Right, 100);
  statusItem.name = "shardlint";
  statusItem.command = "shardlint.showOutput";
  refresh();
  statusItem.show();
  const timer = setInterval(refresh, 1000);
  context.subscriptions.push(
    output,
    statusItem,
    { dispose: () => clearInterval(timer) },
    vscode.commands.registerCommand("shardlint.restart", restart),
    vscode.commands.registerCommand("shardlint.showOutput", () => output.show()),
    vscode.commands.registerCommand("shardlint.runLoweringCheck", runLoweringCheck),
    vscode.commands.registerCommand("shardlint.runFixAll", runFixAll),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (["path", "interpreter"].some((k) => e.affectsConfiguration(`${SECTION}.${k}`))) void restart();
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
            if (cmd.source === "python-extension") void restart();
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
