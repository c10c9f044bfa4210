"""Notebook documents over LSP (`notebookDocument/*`, as VS Code syncs them): the example's
notebook twin opened cell by cell, its diagnostics in its cells (pushed and pulled), hover and
quick fixes in a cell, the wrap fix editing another cell and clearing them, broken cells, and a
`.py` module edited in the workspace re-publishing the notebook that imports it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from lsprotocol import types

from .conftest import change, open_doc, pull_capable, start, until, uri, write

EXAMPLE = Path(__file__).resolve().parents[1] / "example"


def notebook_caps(caps: types.ClientCapabilities) -> None:
    caps.notebook_document = types.NotebookDocumentClientCapabilities(
        synchronization=types.NotebookDocumentSyncClientCapabilities())


class Notebook:
    """What VS Code keeps of an open notebook: its cells, each a text document."""

    def __init__(self, client, path: Path):
        self.client = client
        self.uri = uri(path)
        self.version = 1
        cells = json.loads(path.read_text())["cells"]
        self.kinds = [c["cell_type"] for c in cells]
        self.uris = [f"vscode-notebook-cell:{path.resolve()}#W{i}sZmlsZQ%3D%3D" for i in range(len(cells))]
        self.texts = ["".join(c["source"]) for c in cells]
        self.versions = [1] * len(cells)

    def cell(self, i: int, kind: str) -> types.NotebookCell:
        return types.NotebookCell(kind=types.NotebookCellKind.Code if kind == "code" else types.NotebookCellKind.Markup,
                                  document=self.uris[i])

    def item(self, i: int) -> types.TextDocumentItem:
        return types.TextDocumentItem(uri=self.uris[i], language_id="python" if self.kinds[i] == "code" else "markdown",
                                      version=self.versions[i], text=self.texts[i])

    def open(self) -> None:
        self.client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(
                uri=self.uri, notebook_type="jupyter-notebook", version=self.version,
                cells=[self.cell(i, k) for i, k in enumerate(self.kinds)]),
            cell_text_documents=[self.item(i) for i in range(len(self.kinds))]))

    def edit(self, i: int, text: str) -> None:
        """Replace cell `i`'s text."""
        self.versions[i] += 1
        self.version += 1
        lines = self.texts[i].split("\n")
        end = types.Position(line=len(lines) - 1, character=len(lines[-1]))
        self.texts[i] = text
        self._change(types.NotebookDocumentCellChanges(text_content=[types.NotebookDocumentCellContentChanges(
            document=types.VersionedTextDocumentIdentifier(uri=self.uris[i], version=self.versions[i]),
            changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=0, character=0), end=end), text=text)])]))

    def apply(self, edits: list[types.TextEdit], i: int) -> None:
        """Apply a quick fix's edits to cell `i` as the editor does, then sync them."""
        text = self.texts[i]
        for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
            text = offset_replace(text, e.range, e.new_text)
        self.edit(i, text)

    def insert(self, at: int, kind: str, text: str) -> None:
        """A new cell at index `at`."""
        self.version += 1
        self.kinds.insert(at, kind)
        self.uris.insert(at, f"vscode-notebook-cell:{self.uri[7:]}#X{len(self.uris)}")
        self.texts.insert(at, text)
        self.versions.insert(at, 1)
        i = min(at, len(self.uris) - 1)
        self._change(types.NotebookDocumentCellChanges(structure=types.NotebookDocumentCellChangeStructure(
            array=types.NotebookCellArrayChange(start=at, delete_count=0, cells=[self.cell(i, kind)]),
            did_open=[self.item(i)])))

    def _change(self, cells: types.NotebookDocumentCellChanges) -> None:
        self.client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(uri=self.uri, version=self.version),
            change=types.NotebookDocumentChangeEvent(cells=cells)))

    def close(self) -> None:
        self.client.notebook_document_did_close(types.DidCloseNotebookDocumentParams(
            notebook_document=types.NotebookDocumentIdentifier(uri=self.uri),
            cell_text_documents=[types.TextDocumentIdentifier(uri=u) for u in self.uris]))


def offset_replace(text: str, rng: types.Range, new: str) -> str:
    lines = text.split("\n")

    def off(p: types.Position) -> int:
        return sum(len(ln) + 1 for ln in lines[:p.line]) + p.character

    return text[:off(rng.start)] + new + text[off(rng.end):]


def cell_diags(client, nb: Notebook) -> dict[int, list[tuple]]:
    out = {}
    for i, u in enumerate(nb.uris):
        items = client.diagnostics.get(u, [])
        if items:
            out[i + 1] = sorted((d.code, d.range.start.line, d.range.start.character) for d in items)
    return out


