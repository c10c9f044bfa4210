"""Notebooks (`.ipynb`) through `shardlint check`: a notebook is one program (its code cells in
order); IPython magics and shell escapes are masked, never a parse error of the whole notebook;
a broken cell gets its own SHL000; positions are (cell, line, column); `--fix` rewrites the
cells it changes and no other byte of the file; and the verdicts are JAX's own, checked by
running the notebooks' cells in IPython with real JAX."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from test_cli import SARIF_SCHEMA, check_json, run, write

from shardlint.analysis import notebook

EXAMPLE = Path(__file__).parent / "example"
JAX_ENV = {"JAX_PLATFORMS": "cpu", "XLA_FLAGS": "--xla_force_host_platform_device_count=4"}

# psend/precv helpers, as a cell or a module: reached under plain jit they do not lower.
SEND_RECV = textwrap.dedent('''\
    import jax
    import jax.numpy as jnp
    from jax import lax

    PERM = [(0, 1), (1, 2), (2, 3)]


    def exchange(x):
        tok = lax.psend(x, "x", PERM)
        return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "x", PERM)''')


def notebook_json(cells: list, indent: int | None = 1, ensure_ascii: bool = False, **meta) -> str:
    """nbformat 4 JSON as Jupyter writes it: `cells` are code sources, or ("markdown", text)."""
    out = []
    for i, c in enumerate(cells):
        kind, src = c if isinstance(c, tuple) else ("code", c)
        cell = {"cell_type": kind, "id": f"c{i}", "metadata": {}, "source": src.splitlines(keepends=True)}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        out.append(cell)
    metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}, **meta}
    nb = {"cells": out, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=indent, sort_keys=True, ensure_ascii=ensure_ascii) + "\n"


def cell_codes(diags: list[dict]) -> list[tuple]:
    return sorted((Path(d["path"]).name, d.get("cell"), d["line"], d["column"], d["code"]) for d in diags)


def outside(raw: str, indices) -> str:
    """The notebook's text with the source values of cells `indices` cut out."""
    nb = notebook.parse(raw)
    for i in sorted(indices, reverse=True):
        a, b = nb.cells[i].span
        raw = raw[:a] + "<cut>" + raw[b:]
    return raw


def changed_cells(before: str, after: str) -> set[int]:
    old, new = json.loads(before)["cells"], json.loads(after)["cells"]
    assert [c["cell_type"] for c in old] == [c["cell_type"] for c in new]
    return {i for i, (a, b) in enumerate(zip(old, new)) if a["source"] != b["source"]}


def copy_example(tmp_path: Path) -> Path:
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("__pycache__", ".shardlint_cache"))
    return root


# ------------------------------------------------------------------------------ the example twin


def test_the_example_notebook_reports_the_two_errors_at_their_cells(tmp_path):
    root = copy_example(tmp_path)
    rc, diags = check_json("--no-cache", "train.ipynb", cwd=root)
    assert rc == 1
    # psend at cell 4 line 6, precv at line 7: reached from the jit of cell 5, run in cell 7.
    assert cell_codes(diags) == [("train.ipynb", 4, 6, 13, "SHL002"), ("train.ipynb", 4, 7, 12, "SHL001")]
    psend = diags[0]
    assert (psend["end_line"], psend["end_column"]) == (6, 37)
    path = [(r.get("cell"), r["line"], r["column"], r["message"]) for r in psend["related"]]
    assert path[0] == (7, 2, 1, "entry point: notebook train.ipynb, cell 7, line 2")
    assert (5, 9, 14, "jit applied here") in path
    assert psend["fix"]["title"] == "Wrap in jax.shard_map"
    assert {(e["cell"], e["line"]) for e in psend["fix"]["edits"]} == {(5, 9)}
    text = run("check", "--no-cache", "train.ipynb", cwd=root).stdout
    assert text.startswith("train.ipynb:cell 4:6:13: SHL002 [error] ")
    assert "\n    train.ipynb:cell 5:9:14: jit applied here\n" in text


