"""The store and incremental analysis: a run with the store (nothing changed, or files edited,
added, removed) reports exactly what a fresh run of the same files reports, on every corpus case,
fixture and example project; a run where nothing changed reads and parses nothing; an edit
re-analyses only what it is connected to; the split between processes changes nothing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
import tomllib
from pathlib import Path

import pytest

from shardlint.analysis import check as checkmod, environment, source, store as storemod
from shardlint.analysis.check import check
from shardlint.analysis.config import load, parse_table

sys.path.insert(0, str(Path(__file__).resolve().parent))

from jaxtruth.run import discover as fixtures  # noqa: E402
from unread import plant_in_unread_bodies, stored_reads  # noqa: E402

TESTS = Path(__file__).resolve().parent
BACKEND = {"cuda": "gpu", "tpu": "tpu", "cpu": "cpu"}


def _projects() -> list[tuple[str, Path, list[Path], dict | None]]:
    """(id, folder, its .py files, [tool.shardlint] table or None for the folder's own config)."""
    out = []
    for case in sorted((TESTS / "corpus").iterdir()):
        if not case.is_dir() or case.name.startswith(("_", ".")):
            continue
        meta = tomllib.loads((case / "case.toml").read_text()) if (case / "case.toml").is_file() else {}
        table = {"jax-version": meta.get("jax", "0.10.2"), "backend": BACKEND[meta.get("platform", "cuda")]}
        out.append((f"corpus/{case.name}", case, sorted(case.rglob("*.py")), table))
    for fx in fixtures():
        out.append((f"fixtures/{fx.id}", fx.root, fx.files(), fx.config_table()))
    for folder in ("example", "robustness", "lowering/projects/gpu", "lowering/projects/tpu",
                   "lowering/projects/misc"):
        root = TESTS / folder
        out.append((folder, root, sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts), None))
    return out


PROJECTS = _projects()


def _copy(files: list[Path], src: Path, dest: Path) -> list[Path]:
    out = []
    for f in files:
        target = dest / f.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, target)
        out.append(target)
    for extra in ("pyproject.toml", "shardlint.toml"):
        if (src / extra).is_file():
            shutil.copy2(src / extra, dest / extra)
    return out


def _report(root: Path, table: dict | None, use_cache: bool) -> list[dict]:
    config = parse_table(table, root, None) if table is not None else load(root)
    result = check([root], config, use_cache=use_cache)
    out = []
    for d in result.diagnostics:
        out.append(json.loads(json.dumps(d.to_state(), default=repr).replace(str(root), "<root>")))
    return out


def _parses(fn) -> int:
    """How many files `fn()` parsed or syntax-checked."""
    n = [0]

    def tick():
        n[0] += 1

    with source.observe(tick):
        fn()
    return n[0]


@pytest.mark.parametrize("pid, src, files, table", PROJECTS, ids=[p[0] for p in PROJECTS])
def test_stored_runs_report_what_a_fresh_run_reports(tmp_path, pid, src, files, table):
    root = tmp_path / "p"
    copied = _copy(files, src, root)
    cold = _report(root, table, use_cache=False)
    assert _report(root, table, use_cache=True) == cold  # fills the store
    assert (root / storemod.CACHE_DIR / storemod.STORE_FILE).is_file()
    warm: list = []
    assert _parses(lambda: warm.extend(_report(root, table, use_cache=True))) == 0
    assert warm == cold
    # Each file in turn is edited (every line below moves, and so does every diagnostic
    # there or whose call path passes there): the stored run must follow.
    for f in copied:
        f.write_text("\n" + f.read_text())
        assert _report(root, table, use_cache=True) == _report(root, table, use_cache=False), f.name
    # Each file in turn gets, in every body the last analysis did not read, a collective no
    # mesh binds (an error wherever it runs): kept from the store, the stored run must still
    # report what a fresh one does.
    for f in copied:
        if plant_in_unread_bodies(f, stored_reads(root)):
            assert _report(root, table, use_cache=True) == _report(root, table, use_cache=False), f.name


