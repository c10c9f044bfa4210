// Which program runs the language server, and whether shardlint is importable there.
// Pure Node (child_process), no `vscode` import: the unit tests run it against real interpreters.
import { execFile } from "child_process";
import { LaunchSettings } from "./settings";

export type Source = "path" | "interpreter" | "python-extension" | "default";

export interface ServerCommand {
  command: string;
  args: string[];
  /** Which setting chose it, for the log and the error messages. */
  source: Source;
  /** The interpreter, when the server runs as `<python> -m shardlint.server` (probe and pip use it). */
  python?: string;
}

export const DEFAULT_PYTHON = "python3";
export const SERVER_MODULE = "shardlint.server";
export const PACKAGE = "shardlint";

/**
 * `shardlint.path` (an executable: `<path> server`) if set; else `shardlint.interpreter`; else the
 * Python extension's active interpreter (argv, as that extension gives it); else `python3`.
 */
export function resolveServerCommand(launch: LaunchSettings, activeInterpreter?: readonly string[]): ServerCommand {
  if (launch.path) return { command: launch.path, args: ["server"], source: "path" };
  if (launch.interpreter) return moduleCommand([launch.interpreter], "interpreter");
  const active = activeInterpreter?.filter((a) => a.trim() !== "");
  if (active && active.length) return moduleCommand(active, "python-extension");
  return moduleCommand([DEFAULT_PYTHON], "default");
}

function moduleCommand(argv: readonly string[], source: Source): ServerCommand {
  const [python, ...rest] = argv;
  return { command: python, args: [...rest, "-m", SERVER_MODULE], source, python };
}

/** Prefix arguments of the interpreter argv (e.g. `conda run -n env python` has some). */
function prefix(cmd: ServerCommand): string[] {
  return cmd.args.slice(0, cmd.args.length - 2);
}

export type ProbeResult =
  | { kind: "ok" }
  | { kind: "missing"; python: string }
  | { kind: "no-interpreter"; python: string; detail: string };

const PROBE = "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('shardlint') and importlib.util.find_spec('shardlint.server') else 3)";

/** Can `cmd`'s interpreter import shardlint.server? (Nothing to probe when an executable path is used.) */
export function probe(cmd: ServerCommand, timeoutMs = 20000): Promise<ProbeResult> {
  if (!cmd.python) return Promise.resolve({ kind: "ok" });
  const python = cmd.python;
  return new Promise((resolve) => {
    execFile(python, [...prefix(cmd), "-c", PROBE], { timeout: timeoutMs }, (err, _stdout, stderr) => {
      if (!err) return resolve({ kind: "ok" });
      const code: unknown = (err as { code?: unknown }).code;
      if (code === 3) return resolve({ kind: "missing", python });
      const detail = typeof code === "string" ? `${code}: ${err.message}` : (stderr.trim() || err.message);
      resolve({ kind: "no-interpreter", python, detail });
    });
  });
}

/** argv that installs shardlint into `cmd`'s interpreter. */
export function pipInstall(cmd: ServerCommand): { command: string; args: string[] } {
  if (!cmd.python) throw new Error("shardlint runs from an executable path; there is no interpreter to install into");
  return { command: cmd.python, args: [...prefix(cmd), "-m", "pip", "install", "--upgrade", PACKAGE] };
}