def test_the_wrap_fix_clears_the_notebook_and_edits_only_its_cell(tmp_path):
    root = copy_example(tmp_path)
    before = (root / "train.ipynb").read_text()
    p = run("check", "--no-cache", "--unsafe-fixes", "train.ipynb", cwd=root)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "Fixed 2 problems in 1 file." in p.stdout
    after = (root / "train.ipynb").read_text()
    assert changed_cells(before, after) == {4}
    assert outside(after, {4}) == outside(before, {4})  # every byte outside cell 5's source
    fixed = json.loads(after)["cells"][4]["source"]
    assert fixed[-1] == ("train_step = jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=P(), out_specs=P(), "
                         "check_vma=False))")
    assert json.loads(after)["cells"][1]["outputs"] == json.loads(before)["cells"][1]["outputs"]
    assert check_json("--no-cache", cwd=root)[1] == check_json("--no-cache", "pipeline/stages.py", cwd=root)[1]


def test_the_diff_of_a_notebook_shows_each_changed_cell(tmp_path):
    root = copy_example(tmp_path)
    p = run("check", "--no-cache", "--diff", "--unsafe-fixes", "train.ipynb", cwd=root)
    assert p.returncode == 1
    assert p.stdout.startswith("--- a/train.ipynb:cell 5\n+++ b/train.ipynb:cell 5\n@@ ")
    assert "\n-train_step = jax.jit(loss)\n" in p.stdout
    # The diff is of the cell's text: applied to it, it is what --unsafe-fixes writes.
    old = json.loads((root / "train.ipynb").read_text())["cells"][4]["source"]
    new = [ln[1:] for ln in p.stdout.splitlines(keepends=True)[3:] if ln[:1] in " +"]
    run("check", "--no-cache", "--unsafe-fixes", "train.ipynb", cwd=root)
    fixed = json.loads((root / "train.ipynb").read_text())["cells"][4]["source"]
    assert "".join(new).replace("\\ No newline at end of file\n", "") == "".join(fixed[len(fixed) - len(new):]) + "\n"
    assert len(fixed) == len(old)


def test_sarif_and_github_point_into_the_ipynb_file(tmp_path):
    import jsonschema

    root = copy_example(tmp_path)
    raw_lines = (root / "train.ipynb").read_text().splitlines()
    p = run("check", "--no-cache", "--format", "sarif", "train.ipynb", cwd=root)
    log = json.loads(p.stdout)
    jsonschema.validate(log, json.loads(SARIF_SCHEMA.read_text()))
    res = log["runs"][0]["results"][0]
    loc = res["locations"][0]["physicalLocation"]
    region = loc["region"]
    assert loc["artifactLocation"]["uri"] == "train.ipynb"
    line = raw_lines[region["startLine"] - 1]
    assert line.strip() == '"    token = lax.psend(x, axis, RING)\\n",'
    assert line[region["startColumn"] - 1:region["endColumn"] - 1] == "lax.psend(x, axis, RING)"
    assert res["locations"][0]["properties"] == {"cell": 4, "cellLine": 6, "cellColumn": 13}
    assert res["message"]["text"].startswith("Cell 4, line 6, column 13: `jax.lax.psend`")
    p = run("check", "--no-cache", "--format", "github", "train.ipynb", cwd=root)
    first = p.stdout.splitlines()[0]
    assert first.startswith(f"::error file=train.ipynb,line={region['startLine']},col={region['startColumn']},")
    assert "title=SHL002 psend-outside-shard-map (cell 4)::SHL002 cell 4, line 6, column 13: " in first


# ------------------------------------------------------------------------------ IPython syntax


