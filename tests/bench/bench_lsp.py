"""Language-server figures (prints them; not a pass/fail test):

1. edit→diagnostics latency, p50/p95 over 50 edits of a 3,000-line file alone in a workspace:
   each edit inserts a line at the top (a comment naming the edit: no two versions' texts are
   the same, as when typing) or removes it, which moves the file's SHL001, so every edit must
   be answered with a new textDocument/publishDiagnostics for its version; with
   `ast.parse` of that file measured in the same run (for scale: an edit re-parses only the
   lines between the statements it leaves alone);
2. the start-up scan of JAX's own package (the jax installed beside shardlint, copied into a
   private folder with the 3,000-line file added; the store starts empty): its time to the end
   of the progress, the server's RSS after it; a restart of the server on the same folder
   (the store filled: the editor's restart) and its time; then 1,000 edits of the 3,000-line
   file in that workspace: the server's RSS every 100 edits (it must stay flat) and the edit
   latency percentiles there.

shardlint is byte-compiled first, as installed (see bench_cli.py).

Run: python tests/bench/bench_lsp.py [--edits 1000] [--skip-jax]
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_cli import compile_shardlint
from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

SERVER = [sys.executable, "-m", "shardlint.server"]

HEADER = """import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def step(v):
    tok = lax.create_token()
    return lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", [(0, 1), (1, 2), (2, 3)])

