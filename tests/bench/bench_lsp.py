"""Language-server figures (prints them; not a pass/fail test):

1. edit→diagnostics latency, p50/p95 over 50 edits of a 3,000-line file: each edit inserts or
   removes a line at the top, which moves the file's SHL001, so every edit must be answered with
   a new textDocument/publishDiagnostics for its version;
2. the server's RSS after the start-up scan of JAX's own package (jax 0.10.2, unpacked from its
   wheel into a cache folder on first use), and how long the scan took.

Run: python tests/bench/bench_lsp.py [--cache DIR] [--skip-jax]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

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


async def latency(edits: int = 50) -> list[float]:
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        path = root / "big.py"
        text = big_file()
        path.write_text(text)
        client, published, events, progress_done = await session(root)
        await asyncio.wait_for(progress_done.wait(), 120)
        uri = from_fs_path(str(path))
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=uri, language_id="python", version=1, text=text)))
        await asyncio.sleep(0.5)  # the scan already published the file; opening it changes nothing
        assert any(x.code == "SHL001" for x in published[uri]), published.get(uri)
        times = []
        for v in range(2, edits + 2):
            insert = v % 2 == 0
            rng = types.Range(start=types.Position(line=0, character=0),
                              end=types.Position(line=0 if insert else 1, character=0))
            ev = events.setdefault((uri, v), asyncio.Event())
            t0 = time.perf_counter()
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=v),
                content_changes=[types.TextDocumentContentChangePartial(range=rng, text="\n" if insert else "")]))
            await asyncio.wait_for(ev.wait(), 60)
            times.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.05)  # a typing pause, so that each edit is measured alone
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        return times


def jax_package(cache: Path) -> Path:
    target = cache / "jax-0.10.2"
    if not (target / "jax").is_dir():
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "jax==0.10.2",
                        "-d", str(cache)], check=True)
        wheel = next(cache.glob("jax-0.10.2-*.whl"))
        with zipfile.ZipFile(wheel) as z:
            z.extractall(target)
    return target


async def scan(root: Path) -> tuple[float, float, int]:
    t0 = time.perf_counter()
    client, published, _, progress_done = await session(root)
    await asyncio.wait_for(progress_done.wait(), 1200)
    seconds = time.perf_counter() - t0
    await asyncio.sleep(0.5)
    mib = rss_mib(client._server.pid)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return seconds, mib, sum(len(v) for v in published.values())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "shardlint-bench")
    ap.add_argument("--skip-jax", action="store_true")
    args = ap.parse_args()
    times = asyncio.run(latency())
    print(f"edit→diagnostics on a 3,000-line file, {len(times)} edits: "
          f"p50 {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
          f"max {max(times):.1f} ms")
    if not args.skip_jax:
        pkg = jax_package(args.cache)
        files = sum(1 for _ in pkg.rglob("*.py"))
        seconds, mib, n = asyncio.run(scan(pkg))
        print(f"workspace scan of jax 0.10.2 ({files} .py files): {seconds:.1f} s, "
              f"server RSS {mib:.0f} MiB, {n} diagnostics")


if __name__ == "__main__":
    main()
