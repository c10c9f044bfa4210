// What the status bar item says: analysing while the server owes diagnostics for a file the editor
// sent, lowering while a lowering check runs, else idle. Pure, so the unit tests drive it directly.

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

export function render(state: State): { text: string; tooltip: string } {
  switch (state) {
    case "starting":
      return { text: "$(loading~spin) shardlint", tooltip: "shardlint: starting the server" };
    case "analysing":
      return { text: "$(sync~spin) shardlint", tooltip: "shardlint: analysing" };
    case "lowering":
      return { text: "$(beaker~spin) shardlint: lowering", tooltip: "shardlint: lowering with JAX" };
    case "idle":
      return { text: "$(check) shardlint", tooltip: "shardlint: idle (click for the output)" };
    case "stopped":
      return { text: "$(error) shardlint", tooltip: "shardlint: the server is not running (click for the output)" };
  }
}