MAGICS = [
    ("markdown", "Markdown is ignored, even `jax.lax.psend(x, 'x', PERM)` in a code block."),
    "%matplotlib inline\n%load_ext autoreload\n!pip install -q jax\nfiles = !ls\n" + SEND_RECV + "\njax.jit?\n",
    "%%bash\necho this is no Python (\n",
    "x = jnp.ones((4, 2))\nfor i in range(2):\n    !echo {i}\n%timeit -n 1 -r 1 jax.jit(exchange)(x)\n",
    "%%time\ny = jax.jit(exchange)(x)\n",
]


def test_magics_are_masked_and_the_python_they_run_is_checked(tmp_path):
    write(tmp_path, {"pyproject.toml": "", "magics.ipynb": notebook_json(MAGICS)})
    rc, diags = check_json("--no-cache", cwd=tmp_path)
    assert rc == 1
    got = cell_codes(diags)
    # the helpers in cell 2; reached from `%timeit` (cell 4, line 4) and `%%time` (cell 5, line 2)
    assert got == [("magics.ipynb", 2, 13, 11, "SHL002"), ("magics.ipynb", 2, 14, 12, "SHL001")]
    assert diags[0]["related"][0]["message"] == "entry point: notebook magics.ipynb, cell 4, line 4"
    assert not any(d["code"] == "SHL000" for d in diags)
    # Without the %timeit cell, the %%time cell's body reaches them.
    write(tmp_path, {"magics.ipynb": notebook_json(MAGICS[:3] + MAGICS[4:])})
    _, diags = check_json("--no-cache", cwd=tmp_path)
    assert diags[0]["related"][0]["message"] == "entry point: notebook magics.ipynb, cell 4, line 2"


def test_a_broken_cell_gets_its_own_syntax_error_and_the_rest_is_checked(tmp_path):
    cells = [SEND_RECV, "def oops(:\n    pass\n", "x = jnp.ones((4, 2))\njax.jit(exchange)(x)\n"]
    write(tmp_path, {"pyproject.toml": "", "broken.ipynb": notebook_json(cells)})
    rc, diags = check_json("--no-cache", cwd=tmp_path)
    assert cell_codes(diags) == [("broken.ipynb", 1, 9, 11, "SHL002"), ("broken.ipynb", 1, 10, 12, "SHL001"),
                                 ("broken.ipynb", 2, 1, 10, "SHL000")]
    err = next(d for d in diags if d["code"] == "SHL000")
    assert err["message"].startswith("SyntaxError: invalid syntax. Running this cell raises SyntaxError")


def test_a_cell_imports_the_project_modules_next_to_the_notebook(tmp_path):
    """`nbs/helpers.py` beside `nbs/run.ipynb` (a package folder: Jupyter's working folder is the
    notebook's); the error is in the module, its call path in the cell, and the wrap goes into
    the cell."""
    cells = ["import jax\nimport jax.numpy as jnp\nfrom helpers import exchange\n",
             ("markdown", "Run it"), "step = jax.jit(exchange)\nstep(jnp.ones((4, 2)))\n"]
    write(tmp_path, {"pyproject.toml": "", "nbs/__init__.py": "", "nbs/helpers.py": SEND_RECV + "\n",
                     "nbs/run.ipynb": notebook_json(cells)})
    rc, diags = check_json("--no-cache", "nbs/run.ipynb", cwd=tmp_path)
    assert [(d["path"], d["line"], d["code"]) for d in diags] == [
        (os.path.join("nbs", "helpers.py"), 9, "SHL002"), (os.path.join("nbs", "helpers.py"), 10, "SHL001")]
    assert diags[0]["related"][0] == {"path": os.path.join("nbs", "run.ipynb"), "line": 2, "column": 1,
                                      "message": "entry point: notebook run.ipynb, cell 3, line 2", "cell": 3}
    helpers = (tmp_path / "nbs" / "helpers.py").read_text()
    assert run("check", "--no-cache", "--unsafe-fixes", "nbs/run.ipynb", cwd=tmp_path).returncode == 0
    assert (tmp_path / "nbs" / "helpers.py").read_text() == helpers
    cells = json.loads((tmp_path / "nbs" / "run.ipynb").read_text())["cells"]
    assert cells[0]["source"][-1] == "from jax.sharding import PartitionSpec as P\n"
    assert cells[2]["source"][0] == 'mesh = jax.sharding.Mesh(jax.devices(), ("x",))\n'
    assert cells[2]["source"][1].startswith("step = jax.jit(jax.shard_map(exchange, mesh=mesh")


