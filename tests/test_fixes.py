"""Fix cases: tests/fixes/<case>/ holds a small program, `case.json` and, for every file the fix
changes, `<name>.expected.py`. `case.json` names the diagnostic (`code`, its `path`, and its
`line` where the file has several of that code), the fix chosen by its `title`, and the
`[tool.shardlint]` settings to check with (`config`). The engine checks the program, the
diagnostic it reports offers that fix, and its edits, applied, give exactly the expected files;
every other file stays as it was. Nothing in a case is a hand-written copy of the engine's facts:
when the facts a rule hands its fixers drift, these fail."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shardlint.analysis.check import check
from shardlint.analysis.config import Config, parse_table
from shardlint.analysis.diagnostics import Diagnostic, Edit, Severity
from shardlint.analysis.fixes import FIXERS
from shardlint.analysis.fixfacts import EveryCount, FixFact, SiteRef, Wrap
from shardlint.analysis.rules import ALL_RULES
from shardlint.analysis.fixes import apply_edits, apply_fixes, fix_all, fixes_for
from shardlint.analysis.fixes.axes import TITLE_MANUAL
from shardlint.analysis.fixes.pmap import TITLE_PMAP
from shardlint.analysis.fixes.wrap import TITLE_WRAP

CASES = Path(__file__).resolve().parent / "fixes"
CASE_IDS = sorted(p.name for p in CASES.iterdir() if (p / "case.json").is_file())


def copy_case(case_id: str, tmp_path: Path) -> Path:
    """The case's program, without its case.json and expected files, in `tmp_path`."""
    root = tmp_path / case_id
    shutil.copytree(CASES / case_id, root, ignore=shutil.ignore_patterns("case.json", "*.expected.py"))
    return root


def reported(root: Path, case_id: str) -> tuple[dict, Config, list[Diagnostic], Diagnostic]:
    """The case, its configuration, every diagnostic the engine reports for the program at
    `root`, and the one the case is about."""
    case = json.loads((CASES / case_id / "case.json").read_text())
    config = parse_table(case.get("config", {}), root, None)
    diags = check([root], config, use_cache=False).diagnostics
    want = (str(root / case["path"]), case["code"])
    chosen = [d for d in diags if (d.path, d.code) == want and d.line == case.get("line", d.line)]
    assert len(chosen) == 1, (f"{case_id}: the engine reports {[(Path(d.path).name, d.line, d.code) for d in diags]}, "
                              f"not one {case['code']} in {case['path']}")
    return case, config, diags, chosen[0]


def load_case(case_id: str, tmp_path: Path) -> tuple[Path, dict, Config, list[Diagnostic], Diagnostic]:
    root = copy_case(case_id, tmp_path)
    return (root, *reported(root, case_id))


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
def test_fix_case(case_id, tmp_path):
    root, case, config, _, diag = load_case(case_id, tmp_path)
    fixes = fixes_for(diag, _read, config)
    chosen = [f for f in fixes if f.title == case["fix"]]
    assert chosen, f"no fix titled {case['fix']!r}; offered: {[f.title for f in fixes]}"
    assert fixes[-1].title.startswith("Suppress")  # suppression is always offered, last
    new = _apply(chosen[0].edits)
    for src in sorted(root.rglob("*.py")):
        exp = _expected(CASES / case_id, src.relative_to(root).as_posix())
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
    root, case, config, _, diag = load_case(case_id, tmp_path)
    fix = next(f for f in fixes_for(diag, _read, config) if f.title == case["fix"])
    for p, text in _apply(fix.edits).items():
        Path(p).write_text(text)
    again = [f.title for f in fixes_for(diag, _read, config)]
    if case["fix"].startswith("Suppress"):
        assert not any(t.startswith("Suppress") for t in again)
    else:
        assert case["fix"] not in again


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_facts_round_trip_through_json(case_id, tmp_path):
    """The check cache and the language server's resolve keep diagnostics as JSON: read back,
    a diagnostic has the same facts and offers the same fixes."""
    root, _, config, diags, _ = load_case(case_id, tmp_path)
    for d in diags:
        back = Diagnostic.from_state(json.loads(json.dumps(d.to_state())))
        assert back == d and back.fix_facts == d.fix_facts and back.data == d.data
        assert fixes_for(back, _read, config) == fixes_for(d, _read, config)


