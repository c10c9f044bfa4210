"""Fix fixtures: tests/fixes/<case>/ holds the input files, `case.json` (the diagnostics with
the engine facts of FIX_DATA, spans written as [text, substring] to find in the file) and, for
every file the fix changes, `<name>.expected.py`. The chosen fix's edits, applied, must give
exactly the expected files; every other file must stay as it was."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shardlint.analysis.config import Config
from shardlint.analysis.diagnostics import Diagnostic, Edit, Severity
from shardlint.analysis.fixes import (TITLE_MANUAL, TITLE_PMAP, TITLE_WRAP, apply_edits, apply_fixes, fix_all,
                                      fixes_for)
from shardlint.analysis.rules import RULES

CASES = Path(__file__).resolve().parent / "fixes"
CASE_IDS = sorted(p.name for p in CASES.iterdir() if (p / "case.json").is_file())


def _span(root: Path, default_path: str, spec: dict) -> dict:
    path = root / spec.get("path", default_path)
    text = path.read_text()
    whole, sub = spec["at"]
    start = text.index(whole) + (whole.index(sub) if sub else 0)
    length = len(sub or whole)
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    end = start + length
    end_line = text.count("\n", 0, end) + 1
    end_col = end - (text.rfind("\n", 0, end) + 1) + 1
    return {"path": str(path), "line": line, "column": col, "end_line": end_line, "end_column": end_col}


def _data(root: Path, default_path: str, data: dict) -> dict:
    out = {}
    for k, v in data.items():
        if isinstance(v, dict) and "at" in v:
            rest = _data(root, default_path, {kk: vv for kk, vv in v.items() if kk not in ("at", "path")})
            out[k] = {**rest, **_span(root, v.get("path", default_path), v)}
        else:
            out[k] = v
    return out


def diagnostics_of(root: Path) -> tuple[dict, list[Diagnostic]]:
    case = json.loads((root / "case.json").read_text())
    diags = []
    for d in case["diagnostics"]:
        s = _span(root, d["path"], d)
        rule = RULES[d["code"]]
        diags.append(Diagnostic(
            s["path"], s["line"], s["column"], s["end_line"], s["end_column"], d["code"], rule.name,
            Severity(d.get("severity", "error")), d.get("message", "message"),
            data=_data(root, d["path"], d["data"])))
    return case, diags


def _read(p: str) -> str:
    return Path(p).read_text()


def _apply(edits) -> dict[str, str]:
    by_file: dict[str, list[Edit]] = {}
    for e in edits:
        by_file.setdefault(e.path, []).append(e)
    return {p: apply_edits(_read(p), es) for p, es in by_file.items()}


def _expected(root: Path, name: str) -> Path:
    return root / name.replace(".py", ".expected.py")


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_fix_fixture(case_id, tmp_path):
    root = tmp_path / case_id
    shutil.copytree(CASES / case_id, root)
    case, diags = diagnostics_of(root)
    fixes = fixes_for(diags[0], _read, Config(root=root))
    chosen = [f for f in fixes if f.title == case["fix"]]
    assert chosen, f"no fix titled {case['fix']!r}; offered: {[f.title for f in fixes]}"
    assert fixes[-1].title.startswith("Suppress")  # suppression is always offered, last
    new = _apply(chosen[0].edits)
    for src in sorted(root.glob("*.py")):
        if src.name.endswith(".expected.py"):
            continue
        exp = _expected(root, src.name)
        got = new.get(str(src), src.read_text())
        if exp.is_file():
            assert got == exp.read_text(), f"{src.name}:\n{got}"
        else:
            assert got == src.read_text(), f"{src.name} changed but has no expected file"
        compile(got, str(src), "exec")


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_stale_facts_offer_no_fix(case_id, tmp_path):
    """Once the fix is applied the facts no longer match the text: nothing more is offered
    from them (the same fix is never applied twice)."""
    root = tmp_path / case_id
    shutil.copytree(CASES / case_id, root)
    case, diags = diagnostics_of(root)
    fix = next(f for f in fixes_for(diags[0], _read, Config(root=root)) if f.title == case["fix"])
    for p, text in _apply(fix.edits).items():
        Path(p).write_text(text)
    again = [f.title for f in fixes_for(diags[0], _read, Config(root=root))]
    if case["fix"].startswith("Suppress"):
        assert not any(t.startswith("Suppress") for t in again)
    else:
        assert case["fix"] not in again


def test_applicability():
    root = CASES / "wrap_reuse_mesh"
    _, diags = diagnostics_of(root)
    fixes = {f.title: f.applicability for f in fixes_for(diags[0], _read, Config(root=root))}
    assert fixes[TITLE_WRAP] == "unsafe"  # the specs are guessed
    assert fixes["Suppress with `# shardlint: ignore[SHL001]`"] == "safe"
    _, diags = diagnostics_of(CASES / "manual_axis_names")
    assert {f.title: f.applicability for f in fixes_for(diags[0], _read, Config())}[TITLE_MANUAL] == "safe"
    _, diags = diagnostics_of(CASES / "pmap_call")
    assert {f.title: f.applicability for f in fixes_for(diags[0], _read, Config())}[TITLE_PMAP] == "unsafe"


def test_config_version_picks_the_spelling(tmp_path):
    """Without a version in the facts, the configured target JAX version decides."""
    root = tmp_path / "c"
    shutil.copytree(CASES / "wrap_reuse_mesh", root)
    _, diags = diagnostics_of(root)
    del diags[0].data["jax_version"]
    old = fixes_for(diags[0], _read, Config(root=root, jax_version="0.5.3"))[0]
    new = fixes_for(diags[0], _read, Config(root=root, jax_version="0.8.2"))[0]
    assert "check_rep=False" in "".join(e.new_text for e in old.edits)
    assert "from jax.experimental.shard_map import shard_map" in "".join(e.new_text for e in old.edits)
    assert "jax.shard_map(" in "".join(e.new_text for e in new.edits)


def test_fix_all_overlapping_diagnostics_share_one_wrap(tmp_path):
    """psend and precv in one function reach the same wrap: one wrap, one import, one mesh."""
    root = tmp_path / "c"
    shutil.copytree(CASES / "wrap_insert_mesh", root)
    _, diags = diagnostics_of(root)
    precv = diags[0]
    text = (root / "main.py").read_text()
    second = Diagnostic(precv.path, precv.line - 1, 5, precv.line - 1, 30, "SHL002", "psend-outside-shard-map",
                        Severity.ERROR, "m", data=precv.data)
    hint = Diagnostic(precv.path, 3, 1, 3, 2, "SHL201", "pmap-legacy", Severity.HINT, "m", data=precv.data)
    assert fix_all(precv.path, text, [precv, second, hint], Config(root=root)) == []  # wrap is unsafe
    edits = fix_all(precv.path, text, [precv, second, hint], Config(root=root), unsafe=True)
    single = next(f for f in fixes_for(precv, _read, Config(root=root)) if f.title == TITLE_WRAP)
    assert sorted(edits, key=lambda e: (e.line, e.column)) == sorted(single.edits, key=lambda e: (e.line, e.column))
    assert apply_edits(text, edits) == _expected(CASES / "wrap_insert_mesh", "main.py").read_text()


def test_fix_all_uses_the_buffer_text(tmp_path):
    """fixAll works on the editor's unsaved text, not the file on disk."""
    root = tmp_path / "c"
    shutil.copytree(CASES / "manual_axis_names", root)
    _, diags = diagnostics_of(root)
    text = (root / "main.py").read_text()
    (root / "main.py").write_text("# replaced on disk\n")
    edits = fix_all(diags[0].path, text, diags, Config(root=root))
    assert apply_edits(text, edits) == _expected(CASES / "manual_axis_names", "main.py").read_text()