@pytest.fixture
def example(tmp_path) -> Path:
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("__pycache__", ".shardlint_cache"))
    return root


EXPECTED = {4: [("SHL001", 6, 11), ("SHL002", 5, 12)]}  # cell 4, 0-based lines 5 and 6


async def test_the_example_notebook_has_its_errors_in_its_cell_and_the_wrap_fix_clears_them(client, example):
    result = await start(client, example, edit_caps=notebook_caps)
    assert result.capabilities.notebook_document_sync is not None
    nb = Notebook(client, example / "train.ipynb")
    nb.open()
    await until(lambda: cell_diags(client, nb) == EXPECTED, what="the two errors in cell 4")
    psend = next(d for d in client.diagnostics[nb.uris[3]] if d.code == "SHL002")
    assert psend.range.end == types.Position(line=5, character=36)
    steps = [(r.location.uri, r.location.range.start.line, r.message) for r in psend.related_information]
    assert steps[0] == (nb.uris[6], 1, "entry point: notebook train.ipynb, cell 7, line 2")
    assert (nb.uris[4], 8, "jit applied here") in steps

    # Hover in the cell: the JAX error first, then the call path through the cells.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=nb.uris[3]), position=types.Position(line=5, character=20)))
    assert "Found an unbound axis name: stages" in hover.contents.value
    assert "train.ipynb, cell 7:2" in hover.contents.value
    assert hover.range.start == types.Position(line=5, character=12)

    # The quick fix asked for in cell 4 edits cell 5, where the jit is.
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=nb.uris[3]),
        range=types.Range(start=types.Position(line=5, character=12), end=types.Position(line=5, character=12)),
        context=types.CodeActionContext(diagnostics=[psend])))
    wrap = next(a for a in actions if a.title.startswith("Wrap in jax.shard_map"))
    if wrap.edit is None:
        wrap = await client.code_action_resolve_async(wrap)
    edits = wrap.edit.changes or {e.text_document.uri: e.edits for e in wrap.edit.document_changes}
    assert set(edits) == {nb.uris[4]}
    nb.apply(edits[nb.uris[4]], 4)
    assert nb.texts[4].endswith("train_step = jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=P(), "
                                "out_specs=P(), check_vma=False))")
    await until(lambda: cell_diags(client, nb) == {}, timeout=5, what="cell 4's errors gone")

    # Breaking a cell: its own SHL000, the rest still checked.
    nb.edit(4, nb.texts[4].replace("train_step = jax.jit(jax.shard_map(", "train_step = jax.jit((("))
    await until(lambda: cell_diags(client, nb) == {5: [("SHL000", 8, 29)]}, what="a syntax error in cell 5")
    nb.edit(4, nb.texts[4].replace("train_step = jax.jit(((", "train_step = jax.jit(jax.shard_map("))
    await until(lambda: cell_diags(client, nb) == {}, what="cell 5 repaired")

    # A new cell before cell 4 moves its errors to cell 5.
    nb.edit(4, nb.texts[4].replace(
        "jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False))", "jax.jit(loss)"))
    nb.insert(1, "markdown", "A note")
    await until(lambda: cell_diags(client, nb) == {5: EXPECTED[4]}, what="the errors in cell 5 now")
    nb.close()
    await until(lambda: cell_diags(client, nb) == {}, what="diagnostics cleared on close")


async def test_a_pulling_client_gets_each_cells_diagnostics(client, example):
    def caps(c):
        notebook_caps(c)
        pull_capable(c)

    await start(client, example, caps="visual_studio_code", edit_caps=caps)
    nb = Notebook(client, example / "train.ipynb")
    nb.open()

    async def pulled(i: int) -> list[tuple]:
        report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=nb.uris[i])))
        return sorted((d.code, d.range.start.line, d.range.start.character) for d in report.items)

    assert await pulled(3) == EXPECTED[4]
    assert await pulled(4) == [] and await pulled(0) == []
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    by_uri = {r.uri: sorted(d.code for d in r.items) for r in report.items}
    assert by_uri[nb.uris[3]] == ["SHL001", "SHL002"]
    assert uri(example / "train.ipynb") not in by_uri  # the notebook file itself holds none


RUNNER_JIT = "import jax\n\n\ndef run(f, x):\n    return jax.jit(f)(x)\n"
RUNNER_SHARD_MAP = ("import jax\nfrom jax.sharding import Mesh, PartitionSpec as P\n\n\n"
                    "def run(f, x):\n    mesh = Mesh(jax.devices(), (\"x\",))\n"
                    "    return jax.jit(jax.shard_map(f, mesh=mesh, in_specs=P(), out_specs=P(),\n"
                    "                                 check_vma=False))(x)\n")