"""

BLOCK = '''

def layer_{i}(params, x):
    """Layer {i}."""
    w, b = params["w{i}"], params["b{i}"]
    y = jnp.dot(x, w) + b
    y = jax.nn.relu(y)
    return jnp.where(y > {i}, y, 0.0)
'''


def big_file(lines: int = 3000) -> str:
    text, i = HEADER, 0
    while text.count("\n") < lines - 2:
        text += BLOCK.format(i=i)
        i += 1
    return text + "\nstep(jnp.zeros((32, 16)))\n"


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def session(root: Path):
    client = LanguageClient("shardlint-bench", "1")
    published: dict[str, list] = {}
    events: dict[tuple[str, int | None], asyncio.Event] = {}
    progress_done = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_publish(params: types.PublishDiagnosticsParams):
        published[params.uri] = list(params.diagnostics)
        events.setdefault((params.uri, params.version), asyncio.Event()).set()

    @client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
    def on_create(params):
        return None

    @client.feature(types.PROGRESS)
    def on_progress(params: types.ProgressParams):
        if isinstance(params.value, dict) and params.value.get("kind") == "end":
            progress_done.set()

    @client.feature(types.WINDOW_LOG_MESSAGE)
    def on_log(params):
        pass

    await client.start_io(*SERVER)
    caps = types.ClientCapabilities(window=types.WindowClientCapabilities(work_done_progress=True))
    await client.initialize_async(types.InitializeParams(
        capabilities=caps, root_uri=from_fs_path(str(root)),
        workspace_folders=[types.WorkspaceFolder(uri=from_fs_path(str(root)), name=root.name)]))
    client.initialized(types.InitializedParams())
    return client, published, events, progress_done


def parse_ms(text: str, rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        ast.parse(text)
        best = min(best, time.perf_counter() - t)
    return best * 1000


async def edit(client, events, uri: str, v: int) -> float:
    """One edit (version `v`), and the milliseconds until its diagnostics are published."""
    insert = v % 2 == 0
    rng = types.Range(start=types.Position(line=0, character=0),
                      end=types.Position(line=0 if insert else 1, character=0))
    ev = events.setdefault((uri, v), asyncio.Event())
    t0 = time.perf_counter()
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=v),
        content_changes=[types.TextDocumentContentChangePartial(range=rng, text=f"# edit {v}\n" if insert else "")]))
    await asyncio.wait_for(ev.wait(), 60)
    ms = (time.perf_counter() - t0) * 1000
    events.pop((uri, v), None)
    await asyncio.sleep(0.05)  # a typing pause, so that each edit is measured alone
    return ms


async def open_big(client, published, root: Path) -> str:
    path = root / "big.py"
    uri = from_fs_path(str(path))
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="python", version=1, text=path.read_text())))
    await asyncio.sleep(0.5)  # the scan already published the file; opening it changes nothing
    assert any(x.code == "SHL001" for x in published[uri]), published.get(uri)
    return uri


async def stop(client) -> None:
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


async def latency(edits: int = 50) -> list[float]:
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        (root / "big.py").write_text(big_file())
        client, published, events, progress_done = await session(root)
        await asyncio.wait_for(progress_done.wait(), 120)
        uri = await open_big(client, published, root)
        times = [await edit(client, events, uri, v) for v in range(2, edits + 2)]
        await stop(client)
        return times


def jax_workspace(dest: Path) -> Path:
    out = subprocess.run([sys.executable, "-c", "import jax, os; print(os.path.dirname(jax.__file__))"],
                         capture_output=True, text=True, check=True)
    root = dest / "jax"
    shutil.copytree(out.stdout.strip(), root, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "big.py").write_text(big_file())
    return root


async def scan(root: Path) -> tuple[float, float, object]:
    """(seconds to start the server and initialize it, seconds from there to the end of the
    start-up scan's progress, the session)."""
    t0 = time.perf_counter()
    sess = await session(root)
    t1 = time.perf_counter()
    await asyncio.wait_for(sess[3].wait(), 1200)
    return t1 - t0, time.perf_counter() - t1, sess


async def workspace(edits: int) -> dict:
    with tempfile.TemporaryDirectory() as d:
        root = jax_workspace(Path(d))
        files = sum(1 for _ in root.rglob("*.py"))
        start_s, cold_s, (client, published, events, _) = await scan(root)
        await asyncio.sleep(1.0)  # what the scan leaves behind is freed once the server is idle
        cold_mib = rss_mib(client._server.pid)
        await stop(client)
        _, warm_s, (client, published, events, _) = await scan(root)
        await asyncio.sleep(1.0)
        warm_mib = rss_mib(client._server.pid)
        uri = await open_big(client, published, root)
        rss, times = [rss_mib(client._server.pid)], []
        for v in range(2, edits + 2):
            times.append(await edit(client, events, uri, v))
            if (v - 1) % 100 == 0:
                await asyncio.sleep(0.5)
                rss.append(rss_mib(client._server.pid))
        await stop(client)
        return {"files": files, "start_s": start_s, "cold_s": cold_s, "cold_mib": cold_mib, "warm_s": warm_s,
                "warm_mib": warm_mib, "rss": rss, "times": times}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--edits", type=int, default=1000)
    ap.add_argument("--skip-jax", action="store_true")
    args = ap.parse_args()
    compile_shardlint()  # as installed (see bench_cli): the scan's workers import it too
    text = big_file()
    floor = parse_ms(text)
    times = asyncio.run(latency())
    print(f"edit→diagnostics on a 3,000-line file alone, {len(times)} edits: "
          f"p50 {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
          f"max {max(times):.1f} ms; ast.parse of the file {floor:.1f} ms "
          f"(p95 = {percentile(times, 0.95) / floor:.1f}x); {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    if not args.skip_jax:
        r = asyncio.run(workspace(args.edits))
        print(f"workspace of jax 0.10.2 + the 3,000-line file ({r['files']} .py files): server start "
              f"{r['start_s']:.1f} s, then the scan {r['cold_s']:.1f} s, server RSS after it {r['cold_mib']:.0f} MiB; "
              f"restarted (store filled): scan {r['warm_s']:.1f} s, {r['warm_mib']:.0f} MiB")
        print(f"  {len(r['times'])} edits of the 3,000-line file there: p50 {statistics.median(r['times']):.1f} ms, "
              f"p95 {percentile(r['times'], 0.95):.1f} ms; RSS every 100 edits (MiB): "
              + " ".join(f"{m:.0f}" for m in r["rss"]))


if __name__ == "__main__":
    main()