def test_a_notebook_is_never_imported_as_a_module(tmp_path):
    """`import train` next to train.ipynb (and no train.py) is not the notebook."""
    write(tmp_path, {"pyproject.toml": "", "train.ipynb": notebook_json([SEND_RECV]),
                     "main.py": "import jax\nimport jax.numpy as jnp\nimport train\n\njax.jit(train.exchange)(jnp.ones(4))\n"})
    assert check_json("--no-cache", cwd=tmp_path) == (0, [])


# ------------------------------------------------------------------------------ fixes, byte for byte


@pytest.mark.parametrize("style", ["nbformat", "indent2-ascii", "compact", "crlf", "string-sources"])
def test_fixes_round_trip_byte_for_byte_outside_the_edited_cell(tmp_path, style):
    cells = [("markdown", "# Héllo ✓"), SEND_RECV + "\n", "%env A=1\nx = jnp.ones((4, 2))\n",
             "step = jax.jit(exchange)\nprint(step(x))  # résultat"]
    raw = {"nbformat": notebook_json(cells), "indent2-ascii": notebook_json(cells, indent=2, ensure_ascii=True),
           "compact": notebook_json(cells, indent=None), "crlf": notebook_json(cells).replace("\n", "\r\n")}.get(style)
    if style == "string-sources":  # sources as one string each, as some tools write them
        nb = json.loads(notebook_json(cells))
        for c in nb["cells"]:
            c["source"] = "".join(c["source"])
        raw = json.dumps(nb, indent=1)
    nb_with_outputs = json.loads(raw)
    write(tmp_path, {"pyproject.toml": "", "n.ipynb": raw.encode()})
    assert run("check", "--no-cache", "--unsafe-fixes", "n.ipynb", cwd=tmp_path).returncode == 0
    after = (tmp_path / "n.ipynb").read_bytes().decode()
    # The wrap's cell (the mesh above its first use, there), and the imports' cell that gains
    # `PartitionSpec as P`.
    assert changed_cells(raw, after) == {1, 3}
    assert outside(after, {1, 3}) == outside(raw, {1, 3})
    new = json.loads(after)
    assert "from jax.sharding import PartitionSpec as P\n" in "".join(new["cells"][1]["source"])
    assert new["cells"][2]["source"] == nb_with_outputs["cells"][2]["source"]  # the %env cell as it was
    source = new["cells"][3]["source"]
    text = source if isinstance(source, str) else "".join(source)
    assert text.startswith('mesh = jax.sharding.Mesh(jax.devices(), ("x",))\n'
                           'step = jax.jit(jax.shard_map(exchange, mesh=mesh, ')
    assert text.endswith("print(step(x))  # résultat")
    if style != "string-sources":
        assert isinstance(source, list) and all(s.endswith("\n") for s in source[:-1])
    if style == "indent2-ascii":
        assert "\\u00e9" in after and "é" not in after
    assert check_json("--no-cache", cwd=tmp_path) == (0, [])


# ------------------------------------------------------------------------------ discovery, bad input


