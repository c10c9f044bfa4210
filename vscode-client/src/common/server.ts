// The language client: starts `shardlint server` (or `<python> -m shardlint.server`) over stdio,
// answers the server's workspace/configuration with the mapped settings, and reports activity.
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  Middleware,
  ServerOptions,
  State,
} from "vscode-languageclient/node";
import { FIX_ALL_COMMAND, LOWERING_COMMAND, SECTION } from "./constants";
import { ServerCommand } from "./python";
import { serverSettings, ServerSettings, userValue } from "./settings";
import { StatusModel } from "./status";


/** The user's `shardlint.*` settings for `scope`, mapped to what the server reads. */
export function settingsFor(scope: vscode.Uri | undefined): ServerSettings {
  const folder = scope ? vscode.workspace.getWorkspaceFolder(scope) : vscode.workspace.workspaceFolders?.[0];
  const cfg = vscode.workspace.getConfiguration(SECTION, folder?.uri ?? scope);
  const trusted = vscode.workspace.isTrusted;
  return serverSettings((key) => userValue(cfg.inspect(key), key, trusted), {
    workspaceFolder: folder?.uri.fsPath,
    trusted,
  });
}

/**
 * The client, starting `cmd` in `cwd`: a folder of the extension's own, never the workspace (a
 * module there must not shadow what the server imports).
 */
export function createClient(
  cmd: ServerCommand,
  cwd: string,
  output: vscode.LogOutputChannel,
  status: StatusModel,
  refresh: () => void,
): LanguageClient {
  const serverOptions: ServerOptions = {
    command: cmd.command,
    args: cmd.args,
    options: { cwd, env: { ...process.env, PYTHONUNBUFFERED: "1" } },
  };
  const pending = (uri: vscode.Uri) => {
    status.sent(uri.toString(), Date.now());
    refresh();
  };
  const middleware: Middleware = {
    didOpen: (doc, next) => {
      pending(doc.uri);
      return next(doc);
    },
    didChange: (event, next) => {
      if (event.contentChanges.length) pending(event.document.uri);
      return next(event);
    },
    didClose: (doc, next) => {
      status.closed(doc.uri.toString());
      refresh();
      return next(doc);
    },
    handleDiagnostics: (uri, diagnostics, next) => {
      status.received(uri.toString());
      refresh();
      next(uri, diagnostics);
    },
    provideDiagnostics: async (doc, previousResultId, token, next) => {
      const uri = doc instanceof vscode.Uri ? doc : doc.uri;
      pending(uri);
      try {
        return await next(doc, previousResultId, token);
      } finally {
        status.received(uri.toString());
        refresh();
      }
    },
    workspace: {
      configuration: async (params, token, next) => {
        const raw = await next(params, token);
        if (!Array.isArray(raw)) return raw;
        return params.items.map((item, i) =>
          item.section === SECTION ? settingsFor(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined) : raw[i],
        );
      },
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "python" },
      { scheme: "untitled", language: "python" },
    ],
    outputChannel: output,
    traceOutputChannel: output,
    revealOutputChannelOn: 4, // never: failures surface as notifications instead
    initializationOptions: { [SECTION]: settingsFor(undefined) },
    middleware,
  };
  return new LanguageClient(SECTION, "shardlint", serverOptions, clientOptions);
}

/** Tell a running server its settings changed (it re-reads them with workspace/configuration). */
export function notifySettingsChanged(client: LanguageClient): Promise<void> {
  return client.sendNotification(DidChangeConfigurationNotification.type, {
    settings: { [SECTION]: settingsFor(undefined) },
  });
}

/** What the lowering check found: "lowering: 1 target failed", and how many failed. */
export interface LoweringOutcome {
  message: string;
  failed: number;
}

/** Run the lowering check of every configured target; its results arrive as diagnostics. */
export async function checkLowering(client: LanguageClient): Promise<LoweringOutcome> {
  if (client.state !== State.Running) throw new Error("the shardlint server is not running");
  const res = (await client.sendRequest(ExecuteCommandRequest.type, { command: LOWERING_COMMAND, arguments: [] })) as
    | { message?: unknown; failed?: unknown }
    | null;
  return {
    message: typeof res?.message === "string" ? res.message : "lowering: the server answered nothing",
    failed: typeof res?.failed === "number" ? res.failed : 0,
  };
}

/** Apply every safe fix in `file` (the server edits through workspace/applyEdit); why none, if none. */
export async function fixAll(client: LanguageClient, file: vscode.Uri): Promise<{ applied: number; reason?: string }> {
  if (client.state !== State.Running) throw new Error("the shardlint server is not running");
  const res = (await client.sendRequest(ExecuteCommandRequest.type, { command: FIX_ALL_COMMAND, arguments: [file.toString()] })) as
    | { applied?: unknown; reason?: unknown }
    | null;
  return {
    applied: typeof res?.applied === "number" ? res.applied : 0,
    reason: typeof res?.reason === "string" ? res.reason : undefined,
  };
}