def test_an_edit_in_bodies_no_analysis_read_is_not_analysed(tmp_path, monkeypatch):
    """A body the last analysis never read (a function nothing calls), or comments after the
    last line of code: the file looks the same to the analysis, nothing is parsed again and the
    stored diagnostics stand. An edit in a body it read, a changed suppression comment, a new
    import of a project module, or lines added to a body, is analysed."""
    lib = "import jax\n\n\ndef used(x):\n    return x * 2\n\n\ndef unused(x):\n    return x\n\n\nY = 1\n"
    main = "import jax\nfrom lib import used\n\njax.jit(lambda x: jax.lax.psum(used(x), 'i'))(1.0)\n"
    _write(tmp_path, {"lib.py": lib, "main.py": main, "other.py": "X = 1\n"})
    assert _codes(tmp_path) == [("main.py", 4, "SHL005")]
    # A file is read in part once the store has seen it parse: the analysis after an edit.
    _write(tmp_path, {"lib.py": lib.replace("    return x\n", "    return x + 0\n")})
    assert _codes(tmp_path) == [("main.py", 4, "SHL005")]
    analysed = _spy_analysed(monkeypatch)
    edits = [
        (lib.replace("    return x\n", "    return jax.lax.pmean(x, 'j')\n"), False),
        (lib + "# a comment at the end\n\n", False),
        (lib.replace("    return x * 2\n", "    return jax.lax.pmean(x, 'j')\n"), True),
        (lib.replace("    return x\n", "    return x  # shardlint: ignore\n"), True),
        (lib.replace("    return x\n", "    import os; return x\n"), False),  # nothing of the project's
        (lib.replace("    return x\n", "    import other; return x\n"), True),
        (lib.replace("    return x\n", "    return x\n    return x\n"), True),
    ]
    for text, seen in edits:
        analysed.clear()
        _write(tmp_path, {"lib.py": text})
        stored = _report(tmp_path, None, use_cache=True)
        assert bool(analysed) == seen, text
        assert stored == _report(tmp_path, None, use_cache=False), text
        _write(tmp_path, {"lib.py": lib})
        _report(tmp_path, None, use_cache=True)




def test_a_run_where_nothing_changed_reads_no_file(tmp_path, monkeypatch):
    root = tmp_path / "p"
    _copy(sorted((TESTS / "example").rglob("*.py")), TESTS / "example", root)
    first = _report(root, None, use_cache=True)
    reads = []
    real = Path.read_bytes

    def spy(self):
        if self.suffix == ".py":
            reads.append(self.name)
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", spy)
    assert _report(root, None, use_cache=True) == first
    assert reads == []
    # A touched file (same bytes, new mtime) is read and hashed, never analysed again.
    stages = root / "pipeline" / "stages.py"
    os.utime(stages, ns=(stages.stat().st_atime_ns, stages.stat().st_mtime_ns + 10**10))
    assert _parses(lambda: _report(root, None, use_cache=True)) == 0
    assert reads == ["stages.py"]


HELPER_BAD = """\
import jax
def exchange(x):
    return jax.lax.psend(x, "x", [(0, 1)])
"""
HELPER_OK = """\
import jax
def exchange(x):
    return jax.lax.psum(x, "x")
"""
USER = """\
import jax
import jax.numpy as jnp
from helper import exchange
jax.jit(exchange)(jnp.ones(4))
"""
OTHER = """\
import jax
import jax.numpy as jnp
jax.jit(lambda v: jax.lax.pmean(v, "y"))(jnp.ones(2))
"""


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text))


def _spy_analysed(monkeypatch) -> list:
    analysed = []
    real = checkmod.analyze_sources

    def spy(files, config, roots, imported=frozenset()):
        analysed.append(sorted(Path(p).relative_to(config.root).as_posix() for p in files))
        return real(files, config, roots, imported)

    monkeypatch.setattr(checkmod, "analyze_sources", spy)
    return analysed


def _codes(root: Path) -> list:
    return [(Path(d["path"]).name, d["line"], d["code"]) for d in _report(root, None, use_cache=True)]


def test_an_edit_reanalyses_only_what_it_is_connected_to(tmp_path, monkeypatch):
    _write(tmp_path, {"helper.py": HELPER_OK, "user.py": USER, "other.py": OTHER})
    assert _codes(tmp_path) == [("helper.py", 3, "SHL005"), ("other.py", 3, "SHL005")]
    analysed = _spy_analysed(monkeypatch)
    _write(tmp_path, {"helper.py": HELPER_BAD})
    assert _codes(tmp_path) == [("helper.py", 3, "SHL002"), ("other.py", 3, "SHL005")]
    assert analysed == [["helper.py", "user.py"]]  # the dependant too; other.py keeps its own
    _write(tmp_path, {"new.py": OTHER})
    assert _codes(tmp_path)[-1] == ("other.py", 3, "SHL005")
    assert analysed[-1] == ["new.py"]
    (tmp_path / "helper.py").unlink()
    assert ("helper.py", 3, "SHL002") not in _codes(tmp_path)
    assert analysed[-1] == ["user.py"]