def test_include_turns_notebooks_or_python_files_off(tmp_path):
    write(tmp_path, {"nb.ipynb": notebook_json([SEND_RECV + "\njax.jit(exchange)(jnp.ones(4))\n"]),
                     "mod.py": SEND_RECV + "\n\njax.jit(exchange)(jnp.ones(4))\n"})
    files = {}
    for include, key in ((None, "default"), ('["*.py"]', "py"), ('["*.ipynb"]', "ipynb")):
        (tmp_path / "pyproject.toml").write_text("[tool.shardlint]\n" + (f"include = {include}\n" if include else ""))
        files[key] = {d["path"] for d in check_json("--no-cache", cwd=tmp_path)[1]}
    assert files == {"default": {"nb.ipynb", "mod.py"}, "py": {"mod.py"}, "ipynb": {"nb.ipynb"}}
    (tmp_path / "pyproject.toml").write_text('[tool.shardlint]\ninclude = ["*.py"]\nextend-include = ["*.ipynb"]\n')
    assert {d["path"] for d in check_json("--no-cache", cwd=tmp_path)[1]} == {"nb.ipynb", "mod.py"}
    # A notebook named on the command line is checked whatever `include` says.
    (tmp_path / "pyproject.toml").write_text('[tool.shardlint]\ninclude = ["*.py"]\n')
    assert {d["path"] for d in check_json("--no-cache", "nb.ipynb", cwd=tmp_path)[1]} == {"nb.ipynb"}
    (tmp_path / "pyproject.toml").write_text('[tool.shardlint]\ninclude = "*.py"\n')
    p = run("check", cwd=tmp_path)
    assert p.returncode == 2 and "`tool.shardlint.include` must be a list of path patterns" in p.stderr


def test_checkpoints_and_virtual_documents_are_not_checked(tmp_path):
    nb = notebook_json([SEND_RECV + "\njax.jit(exchange)(jnp.ones(4))\n"])
    write(tmp_path, {"pyproject.toml": "", "a.ipynb": nb, ".ipynb_checkpoints/a-checkpoint.ipynb": nb,
                     ".virtual_documents/a.ipynb": SEND_RECV})
    assert {d["path"] for d in check_json("--no-cache", cwd=tmp_path)[1]} == {"a.ipynb"}


@pytest.mark.parametrize("content, reason", [
    ("{not json", "invalid notebook JSON"),
    (json.dumps({"nbformat": 3, "worksheets": []}), "nbformat 3 notebook: only nbformat 4 is read"),
    (notebook_json(["x <- 1"], language_info={"name": "R"}), "not a Python notebook (its language is r)"),
    (json.dumps({"nbformat": 4, "cells": [{"cell_type": "code", "source": [1]}]}), "a cell's source must hold strings"),
    (b"\xff\xfe{}", "not UTF-8"),
])
def test_a_file_that_is_no_checkable_notebook_is_skipped_with_the_reason(tmp_path, content, reason):
    write(tmp_path, {"pyproject.toml": "", "bad.ipynb": content,
                     "mod.py": SEND_RECV + "\n\njax.jit(exchange)(jnp.ones(4))\n"})
    p = run("check", "--no-cache", cwd=tmp_path)
    assert p.returncode == 1
    assert "mod.py:9:11: SHL002" in p.stdout  # the rest of the project is still checked
    skipped = [ln for ln in p.stdout.splitlines() if ln.startswith("bad.ipynb: skipped: ")]
    assert len(skipped) == 1 and reason in skipped[0], p.stdout


def test_standard_input_can_be_a_notebook(tmp_path):
    root = copy_example(tmp_path)
    p = subprocess.run([str(Path(sys.executable).with_name("shardlint")), "check", "--format", "json",
                        "--stdin-filename", "train.ipynb", "-"], input=(root / "train.ipynb").read_text(),
                       capture_output=True, text=True, cwd=root, timeout=120)
    assert cell_codes(json.loads(p.stdout)) == [("train.ipynb", 4, 6, 13, "SHL002"), ("train.ipynb", 4, 7, 12, "SHL001")]


# ------------------------------------------------------------------------------ the program