@pytest.mark.parametrize("payload", [{}, {"fact": "Nope"}, {"fact": "Wrap", "site": None}, [1],
                                     {"fact": "RenameAxis", "site": {"path": "m.py"}, "axis": "x", "to": "y"},
                                     {"fact": "RenameAxis", "site": [1, 2], "axis": "x", "to": "y"}])
def test_a_foreign_fact_payload_is_refused(payload):
    with pytest.raises(ValueError):
        FixFact.from_json(payload)


def test_every_fixer_is_declared_by_a_rule_and_every_declared_one_exists():
    declared = {name for rule in ALL_RULES.values() for name in rule.fixers}
    assert declared == set(FIXERS)
    kinds = {f.fact for f in FIXERS.values()}
    # EveryCount holds other facts, which the registry hands their fixers count by count
    assert kinds | {EveryCount} == set(FixFact.KINDS.values()), "a kind of fact no fixer reads, or the reverse"


def test_the_diagnostics_path_never_imports_libcst(tmp_path):
    """libcst costs 12x `ast.parse`: checking builds the typed facts without it."""
    (tmp_path / "main.py").write_text(BLOCKS.format(call='jax.lax.psum(v, "x")'))
    code = ("import sys; from pathlib import Path; from shardlint.analysis.check import check; "
            "from shardlint.analysis.config import Config; "
            f"r = check([Path({str(tmp_path)!r})], Config(root=Path({str(tmp_path)!r})), use_cache=False); "
            "assert r.diagnostics and r.diagnostics[0].fix_facts; "
            "assert not [m for m in sys.modules if m.startswith('libcst')], 'libcst imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def _titles(diag: Diagnostic, config: Config) -> dict[str, str]:
    return {f.title: f.applicability for f in fixes_for(diag, _read, config)}


def test_applicability(tmp_path):
    _, _, config, _, diag = load_case("wrap_reuse_mesh", tmp_path)
    assert _titles(diag, config)[TITLE_WRAP] == "unsafe"  # the specs are guessed
    assert _titles(diag, config)["Suppress with `# shardlint: ignore[SHL001]`"] == "safe"
    _, _, config, _, diag = load_case("manual_axis_names", tmp_path)
    assert _titles(diag, config)[TITLE_MANUAL] == "safe"
    _, _, config, _, diag = load_case("pmap_call", tmp_path)
    assert _titles(diag, config)[TITLE_PMAP] == "unsafe"


def test_config_version_picks_the_spelling(tmp_path):
    """Without a version in the facts, the configured target JAX version decides."""
    root, _, _, _, diag = load_case("wrap_reuse_mesh", tmp_path)
    diag = _with_wrap(diag, jax_version=None)
    old = fixes_for(diag, _read, Config(root=root, jax_version="0.5.3"))[0]
    new = fixes_for(diag, _read, Config(root=root, jax_version="0.8.2"))[0]
    assert "check_rep=False" in "".join(e.new_text for e in old.edits)
    assert "from jax.experimental.shard_map import shard_map" in "".join(e.new_text for e in old.edits)
    assert "jax.shard_map(" in "".join(e.new_text for e in new.edits)


def test_a_class_attribute_mesh_is_not_named_inside_its_class(tmp_path):
    """`Trainer.mesh` is reused after the class statement (wrap_class_attribute_mesh), not by a
    decorator in the class's own body, where the class does not exist yet."""
    root, case, config, _, diag = load_case("wrap_class_attribute_mesh", tmp_path)
    text = (root / "main.py").read_text()
    (root / "main.py").write_text(text.replace("    def run(self, x):", "    @jax.jit\n    def step(self, x):\n"
                                               "        return jax.lax.pmean(x, 'data')\n\n    def run(self, x):")
                                  .replace("return mean_step(x)", "return self.step(x)"))
    diags = check([root], config, use_cache=False).diagnostics
    inside = next(d for d in diags if d.code == "SHL005" and d.line == 12)
    wrap = next(f for f in fixes_for(inside, _read, config) if f.title == TITLE_WRAP)
    new = _apply(wrap.edits)[str(root / "main.py")]
    assert "mesh=Trainer.mesh" not in new
    compile(new, "main.py", "exec")


def test_fix_all_overlapping_diagnostics_share_one_wrap(tmp_path):
    """psend and precv in one function reach the same wrap: one wrap, one import, one mesh."""
    root, _, config, diags, precv = load_case("wrap_reuse_mesh", tmp_path)
    assert sorted(d.code for d in diags) == ["SHL001", "SHL002"]
    text = (root / "main.py").read_text()
    assert fix_all(precv.path, text, diags, config) == []  # the wrap is unsafe
    edits = fix_all(precv.path, text, diags, config, unsafe=True)
    single = next(f for f in fixes_for(precv, _read, config) if f.title == TITLE_WRAP)
    assert sorted(edits, key=lambda e: (e.line, e.column)) == sorted(single.edits, key=lambda e: (e.line, e.column))
    assert apply_edits(text, edits) == _expected(CASES / "wrap_reuse_mesh", "main.py").read_text()


def test_fix_all_never_rewrites_a_hint(tmp_path):
    """A hint (pmap, which lowers on this JAX) offers the pmap rewrite as a quick fix, but
    fix-all leaves a program that lowers alone."""
    root, _, config, diags, hint = load_case("pmap_decorator", tmp_path)
    assert hint.severity == Severity.HINT and TITLE_PMAP in _titles(hint, config)
    assert fix_all(hint.path, (root / "main.py").read_text(), diags, config, unsafe=True) == []


def test_fix_all_uses_the_buffer_text(tmp_path):
    """fixAll works on the editor's unsaved text, not the file on disk."""
    root, _, config, diags, diag = load_case("manual_axis_names", tmp_path)
    text = (root / "main.py").read_text()
    (root / "main.py").write_text("# replaced on disk\n")
    edits = fix_all(diag.path, text, diags, config)
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
    root = copy_case("wrap_insert_mesh", tmp_path)
    src = (root / "main.py").read_text()
    (root / "main.py").write_bytes(src.rstrip("\n").replace("\n", "\r\n").encode())
    _, config, _, diag = reported(root, "wrap_insert_mesh")
    fix = next(f for f in fixes_for(diag, lambda p: Path(p).read_bytes().decode(), config) if f.title == TITLE_WRAP)
    got = apply_edits((root / "main.py").read_bytes().decode(), fix.edits)
    expected = _expected(CASES / "wrap_insert_mesh", "main.py").read_text()
    assert got == expected.rstrip("\n").replace("\n", "\r\n")


FORM_FEED = """\
import jax
import jax.numpy as jnp

PERM = [(0, 1), (1, 2), (2, 3)]


def main():
    label = "d\u00e9j\u00e0"; f = jax.jit(step)
    return label, f.trace(jnp.ones((8, 16))).lower(lowering_platforms=("cuda",))

\x0c
def step(v):
    tok = jax.lax.psend(v, "x", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", PERM)


if __name__ == "__main__":
    main()
"""


def test_lines_end_where_python_ends_them(tmp_path):
    """A form feed does not end a line (for Python, the LSP and the fixes), and columns count
    characters: the wrap lands after a non-ASCII string, the suppression on the line after a
    form feed."""
    path = tmp_path / "main.py"
    path.write_text(FORM_FEED, encoding="utf-8")
    config = Config(root=tmp_path)
    diags = check([tmp_path], config, use_cache=False).diagnostics
    psend = next(d for d in diags if d.code == "SHL002")
    fixes = {f.title: f for f in fixes_for(psend, _read, config)}
    wrapped = apply_edits(FORM_FEED, fixes[TITLE_WRAP].edits)
    assert ('label = "d\u00e9j\u00e0"; f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P(), out_specs=P(), '
            'check_vma=False))\n') in wrapped
    suppressed = apply_edits(FORM_FEED, fixes["Suppress with `# shardlint: ignore[SHL002]`"].edits)
    assert '    tok = jax.lax.psend(v, "x", PERM)  # shardlint: ignore[SHL002]\n' in suppressed
    assert suppressed.count("\x0c") == 1
    compile(wrapped, "main.py", "exec")


def _with_wrap(diag: Diagnostic, **changes) -> Diagnostic:
    facts = tuple(dataclasses.replace(f, **changes) if isinstance(f, Wrap) else f for f in diag.fix_facts)
    return dataclasses.replace(diag, fix_facts=facts)


def test_bad_facts_and_broken_files_offer_no_wrap(tmp_path):
    root, _, config, _, d = load_case("wrap_reuse_mesh", tmp_path)
    site = d.fact(Wrap).site
    moved = _with_wrap(d, site=dataclasses.replace(site, column=site.column + 1))  # not where a node is
    assert [f.title for f in fixes_for(moved, _read, config)] == ["Suppress with `# shardlint: ignore[SHL001]`"]
    gone = _with_wrap(d, site=SiteRef(str(root / "gone.py"), 1, 1, 1, 2))
    assert len(fixes_for(gone, _read, config)) == 1
    (root / "main.py").write_text("def broken(:\n")
    assert fixes_for(gone, _read, config) == []


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
    assert "from jax.sharding import Mesh, PartitionSpec as P\r\n" in text  # merged into the existing import
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


BLOCKS = """\
import jax
import jax.numpy as jnp


def step(v):
    return {call}


if __name__ == "__main__":
    jax.jit(step)(jnp.ones((8, 4)))
"""


@pytest.mark.parametrize("call,first", [
    ('jax.lax.all_gather(v, "x")', "sharded"), ('jax.lax.psum_scatter(v, "x")', "sharded"),
    ('jax.lax.psum(v, "x")', "replicated"),
    ('jax.lax.precv(jax.lax.create_token(), jax.ShapeDtypeStruct(v.shape, v.dtype), "x", [(0, 1)])', "replicated"),
])
def test_block_collectives_prefer_the_sharded_wrap(tmp_path, call, first):
    """A gather or reduce-scatter over replicated operands changes the shapes the code around
    it expects: the wrap that shards the arguments is preferred there."""
    (tmp_path / "main.py").write_text(BLOCKS.format(call=call))
    config = Config(root=tmp_path)
    [diag] = check([tmp_path], config, use_cache=False).diagnostics
    titles = [f.title for f in fixes_for(diag, _read, config)]
    assert titles[0].startswith(TITLE_WRAP)
    assert ("arguments sharded" in titles[0]) == (first == "sharded"), titles


def test_every_fact_the_fixtures_raise_survives_json():
    """Facts travel as JSON (the LSP's diagnostic data, the cache): each comes back equal."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from jaxtruth.run import discover

    seen = set()
    for fx in discover():
        config = parse_table(fx.config_table(), fx.root.resolve(), None)
        for d in check([fx.path.resolve()], config, use_cache=False).diagnostics:
            for fact in d.fix_facts:
                assert FixFact.from_json(json.loads(json.dumps(fact.to_json()))) == fact
                seen.add(type(fact).__name__)
    assert {"CarryInit", "InSpecsRank", "GlobalReduction"} <= seen


def test_facts_that_differ_by_device_count_offer_the_fixes_every_count_writes(tmp_path):
    """A program whose mesh spans jax.devices() is analysed with each assumed count: its perm's
    facts carry the axis size (4, then 8), yet the fixes that name the size the code names are
    the same edit for both, and they are offered (through the store's JSON as well)."""
    fixture = Path(__file__).resolve().parent / "fixtures" / "protocol" / "ring_perm_unwrapped_machine_devices.py"
    (tmp_path / "ring.py").write_text(fixture.read_text())
    config = parse_table({"backend": "gpu"}, tmp_path, None)
    (diag,) = check([tmp_path], config, use_cache=False).diagnostics
    (fact,) = diag.fix_facts
    assert isinstance(fact, EveryCount) and len(fact.counts) == 2
    assert FixFact.from_json(json.loads(json.dumps(fact.to_json()))) == fact
    titles = list(_titles(diag, config))
    assert titles[:2] == ["Wrap the perm around the axis (indices modulo n)",
                          "Keep only the perm pairs inside the axis (indices below n)"]