def test_suppression_skips_a_line_ending_in_a_string(tmp_path):
    p = tmp_path / "m.py"
    p.write_text('import jax\nx = jax.lax.psum(1, """x\n""")\n')
    d = Diagnostic(str(p), 2, 5, 2, 17, "SHL005", "unbound-axis-name", Severity.ERROR, "m", data={})
    assert fixes_for(d, _read, Config()) == []


def test_suppression_all_codes_already(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("import jax\nx = jax.lax.psum(1, 'x')  # shardlint: ignore\n")
    d = Diagnostic(str(p), 2, 5, 2, 17, "SHL005", "unbound-axis-name", Severity.ERROR, "m", data={})
    assert fixes_for(d, _read, Config()) == []


def test_crlf_and_no_trailing_newline_kept(tmp_path):
    src = (CASES / "wrap_insert_mesh" / "main.py").read_text()
    expected = _expected(CASES / "wrap_insert_mesh", "main.py").read_text()
    root = tmp_path / "c"
    shutil.copytree(CASES / "wrap_insert_mesh", root)
    (root / "main.py").write_bytes(src.rstrip("\n").replace("\n", "\r\n").encode())
    _, diags = diagnostics_of(root)
    fix = next(f for f in fixes_for(diags[0], lambda p: Path(p).read_bytes().decode(), Config(root=root))
               if f.title == TITLE_WRAP)
    got = apply_edits((root / "main.py").read_bytes().decode(), fix.edits)
    assert got == expected.rstrip("\n").replace("\n", "\r\n")


def test_bad_facts_and_broken_files_offer_no_wrap(tmp_path):
    root = tmp_path / "c"
    shutil.copytree(CASES / "wrap_reuse_mesh", root)
    _, diags = diagnostics_of(root)
    d = diags[0]
    d.data["wrap"]["column"] += 1  # not where a node is
    assert [f.title for f in fixes_for(d, _read, Config(root=root))] == ["Suppress with `# shardlint: ignore[SHL001]`"]
    d.data["wrap"] = {"kind": "arg", "path": str(root / "gone.py"), "line": 1, "column": 1, "end_line": 1,
                      "end_column": 2}
    assert len(fixes_for(d, _read, Config(root=root))) == 1
    (root / "main.py").write_text("def broken(:\n")
    assert fixes_for(d, _read, Config(root=root)) == []


# -- the CLI, with the real engine ---------------------------------------------------------------

SENDRECV = '''\
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

PERM = [(0, 1), (1, 2), (2, 3)]
mesh = Mesh(np.array(jax.devices()), ("x",))


def step(v):
    tok = jax.lax.psend(v, "x", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", PERM)


lowered = jax.jit(step).trace(jnp.ones((8, 16))).lower(lowering_platforms=("cuda",))
'''


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "shardlint.server.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_check_fix_safe_only_leaves_unsafe_wraps(tmp_path):
    (tmp_path / "main.py").write_text(SENDRECV)
    r = _cli("check", "--fix", ".", cwd=tmp_path)
    assert "SHL001" in r.stdout, r.stdout + r.stderr  # the engine reports it
    assert (tmp_path / "main.py").read_text() == SENDRECV  # the wrap is unsafe: not applied


def test_check_unsafe_fixes_wraps_and_is_idempotent(tmp_path):
    (tmp_path / "main.py").write_bytes(SENDRECV.replace("\n", "\r\n").encode())
    r = _cli("check", "--unsafe-fixes", ".", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Fixed 2 problems in 1 file." in r.stdout
    data = (tmp_path / "main.py").read_bytes()
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    text = data.decode()
    assert "jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))" in text
    assert "from jax.sharding import PartitionSpec as P\r\n" in text
    r = _cli("check", "--fix", "--unsafe-fixes", ".", cwd=tmp_path)
    assert r.returncode == 0 and (tmp_path / "main.py").read_bytes() == data


def test_apply_fixes_multi_file(tmp_path):
    root = tmp_path / "proj"
    shutil.copytree(CASES / "wrap_multifile", root)
    (root / "case.json").unlink()
    for p in root.glob("*.expected.py"):
        p.unlink()
    before = (root / "helpers.py").read_bytes()
    result = apply_fixes([root], Config(root=root), unsafe=True)
    assert result.applied >= 1 and result.files == [str(root / "main.py")]
    assert (root / "helpers.py").read_bytes() == before
    assert (root / "main.py").read_text() == _expected(CASES / "wrap_multifile", "main.py").read_text()


@pytest.mark.parametrize("api,first", [("jax.lax.all_gather", "sharded"), ("jax.lax.psum_scatter", "sharded"),
                                       ("jax.lax.psum", "replicated"), ("jax.lax.precv", "replicated")])
def test_block_collectives_prefer_the_sharded_wrap(api, first):
    """A gather or reduce-scatter over replicated operands changes the shapes the code around
    it expects: the wrap that shards the arguments is preferred there."""
    root = CASES / "wrap_reuse_mesh"
    _, diags = diagnostics_of(root)
    diags[0].data["api"] = api
    titles = [f.title for f in fixes_for(diags[0], _read, Config(root=root))]
    assert titles[0].startswith(TITLE_WRAP)
    assert ("arguments sharded" in titles[0]) == (first == "sharded"), titles
