// What the language status item says: analysing while the server owes diagnostics for a file the
// editor sent, lowering while a lowering check runs, else idle. Pure, so the unit tests drive it directly.

export type State = "starting" | "analysing" | "lowering" | "idle" | "stopped";

export class StatusModel {
  private pending = new Map<string, number>();
  private lowering = 0;
  private running = false;
  private failed = false;

  /** A file waits no longer than this for its diagnostics before it stops counting as analysing. */
  constructor(private readonly staleMs = 30000) {}

  started(): void {
    this.running = true;
    this.failed = false;
  }

  stopped(failed: boolean): void {
    this.running = false;
    this.failed = failed;
    this.pending.clear();
    this.lowering = 0;
  }

  sent(uri: string, now: number): void {
    this.pending.set(uri, now);
  }

  received(uri: string): void {
    this.pending.delete(uri);
  }

  closed(uri: string): void {
    this.pending.delete(uri);
  }

  loweringStarted(): void {
    this.lowering++;
  }

  loweringFinished(): void {
    this.lowering = Math.max(0, this.lowering - 1);
  }

  state(now: number): State {
    if (!this.running) return this.failed ? "stopped" : "starting";
    if (this.lowering > 0) return "lowering";
    for (const [uri, at] of this.pending) {
      if (now - at < this.staleMs) return "analysing";
      this.pending.delete(uri);
    }
    return "idle";
  }
}

/** What the server runs with, as the language status item shows it. */
export interface ServerInfo {
  version?: string;
  interpreter?: string;
  pythonVersion?: string;
  /** Where shardlint is imported from: the extension's bundle, or the interpreter's environment. */
  from?: "bundled" | "environment" | "executable";
  /** False when quick fixes are unavailable (no libcst for that interpreter). */
  fixes?: boolean;
}

const ACTIVITY: Record<State, string> = {
  starting: "starting",
  analysing: "analysing",
  lowering: "lowering with JAX",
  idle: "idle",
  stopped: "not running",
};

/** The language status item: the server version as its text; activity and interpreter as its detail. */
export function render(state: State, info: ServerInfo): { text: string; detail: string; busy: boolean; error: boolean } {
  const text = info.version && state !== "stopped" ? `shardlint ${info.version}` : "shardlint";
  const parts = [ACTIVITY[state]];
  if (info.interpreter) {
    parts.push(`Python ${info.pythonVersion ?? ""} ${info.interpreter}`.replace(/\s+/g, " ").trim());
  }
  if (info.from) parts.push(info.from);
  if (info.fixes === false) parts.push("no quick fixes: libcst is missing");
  return {
    text,
    detail: parts.join(" · "),
    busy: state === "starting" || state === "analysing" || state === "lowering",
    error: state === "stopped",
  };
}
