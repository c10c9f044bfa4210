// Editor settings → the object the server reads under the "shardlint" section.
// Pure: no `vscode` import, so the unit tests run it under plain Node.
import * as os from "os";
import * as path from "path";

/** A setting's value as the user set it (workspace folder, workspace or user level), else undefined. */
export type SettingLookup = (key: string) => unknown;

export type Level = "error" | "warning" | "information" | "hint";
const LEVELS: readonly string[] = ["error", "warning", "information", "hint"];
const BACKENDS: readonly string[] = ["gpu", "tpu", "cpu"];
export const LOG_LEVELS: readonly string[] = ["error", "warning", "info", "debug"];
export const NOTIFICATIONS: readonly string[] = ["off", "onError", "onWarning", "always"];
export type Notifications = "off" | "onError" | "onWarning" | "always";

export interface LoweringTarget {
  function: string;
  args?: string;
}

export interface LoweringSettings {
  enabled?: boolean;
  backend?: string;
  python?: string;
  hostDevices?: number;
  timeout?: number;
  launcher?: string[];
  targets?: LoweringTarget[];
}

/** What the server receives (initializationOptions and workspace/configuration "shardlint"). */
export interface ServerSettings {
  jaxVersion?: string;
  flaxVersion?: string;
  backend?: string;
  python?: string;
  select?: string[];
  ignore?: string[];
  exclude?: string[];
  severity?: Record<string, Level>;
  lowering: LoweringSettings;
  /** False in an untrusted workspace: the server then runs none of the project's code. */
  trusted: boolean;
  /** Which messages the server logs, and which it also shows as notifications. */
  logLevel?: string;
  showNotifications?: Notifications;
}

/** How the extension starts the server (not sent to it). */
export interface LaunchSettings {
  path?: string;
  interpreter?: string;
  importStrategy?: "useBundled" | "fromEnvironment";
}

export interface Context {
  /** The workspace folder the settings apply to, for ${workspaceFolder}. */
  workspaceFolder?: string;
  /** False in an untrusted workspace: the lowering check (it runs project code) is forced off. */
  trusted: boolean;
  env?: NodeJS.ProcessEnv;
  home?: string;
}

/** Expand ${workspaceFolder}, ${userHome}, ${env:NAME} and a leading ~ in a path-like value. */
export function substitute(value: string, ctx: Context): string {
  const home = ctx.home ?? os.homedir();
  const env = ctx.env ?? process.env;
  let out = value.replace(/\$\{(workspaceFolder|userHome|env:([A-Za-z_][A-Za-z0-9_]*))\}/g, (whole, name, envName) => {
    if (name === "workspaceFolder") return ctx.workspaceFolder ?? whole;
    if (name === "userHome") return home;
    return env[envName] ?? "";
  });
  if (out === "~" || out.startsWith("~/")) out = path.join(home, out.slice(1));
  return out;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

function strList(v: unknown): string[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const items = v.filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim());
  return items.length ? items : undefined;
}

function positive(v: unknown, integer: boolean): number | undefined {
  if (typeof v !== "number" || !Number.isFinite(v) || v <= 0) return undefined;
  if (integer && !Number.isInteger(v)) return undefined;
  return v;
}

function severity(v: unknown): Record<string, Level> | undefined {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  const out: Record<string, Level> = {};
  for (const [code, level] of Object.entries(v)) {
    if (typeof level === "string" && LEVELS.includes(level.toLowerCase())) {
      out[code.trim().toUpperCase()] = level.toLowerCase() as Level;
    }
  }
  return Object.keys(out).length ? out : undefined;
}

function targets(v: unknown): LoweringTarget[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: LoweringTarget[] = [];
  for (const t of v) {
    if (typeof t !== "object" || t === null) continue;
    const fn = str((t as Record<string, unknown>).function);
    if (!fn) continue;
    const args = str((t as Record<string, unknown>).args);
    out.push(args ? { function: fn, args } : { function: fn });
  }
  return out.length ? out : undefined;
}

function drop<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

/**
 * Map the user's `shardlint.*` settings to the server's settings object. Only values the user set
 * are sent, so the project's pyproject `[tool.shardlint]` keeps the last word on everything else;
 * values of the wrong type are left out rather than sent.
 */
export function serverSettings(get: SettingLookup, ctx: Context): ServerSettings {
  const pathLike = (v: unknown) => {
    const s = str(v);
    return s === undefined ? undefined : substitute(s, ctx);
  };
  const backend = str(get("backend"));
  const lowBackend = str(get("lowering.backend"));
  const enabled = get("lowering.enabled");
  const launcher = strList(get("lowering.launcher"));
  const lowering: LoweringSettings = drop({
    enabled: ctx.trusted ? (typeof enabled === "boolean" ? enabled : undefined) : false,
    backend: lowBackend && BACKENDS.includes(lowBackend) ? lowBackend : undefined,
    python: pathLike(get("lowering.python")),
    hostDevices: positive(get("lowering.hostDevices"), true),
    timeout: positive(get("lowering.timeout"), false),
    launcher: launcher?.map((a) => substitute(a, ctx)),
    targets: targets(get("lowering.targets")),
  });
  return drop({
    jaxVersion: str(get("jaxVersion")),
    flaxVersion: str(get("flaxVersion")),
    backend: backend && BACKENDS.includes(backend) ? backend : undefined,
    python: pathLike(get("python")),
    select: strList(get("select")),
    ignore: strList(get("ignore")),
    exclude: strList(get("exclude")),
    severity: severity(get("severity")),
    lowering,
    trusted: ctx.trusted,
    logLevel: oneOf(get("logLevel"), LOG_LEVELS),
    showNotifications: oneOf(get("showNotifications"), NOTIFICATIONS) as Notifications | undefined,
  });
}

function oneOf(v: unknown, allowed: readonly string[]): string | undefined {
  return typeof v === "string" && allowed.includes(v) ? v : undefined;
}

/** The settings that choose how the server is started. */
export function launchSettings(get: SettingLookup, ctx: Context): LaunchSettings {
  const p = str(get("path"));
  const i = str(get("interpreter"));
  const strategy = get("importStrategy") === "fromEnvironment" ? "fromEnvironment" : "useBundled";
  return drop({ path: p && substitute(p, ctx), interpreter: i && substitute(i, ctx), importStrategy: strategy });
}

/** The levels at which a setting can be set (what `WorkspaceConfiguration.inspect` returns). */
export interface Inspected {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/**
 * Settings that name programs to run: an untrusted workspace's own values for them are ignored
 * (the same list as `capabilities.untrustedWorkspaces.restrictedConfigurations`).
 */
export const RESTRICTED: readonly string[] = ["path", "interpreter", "python", "lowering.python", "lowering.launcher"];

/** The value the user set for `key`, most specific level first; undefined when only the default applies. */
export function userValue(inspected: Inspected | undefined, key: string, trusted: boolean): unknown {
  if (!inspected) return undefined;
  if (!trusted && RESTRICTED.includes(key)) return inspected.globalValue;
  return inspected.workspaceFolderValue ?? inspected.workspaceValue ?? inspected.globalValue;
}