def test_a_submodule_reached_as_an_attribute_is_a_dependency(tmp_path, monkeypatch):
    """`import pkg` then `pkg.ops.exchange(...)`: nothing imports pkg/ops.py by name, yet the
    interpreter follows the attribute into it, so an edit there re-checks the user."""
    _write(tmp_path, {"pkg/__init__.py": "", "pkg/ops.py": HELPER_OK, "main.py": (
        "import jax\nimport jax.numpy as jnp\nimport pkg\njax.jit(pkg.ops.exchange)(jnp.ones(4))\n")})
    assert _codes(tmp_path) == [("ops.py", 3, "SHL005")]
    analysed = _spy_analysed(monkeypatch)
    _write(tmp_path, {"pkg/ops.py": HELPER_BAD})
    assert _codes(tmp_path) == [("ops.py", 3, "SHL002")]
    assert "main.py" in analysed[0]


def test_racy_edit_within_the_timestamp_granularity_is_seen(tmp_path):
    """Same size, same mtime, new bytes: what git calls a racy edit. A file stat'ed right
    after it was written is re-read next time whatever its stat says."""
    _write(tmp_path, {"m.py": OTHER})
    st = (tmp_path / "m.py").stat()
    assert _codes(tmp_path) == [("m.py", 3, "SHL005")]
    (tmp_path / "m.py").write_text(OTHER.replace('"y"', '"z"'))
    os.utime(tmp_path / "m.py", ns=(st.st_atime_ns, st.st_mtime_ns))
    assert (tmp_path / "m.py").stat().st_size == st.st_size
    found = _report(tmp_path, None, use_cache=True)
    assert "'z'" in found[0]["message"]


def test_a_broken_or_foreign_store_is_ignored_and_replaced(tmp_path, monkeypatch):
    _write(tmp_path, {"m.py": HELPER_BAD})
    want = _report(tmp_path, None, use_cache=False)
    path = tmp_path / storemod.CACHE_DIR / storemod.STORE_FILE
    for junk in (b"{not json", b"[]", b'{"format": 1, "code": "x"}', b"\x00\xff" * 8,
                 json.dumps({"format": 1, "code": environment.CODE_VERSION, "files": 3, "records": {}}).encode()):
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(junk)
        assert _report(tmp_path, None, use_cache=True) == want
        assert json.loads(path.read_bytes())["code"] == environment.CODE_VERSION


def test_a_run_where_nothing_changed_reads_only_the_store_file(tmp_path, monkeypatch):
    """The import statements and graphs are only read by a run that has something to
    analyse again."""
    _write(tmp_path, {"helper.py": HELPER_BAD, "user.py": USER})
    want = _report(tmp_path, None, use_cache=True)
    (tmp_path / storemod.CACHE_DIR / storemod.IMPORTS_FILE).write_text("{not json")
    assert _parses(lambda: _report(tmp_path, None, use_cache=True)) == 0


@pytest.mark.parametrize("junk", ["{not json", "[]", None])
def test_imports_of_another_save_are_not_used(tmp_path, monkeypatch, junk):
    """Imports that do not belong to the store read (broken, or written by another save: two
    runs saving at once) leave the edit's connections unknown: everything is analysed again,
    and the verdicts are a fresh run's."""
    _write(tmp_path, {"helper.py": HELPER_OK, "user.py": USER, "other.py": OTHER})
    _report(tmp_path, None, use_cache=True)
    path = tmp_path / storemod.CACHE_DIR / storemod.IMPORTS_FILE
    if junk is None:  # the right format, another save's stamp, no graph at all
        doc = json.loads(path.read_text())
        junk = json.dumps({**doc, "stamp": "0" * 16, "graphs": {}})
    path.write_text(junk)
    analysed = _spy_analysed(monkeypatch)
    _write(tmp_path, {"helper.py": HELPER_BAD})
    assert _report(tmp_path, None, use_cache=True) == _report(tmp_path, None, use_cache=False)
    assert analysed[0] == ["helper.py", "other.py", "user.py"]
    # ...and the save that followed wrote imports that belong to its store again.
    _write(tmp_path, {"helper.py": HELPER_OK})
    _report(tmp_path, None, use_cache=True)
    assert analysed[-1] == ["helper.py", "user.py"]