CELLS = [
    "import jax\nimport jax.numpy as jnp\nfrom jax import lax\nfrom runner import run\n",
    'def exchange(x):\n    tok = lax.psend(x, "x", [(0, 1)])\n'
    '    return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "x", [(0, 1)])\n',
    "run(exchange, jnp.ones(4))\n",
]


async def test_editing_an_imported_module_republishes_the_notebook(client, tmp_path):
    from test_notebooks import notebook_json

    write(tmp_path, {"pyproject.toml": "", "runner.py": RUNNER_JIT})
    (tmp_path / "nb.ipynb").write_text(notebook_json(CELLS))
    await start(client, tmp_path, edit_caps=notebook_caps)
    nb = Notebook(client, tmp_path / "nb.ipynb")
    nb.open()
    runner = open_doc(client, tmp_path / "runner.py")
    # The module jits what the notebook hands it: the notebook's psend/precv fail.
    failing = {2: [("SHL001", 2, 11), ("SHL002", 1, 10)]}
    await until(lambda: cell_diags(client, nb) == failing, what="the notebook's errors")
    change(client, runner, 2, (0, 0), (len(RUNNER_JIT.split("\n")) - 1, 0), RUNNER_SHARD_MAP)
    await until(lambda: cell_diags(client, nb) == {}, what="the notebook re-published clean")
    change(client, runner, 3, (0, 0), (len(RUNNER_SHARD_MAP.split("\n")) - 1, 0), RUNNER_JIT)
    await until(lambda: cell_diags(client, nb) == failing, what="the errors again")


async def test_a_broken_notebook_message_never_takes_the_server_down(client, example):
    await start(client, example, edit_caps=notebook_caps)
    nb = Notebook(client, example / "train.ipynb")
    nb.open()
    await until(lambda: cell_diags(client, nb) == EXPECTED, what="the errors")
    # A change for a notebook never opened, a cell never opened, a structure change past the end.
    client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
        notebook_document=types.VersionedNotebookDocumentIdentifier(uri="file:///nowhere.ipynb", version=2),
        change=types.NotebookDocumentChangeEvent()))
    nb.uris.append("vscode-notebook-cell:/nowhere#0")
    nb.texts.append("")
    nb.versions.append(1)
    nb.kinds.append("code")
    nb.edit(len(nb.uris) - 1, "x = (")
    nb.insert(40, "code", "y = 1\n")
    nb.edit(4, nb.texts[4].replace("jax.jit(loss)", "jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=P(), "
                                                      "out_specs=P(), check_vma=False))"))
    await until(lambda: cell_diags(client, nb) == {}, what="the server still analysing")


async def test_a_fix_asked_for_in_a_module_edits_the_open_notebooks_cell(client, tmp_path):
    """The notebook jits a helper of `helpers.py`: the errors are in the module, the wrap belongs
    in the notebook's cell, and the quick fix asked for in the module edits that cell."""
    from test_notebooks import SEND_RECV, notebook_json

    cells = ["import jax\nimport jax.numpy as jnp\nfrom helpers import exchange\n", "jax.jit(exchange)(jnp.ones(4))\n"]
    write(tmp_path, {"pyproject.toml": "", "helpers.py": SEND_RECV + "\n"})
    (tmp_path / "nb.ipynb").write_text(notebook_json(cells))
    await start(client, tmp_path, edit_caps=notebook_caps)
    nb = Notebook(client, tmp_path / "nb.ipynb")
    nb.open()
    helpers = open_doc(client, tmp_path / "helpers.py")
    await until(lambda: sorted(d.code for d in client.diagnostics.get(helpers, [])) == ["SHL001", "SHL002"],
                what="the errors in helpers.py")
    psend = next(d for d in client.diagnostics[helpers] if d.code == "SHL002")
    assert psend.related_information[0].location.uri == nb.uris[1]  # the entry point: cell 2
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=helpers), range=psend.range,
        context=types.CodeActionContext(diagnostics=[psend])))
    wrap = next(a for a in actions if a.title == "Wrap in jax.shard_map (in nb.ipynb)")
    if wrap.edit is None:
        wrap = await client.code_action_resolve_async(wrap)
    edits = wrap.edit.changes or {e.text_document.uri: e.edits for e in wrap.edit.document_changes}
    assert set(edits) == {nb.uris[0], nb.uris[1]}  # the import with the imports, the wrap at the call
    for i in (0, 1):
        nb.apply(edits[nb.uris[i]], i)
    assert nb.texts[1].startswith('mesh = jax.sharding.Mesh(jax.devices(), ("x",))\njax.jit(jax.shard_map(exchange, ')
    await until(lambda: not client.diagnostics[helpers], timeout=5, what="helpers.py's errors gone")
