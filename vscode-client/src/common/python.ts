// Which interpreter runs the language server, the command that starts it, and what that
// interpreter can run (probe). Pure Node (child_process), no `vscode` import: the unit tests run it
// against real interpreters.
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";

export type ImportStrategy = "useBundled" | "fromEnvironment";
export type Source = "path" | "interpreter" | "python-extension";

export interface ServerCommand {
  command: string;
  args: string[];
  /** Which setting chose it, for the log and the error messages. */
  source: Source;
  /** The interpreter argv (absent when `shardlint.path` names an executable). */
  python?: string[];
  importStrategy: ImportStrategy;
}

/** The script in the extension that starts the server (see bundled/tool/launch.py). */
export function launcherPath(extensionRoot: string): string {
  return path.join(extensionRoot, "bundled", "tool", "launch.py");
}

/**
 * `shardlint.path` (an executable: `<path> server`) if set; else the interpreter: the
 * `shardlint.interpreter` setting (an explicit choice wins), else the Python extension's (argv,
 * as that extension gives it). Undefined when there is none: the user is asked to pick one.
 * The interpreter runs `-I launch.py`: isolated, so that nothing from the workspace is imported.
 */
export function resolveServerCommand(
  launch: { path?: string; interpreter?: string; importStrategy?: ImportStrategy },
  extensionRoot: string,
  pythonExtension?: readonly string[],
): ServerCommand | undefined {
  const importStrategy = launch.importStrategy ?? "useBundled";
  if (launch.path) return { command: launch.path, args: ["server"], source: "path", importStrategy };
  const fromExtension = pythonExtension?.filter((a) => a.trim() !== "");
  const [argv, source]: [string[] | undefined, Source] = launch.interpreter
    ? [[launch.interpreter], "interpreter"]
    : [fromExtension?.length ? [...fromExtension] : undefined, "python-extension"];
  if (!argv) return undefined;
  const [command, ...prefix] = argv;
  const args = [...prefix, "-I", launcherPath(extensionRoot)];
  if (importStrategy === "fromEnvironment") args.push("--from-environment");
  return { command, args, source, python: argv, importStrategy };
}

export type ProbeResult =
  | { kind: "ok"; version: string; shardlint: string; location: string; libcst: boolean }
  | { kind: "unsupported"; python: string; version: string }
  | { kind: "missing"; python: string; detail: string }
  | { kind: "no-interpreter"; python: string; detail: string };

interface ProbeOutput {
  executable: string;
  version: number[];
  supported: boolean;
  shardlint: string | null;
  location: string | null;
  libcst: boolean;
  error: string | null;
}

/** What the server would run with: `cmd` with `--probe` (nothing to probe for an executable path). */
export function probe(cmd: ServerCommand, cwd: string, timeoutMs = 30000): Promise<ProbeResult> {
  if (!cmd.python) return Promise.resolve({ kind: "ok", version: "", shardlint: "", location: cmd.command, libcst: true });
  const python = cmd.python.join(" ");
  return new Promise((resolve) => {
    execFile(cmd.command, [...cmd.args, "--probe"], { timeout: timeoutMs, cwd }, (err, stdout, stderr) => {
      let out: ProbeOutput | undefined;
      try {
        out = JSON.parse(stdout.trim().split("\n").pop() ?? "");
      } catch {
        out = undefined;
      }
      if (err || !out) {
        const code: unknown = err && (err as { code?: unknown }).code;
        const detail = typeof code === "string" ? `${code}: ${err?.message}` : (stderr.trim() || err?.message || stdout);
        return resolve({ kind: "no-interpreter", python, detail });
      }
      const version = out.version.join(".");
      if (!out.supported) return resolve({ kind: "unsupported", python: out.executable, version });
      if (!out.shardlint || !out.location) {
        return resolve({ kind: "missing", python: out.executable, detail: out.error ?? "shardlint is not importable" });
      }
      resolve({ kind: "ok", version, shardlint: out.shardlint, location: out.location, libcst: out.libcst });
    });
  });
}

/** Interpreters on PATH for the picker: python3 and python3.N, each once (by real path). */
export function interpretersOnPath(envPath = process.env.PATH ?? ""): string[] {
  const names = ["python3", ...Array.from({ length: 10 }, (_, i) => `python3.${i + 10}`)];
  const seen = new Set<string>();
  const found: string[] = [];
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      const p = path.join(dir, name);
      try {
        fs.accessSync(p, fs.constants.X_OK);
        const real = fs.realpathSync(p);
        if (seen.has(real)) continue;
        seen.add(real);
        found.push(p);
      } catch {
        continue;
      }
    }
  }
  return found;
}