def test_the_store_is_keyed_by_the_analysis_code(tmp_path, monkeypatch):
    """A store written by another shardlint (other rules, other fix facts) is never read: its
    key includes a digest of the analysis code, which any change to it changes."""
    _write(tmp_path, {"m.py": HELPER_BAD})
    _report(tmp_path, None, use_cache=True)
    monkeypatch.setattr(storemod, "CODE_VERSION", "0" * 16)
    assert storemod.Store.open(tmp_path).records == {}
    assert _parses(lambda: _report(tmp_path, None, use_cache=True)) > 0


def test_a_changed_installed_library_is_seen(tmp_path):
    """The analysis reads an installed library as source: a store that used it is stale once
    the library changes (an upgrade in place)."""
    lib = tmp_path / "site-packages"
    _write(lib, {"steplib/__init__.py": (
        "import jax\n\n\ndef make_step():\n    def step(x):\n        return jax.lax.psum(x, 'x')\n"
        "    return jax.jit(step)\n")})
    proj = tmp_path / "proj"
    _write(proj, {"main.py": ("import jax.numpy as jnp\nimport steplib\n\nif __name__ == '__main__':\n"
                              "    steplib.make_step()(jnp.zeros(4))\n")})
    env = {**os.environ, "PYTHONPATH": str(lib)}
    cmd = [str(Path(sys.executable).with_name("shardlint")), "check", "--format", "json", "."]

    def codes():
        out = subprocess.run(cmd, cwd=proj, capture_output=True, text=True, env=env).stdout
        return [d["code"] for d in json.loads(out)]

    assert codes() == ["SHL005"]
    text = (lib / "steplib" / "__init__.py").read_text()
    (lib / "steplib" / "__init__.py").write_text(text.replace("jax.lax.psum(x, 'x')", "x + 1"))
    assert codes() == []


_SPLIT = textwrap.dedent("""
    import json, os, sys
    from pathlib import Path
    from shardlint.analysis import parallel
    from shardlint.analysis.check import check
    from shardlint.analysis.config import Config
    root = Path(sys.argv[1])
    forks = []
    fork = os.fork
    os.fork = lambda: forks.append(1) or fork()
    runs = []
    for threshold in (10**12, 0):
        parallel.MIN_PARALLEL_CHARS = threshold
        res = check([root], Config(root=root), use_cache=False)
        runs.append([d.to_json() | {"data": repr(d.data)} for d in res.diagnostics])
    print(json.dumps({"same": runs[0] == runs[1], "n": len(runs[0]), "forks": len(forks)}))
""")