def test_positions_map_between_the_program_and_the_cells():
    nb = notebook.parse(notebook_json([("markdown", "m"), "a = 1\nb = 2\n", "", "c = 3"]))
    program = nb.program
    assert program.text == ("...  # <shardlint cell 2>\na = 1\nb = 2\n...  # <shardlint cell 3>\n"
                            "...  # <shardlint cell 4>\nc = 3\n")
    assert notebook.where(program, 3, 5) == (2, 2, 5)
    assert notebook.where(program, 6, 1) == (4, 1, 1)
    # An insertion at a marker lands at the end of the code cell before it.
    assert notebook.where(program, 4, 1) == (2, 3, 1)
    assert program.program_line(3, 1) == 6


@pytest.mark.parametrize("cell, masked", [
    ("!pip install jax\nimport jax\n", "pass\nimport jax\n"),
    ("x = !ls\nfiles, more = %sx ls\n", "x = None\nfiles, more = None\n"),
    ("jax.jit?\n??jax.lax\n", "pass\npass\n"),
    ("%time y = f(x)\n", "0    ;y = f(x)\n"),
    ("%timeit -n 10 -r 3 f(x)\n", "0                 ;f(x)\n"),
    ("if True:\n    %time f(x)\n    !ls \\\n      -l\n", "if True:\n    0    ;f(x)\n    pass\n\n"),
    ("%%bash\necho (\n", "\n\n"),
    ("%%timeit\nf(x)\n", "\nf(x)\n"),
    ('s = """\n!not a magic\n"""\n%ls\n', 's = """\n!not a magic\n"""\npass\n'),
    ("%time for i in range(3): f(i)\n", "pass\n"),  # no statement to keep: the line goes
    ("import jax\nprint(jax.jit)", "import jax\nprint(jax.jit)\n"),
])
def test_masking_keeps_lines_and_the_python_that_runs(cell, masked):
    assert notebook.mask(cell) == (masked, None)


def test_a_cell_that_still_does_not_parse_is_blank_lines_with_its_error():
    assert notebook.mask("%matplotlib inline\ndef f(:\n") == ("\n\n", (2, 7, "invalid syntax"))


# ------------------------------------------------------------------------------ JAX agrees


def _run_in_ipython(path: Path) -> str:
    """Run a notebook's code cells in order in IPython (magics and all) with real JAX: "ok", or
    the exception the first failing cell raised."""
    script = textwrap.dedent(f"""\
        import json, sys
        from IPython.core.interactiveshell import InteractiveShell
        shell = InteractiveShell.instance()
        for i, cell in enumerate(json.load(open({str(path)!r}))["cells"], 1):
            if cell["cell_type"] != "code":
                continue
            result = shell.run_cell("".join(cell["source"]), silent=True)
            error = result.error_before_exec or result.error_in_exec
            if error is not None:
                print(f"cell {{i}}: {{type(error).__name__}}: {{error}}")
                sys.exit(0)
        print("ok")
        """)
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                       cwd=path.parent, env={**os.environ, **JAX_ENV})
    assert p.returncode == 0, p.stderr
    return p.stdout.strip().splitlines()[-1]


@pytest.mark.jax
@pytest.mark.slow
def test_jax_rejects_the_example_notebook_and_lowers_it_once_fixed(tmp_path):
    pytest.importorskip("IPython")
    pytest.importorskip("jax")
    root = copy_example(tmp_path)
    outcome = _run_in_ipython(root / "train.ipynb")
    # the cell that lowers train_step (cell 7), at the psend shardlint flags in cell 4
    assert re.match(r"cell 7: NameError: Found an unbound axis name: stages", outcome), outcome
    assert run("check", "--no-cache", "--unsafe-fixes", "train.ipynb", cwd=root).returncode == 0
    assert _run_in_ipython(root / "train.ipynb") == "ok"
    assert check_json("--no-cache", "train.ipynb", cwd=root) == (0, [])