def _split_is_the_same(folder: str) -> dict:
    out = subprocess.run([sys.executable, "-c", _SPLIT, str(TESTS / folder)], capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    res = json.loads(out.stdout)
    assert res["n"] > 50 and res["forks"] == 1, res
    return res["same"]


def test_the_split_between_processes_changes_nothing():
    """The fixtures, checked as one project of many unconnected parts: split between two
    processes as a big project is, they report what one process does."""
    assert _split_is_the_same("fixtures")


def test_the_split_between_processes_changes_nothing_on_the_corpus():
    assert _split_is_the_same("corpus")


def test_a_process_with_threads_splits_into_fresh_interpreters(tmp_path, monkeypatch):
    """The server has threads (a fork would copy them mid-flight): its workers are fresh
    interpreters handed the texts, unsaved buffers included, and answer the same."""
    import functools

    from shardlint.analysis import parallel
    from shardlint.analysis.config import Config

    _write(tmp_path, {"helper.py": HELPER_BAD, "user.py": USER, "other.py": OTHER, "lone.py": OTHER})
    config = Config(root=tmp_path)
    files = {str(tmp_path / n): source.read_file(tmp_path / n, str(tmp_path / n))
             for n in ("helper.py", "user.py", "other.py", "lone.py")}
    files[str(tmp_path / "lone.py")] = source.parse_text(str(tmp_path / "lone.py"), "import jax\n" + OTHER)
    work = functools.partial(checkmod._analyse_observed, config=config, roots=[tmp_path])
    graph = {str(tmp_path / "user.py"): {str(tmp_path / "helper.py")}}
    want = sorted(work(files)[0], key=lambda d: d.sort_key())
    monkeypatch.setattr(parallel, "_forkable", lambda: False)
    bins = parallel._bins(files, graph, 2)
    assert len(bins) == 2
    seen = []
    got = parallel._split(bins, work, lambda done, total: seen.append((done, total)), len(files), here=True)[0]
    assert sorted(got, key=lambda d: d.sort_key()) == want
    assert any(d.path.endswith("lone.py") and d.line == 4 for d in got)  # the buffer, not the file
    assert seen[-1] == (4, 4)
    # A big analysis there runs in workers only: the server builds none of its trees.
    monkeypatch.setattr(parallel, "MIN_PARALLEL_CHARS", 0)
    for jobs in (1, 2):
        for sf in files.values():
            sf.release()
        got = []
        assert _parses(lambda: got.extend(parallel.analyse_components(files, graph, work, jobs=jobs)[0])) == 0
        assert sorted(got, key=lambda d: d.sort_key()) == want


def test_a_worker_that_dies_is_redone_in_process():
    from shardlint.analysis import parallel

    parent = os.getpid()
    files = {f"/p/m{i}.py": source.parse_text(f"/p/m{i}.py", "x = 1\n" * 10) for i in range(4)}

    def work(fs):
        if os.getpid() != parent:
            os._exit(3)
        return sorted(fs), {}

    bins = parallel._bins(files, {}, 2)
    assert len(bins) == 2
    diags, _ = parallel._split(bins, work, None, len(files), here=True)
    assert sorted(diags) == sorted(files)


_IDLE_CORE = textwrap.dedent("""
    import json, os, sys
    from pathlib import Path
    from shardlint.analysis import parallel, source
    from shardlint.analysis.check import check
    from shardlint.analysis.config import Config
    root = Path(sys.argv[1])
    forks, whole = [], []
    fork = os.fork
    os.fork = lambda: forks.append(1) or fork()
    build = source._build
    source._build = lambda text: whole.append(1) or build(text)
    runs = []
    for threshold in (10**12, 0):
        parallel.MIN_PARALLEL_CHARS = threshold
        forks.clear(), whole.clear()
        res = check([root], Config(root=root), use_cache=False)
        runs.append({"diags": [d.to_json() for d in res.diagnostics], "forks": len(forks), "whole": len(whole)})
    print(json.dumps(runs))
""")

BIG = "\n".join(f"def helper_{i}(x):\n    y = x * {i}\n    return y + 1\n" for i in range(400))


@pytest.mark.parametrize("broken", [False, True])
def test_an_idle_core_checks_the_syntax_of_what_is_read_in_part(tmp_path, broken):
    """One big part and one small: the core the small one leaves idle checks the syntax of the
    big one's files, which this process reads with their function bodies unparsed until used.
    A file that does not parse (its error in a body nothing reads) is then read whole, and the
    run reports what a run in one process, with whole trees, reports."""
    body = "    return x +* 2\n" if broken else "    return x * 2\n"
    _write(tmp_path, {
        "main.py": "import jax\nimport helpers\n\ndef step(x):\n    return jax.lax.psum(x, 'i')\n\n"
                   "jax.jit(step)(1.0)\n",
        "helpers.py": "def unused(x):\n" + body + "\n" + BIG,
        "lone.py": "import jax\n\nX = jax.numpy.ones(3)\n",
    })
    out = subprocess.run([sys.executable, "-c", _IDLE_CORE, str(tmp_path)], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    alone, split = json.loads(out.stdout)
    assert split["diags"] == alone["diags"]
    assert [(d["code"], Path(d["path"]).name) for d in split["diags"]] == (
        [("SHL000", "helpers.py")] if broken else []) + [("SHL005", "main.py")]
    assert split["forks"] == 2  # the small part's worker, and the syntax check
    # No file is parsed whole here (lone.py is, in its worker) unless the check finds it does not
    # parse: helpers.py, for ast.parse's verdict and for the analysis done again.
    assert split["whole"] == (2 if broken else 0)


def test_progress_on_a_terminal_and_the_closing_line(tmp_path):
    import io
    import pty

    from shardlint.server.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    _write(tmp_path, {"m.py": HELPER_BAD, "n.py": OTHER})
    term = Terminal()
    progress = Progress(term, after_s=0)
    result = check([tmp_path], load(tmp_path), use_cache=False, progress=progress)
    progress.finish(result.files)
    shown = term.getvalue()
    assert "\rshardlint: 2/2 files" in shown
    assert shown.endswith("\rChecked 2 files in " + shown.rsplit(" in ", 1)[1])
    cmd = [str(Path(sys.executable).with_name("shardlint")), "check", "--no-cache", "."]
    plain = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True)
    assert plain.returncode == 1
    assert plain.stderr.splitlines() == [plain.stderr.splitlines()[0]]
    assert plain.stderr.startswith("Checked 2 files in ") and plain.stderr.endswith(" s\n")
    main, secondary = pty.openpty()
    try:
        p = subprocess.run(cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=secondary)
        os.close(secondary)
        secondary = None
        shown_b = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown_b += chunk
    finally:
        os.close(main)
        if secondary is not None:
            os.close(secondary)
    assert p.stdout == plain.stdout.encode()
    assert "Checked 2 files in " in shown_b.decode()


def test_store_writes_are_atomic_and_skip_read_only_trees(tmp_path):
    _write(tmp_path, {"m.py": HELPER_BAD})
    s = storemod.Store.open(tmp_path)
    s.source(tmp_path / "m.py")
    s.save()
    assert sorted(p.name for p in (tmp_path / storemod.CACHE_DIR).iterdir()) == [
        ".gitignore", "imports.json", "store.json"]
    assert "*" in (tmp_path / storemod.CACHE_DIR / ".gitignore").read_text().split()


def test_environment_state_follows_installs(tmp_path, monkeypatch):
    site = tmp_path / "site-packages"
    site.mkdir()
    monkeypatch.setattr(environment, "_interpreter_info", lambda python: ((str(site),), "0.10.2"))
    from shardlint.analysis.config import Config

    before = environment.environment_state(Config(root=tmp_path))
    time.sleep(0.01)
    (site / "newpkg").mkdir()
    assert environment.environment_state(Config(root=tmp_path)) != before


def test_a_venvs_python_and_python3_are_this_interpreter(tmp_path, monkeypatch):
    """The console script runs under a virtual environment's `python3` while VIRTUAL_ENV names
    its `python`: taken for another interpreter, the analysis asked a probe for its import
    path, and ran what it found there."""
    venv = tmp_path / "venv" / "bin"
    venv.mkdir(parents=True)
    os.symlink(os.path.realpath(sys.executable), venv / "python3")
    os.symlink("python3", venv / "python")
    monkeypatch.setattr(sys, "executable", str(venv / "python3"))
    assert not environment.is_foreign(str(venv / "python"))
    other = tmp_path / "other" / "bin"
    other.mkdir(parents=True)
    os.symlink(os.path.realpath(sys.executable), other / "python")
    assert environment.is_foreign(str(other / "python"))


def test_another_interpreter_lends_only_its_installed_packages(tmp_path):
    """The standard library (and the probe's own folder) is not read from another interpreter,
    as it is not from this one: running the JSON decoder on a file's unknown text took hours."""
    import sysconfig

    other = tmp_path / "other" / "bin"
    other.mkdir(parents=True)
    os.symlink(os.path.realpath(sys.executable), other / "python")
    paths, _ = environment._interpreter_info(str(other / "python"))
    assert paths and all("site-packages" in p or p.endswith("dist-packages") for p in paths)
    assert sysconfig.get_paths()["stdlib"] not in paths


def _real_python_files():
    import jax

    yield from (p for p in sorted(TESTS.rglob("*.py")) if "__pycache__" not in p.parts)
    yield from sorted(Path(jax.__file__).resolve().parent.rglob("*.py"))[::4]  # every style there is


def test_the_import_scan_finds_every_import_the_tree_has():
    """Dependency edges come from a scan of the text, never a tree: it must find every import
    statement `ast` finds (parenthesised lists, comments with parentheses, continuations,
    `;`, relative levels), on the tests and on JAX's own package."""
    import ast

    from shardlint.analysis.importscan import scan_imports

    checked = 0
    for p in _real_python_files():
        text = p.read_text(encoding="utf-8", errors="replace")
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        found = {(level, module, name) for level, module, names in scan_imports(text) for name in names}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                want = {(-1, "", a.name) for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                want = {(node.level, node.module or "", a.name) for a in node.names}
            else:
                continue
            assert want <= found, (str(p), node.lineno, want - found)
            checked += 1
    assert checked > 2000
    tricky = ("from a.b import (c,  # d)\n  e as f)\nimport g.h as i, j; from . import k\n"
              "if x: from .. m import n\nfrom \\\n  o import p\nfrom.q import r\n")
    assert scan_imports(tricky) == (
        (0, "a.b", ("c", "e")), (1, "", ("k",)), (2, "m", ("n",)), (0, "o", ("p",)), (1, "q", ("r",)),
        (-1, "", ("g.h", "j")))


def test_shardlint_jobs_caps_the_processes(monkeypatch):
    from shardlint.analysis import parallel

    files = {f"/p/m{i}.py": source.parse_text(f"/p/m{i}.py", "x = 1\n") for i in range(3)}
    monkeypatch.setenv("SHARDLINT_JOBS", "1")
    assert parallel._jobs(None) == 1 and len(parallel._bins(files, {}, parallel._jobs(None))) == 1
    monkeypatch.setenv("SHARDLINT_JOBS", "3")
    assert parallel._jobs(None) == 3 and len(parallel._bins(files, {}, parallel._jobs(None))) == 3
    monkeypatch.setenv("SHARDLINT_JOBS", "many")
    assert parallel._jobs(None) >= 1


CUT_HELPER = """\
import jax
def exchange(x):
    return jax.lax.psum(x, "x")
def unused():
    return 1
"""


def test_bodies_are_parsed_where_read_only_in_files_the_store_saw_parse(tmp_path, monkeypatch):
    """A file whose text the store saw parse has its function bodies parsed only where the
    analysis reads them (see `skeleton`), and so has one changed whose text is accepted (see
    `source.accepted`)."""
    _write(tmp_path, {"helper.py": CUT_HELPER, "user.py": USER})
    assert _codes(tmp_path) == [("helper.py", 3, "SHL005")]
    lazily = []
    real = source._parse

    def spy(text, lazy_bodies=False):
        lazily.append(lazy_bodies)
        return real(text, lazy_bodies)

    monkeypatch.setattr(source, "_parse", spy)
    _write(tmp_path, {"user.py": USER + "\n"})
    assert _codes(tmp_path) == [("helper.py", 3, "SHL005")]
    assert sorted(lazily) == [True, True]
    lazily.clear()
    _write(tmp_path, {"user.py": USER + "\nx = (\n"})
    assert _codes(tmp_path)[-1][2] == "SHL000"
    assert False in lazily  # one that does not compile is parsed whole, for its error


def test_a_body_the_store_vouched_for_that_does_not_parse_is_analysed_again_whole(tmp_path):
    """A store that says a file parses when a body of it does not (it lies, or the file
    changed under its stat): the analysis that reads that body is redone with whole trees, and
    reports what a fresh run reports."""
    _write(tmp_path, {"helper.py": CUT_HELPER, "user.py": USER})
    _codes(tmp_path)
    helper = tmp_path / "helper.py"
    helper.write_text(CUT_HELPER.replace('"x")', '"x") +'))
    st = storemod.Store.open(tmp_path)
    st.remember_parses(str(helper.resolve()), source.digest(helper.read_bytes()))
    st.save()
    _write(tmp_path, {"user.py": USER + "\n"})
    fresh = [(Path(d["path"]).name, d["line"], d["code"]) for d in _report(tmp_path, None, use_cache=False)]
    assert ("helper.py", 3, "SHL000") in fresh
    assert _codes(tmp_path) == fresh


def test_what_parses_is_kept_for_the_python_that_parsed_it(tmp_path, monkeypatch):
    """`def f[T]()` parses in 3.12, not before: a store saved under another Python vouches for
    no file."""
    _write(tmp_path, {"helper.py": CUT_HELPER, "user.py": USER})
    _codes(tmp_path)
    helper = str((tmp_path / "helper.py").resolve())
    dig = source.digest((tmp_path / "helper.py").read_bytes())
    assert storemod.Store.open(tmp_path).parses(helper, dig)
    monkeypatch.setattr(storemod, "_PYTHON", "3.99")
    assert not storemod.Store.open(tmp_path).parses(helper, dig)
