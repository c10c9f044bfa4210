"""Notebook documents (`notebookDocument/*` sync): an open notebook is analysed as the program of
its cells (`analysis.notebook`), and its diagnostics, code actions, hover and fixes live in the
cells — each cell a text document of its own, with its own URI and 0-based lines.

The engine's positions in a notebook are lines of its program; here they become positions in a
cell (`localize`), and fix edits of the program become edits of the cells they change (or of the
`.ipynb` file, for a notebook that is not open). A notebook that is not open publishes nothing:
its cells have no documents to hold diagnostics."""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from lsprotocol import types

from shardlint.analysis import notebook
from shardlint.analysis.diagnostics import Diagnostic, Edit, Related
from shardlint.analysis.source import split_lines

from .. import convert
from ..lsp_text import Document, uri_to_path
from . import diagnostics, feature

if TYPE_CHECKING:
    from ..lsp import ShardlintServer

# The Python cells of every kind of notebook ("*": Jupyter's, and any other an editor has).
SYNC = types.NotebookDocumentSyncOptions(
    notebook_selector=[types.NotebookDocumentFilterWithNotebook(
        notebook="*", cells=[types.NotebookCellLanguage(language="python")])],
    save=True)
_KINDS = {types.NotebookCellKind.Code: "code", types.NotebookCellKind.Markup: "markdown"}


@dataclass
class Cell:
    uri: str
    kind: str  # "code" | "markdown" | "raw" (a code cell in another language)


@dataclass
class OpenNotebook:
    uri: str
    path: Path
    version: int
    cells: list[Cell]
    # The program the last analysis read, and the cell URIs by index then: the results are in
    # its lines.
    analysed: tuple[notebook.Program, list[str]] | None = None
    published: set[str] = field(default_factory=set)

    def overlay(self, ls: ShardlintServer) -> notebook.Notebook:
        return notebook.from_cells((c.kind, ls.docs[c.uri].text if c.uri in ls.docs else "") for c in self.cells)


def _kind(cell: types.NotebookCell, language: str | None) -> str:
    kind = _KINDS.get(cell.kind, "raw")
    return "raw" if kind == "code" and language not in (None, "python") else kind


# ---- sync (the protocol routes didOpen/didChange/didClose here: see lsp.ShardlintProtocol) -------

def did_open(ls: ShardlintServer, params: types.DidOpenNotebookDocumentParams) -> None:
    nb = params.notebook_document
    path = uri_to_path(nb.uri)
    languages = {}
    for item in params.cell_text_documents:
        ls.docs[item.uri] = Document(item.uri, item.text, item.version)
        languages[item.uri] = item.language_id
    if path is None:
        ls.log(types.MessageType.Info, f"not analysing {nb.uri}: not a file")
        return
    cells = [Cell(c.document, _kind(c, languages.get(c.document))) for c in nb.cells]
    ls.notebooks[nb.uri] = OpenNotebook(nb.uri, path, nb.version, cells)
    _schedule(ls, path)


def did_change(ls: ShardlintServer, params: types.DidChangeNotebookDocumentParams) -> None:
    nb = ls.notebooks.get(params.notebook_document.uri)
    if nb is None:
        ls.log(types.MessageType.Warning, f"notebookDocument/didChange for a notebook that is not open: "
                                          f"{params.notebook_document.uri}")
        return
    nb.version = params.notebook_document.version
    changes = params.change.cells
    if changes is not None:
        languages = {}
        if changes.structure is not None:
            s = changes.structure
            for item in s.did_open or ():
                ls.docs[item.uri] = Document(item.uri, item.text, item.version)
                languages[item.uri] = item.language_id
            for ident in s.did_close or ():
                ls.docs.pop(ident.uri, None)
                diagnostics.publish_uri(ls, ident.uri, [])
                nb.published.discard(ident.uri)
            a = s.array
            new = [Cell(c.document, _kind(c, languages.get(c.document))) for c in a.cells or ()]
            nb.cells[a.start:a.start + a.delete_count] = new
        for cell in changes.data or ():
            for c in nb.cells:
                if c.uri == cell.document and c.kind != "raw":
                    c.kind = _KINDS.get(cell.kind, "raw")
        for content in changes.text_content or ():
            doc = ls.docs.get(content.document.uri)
            if doc is None:
                continue
            for change in content.changes:
                doc.apply(change, ls.encoding)
            doc.version = content.document.version
    root = ls.root_for(nb.path)
    root.edited.add(str(nb.path))
    diagnostics.schedule(ls, root)


def did_close(ls: ShardlintServer, params: types.DidCloseNotebookDocumentParams) -> None:
    nb = ls.notebooks.pop(params.notebook_document.uri, None)
    for ident in params.cell_text_documents:
        ls.docs.pop(ident.uri, None)
    if nb is None:
        return
    for u in sorted(nb.published):
        diagnostics.publish_uri(ls, u, [])
    diagnostics.schedule(ls, ls.root_for(nb.path))


@feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
def did_save(ls: ShardlintServer, params: types.DidSaveNotebookDocumentParams) -> None:
    nb = ls.notebooks.get(params.notebook_document.uri)
    if nb is not None:
        ls.analysis.submit(ls.root_for(nb.path).project.forget, nb.path)


def _schedule(ls: ShardlintServer, path: Path) -> None:
    root = ls.root_for(path)
    root.edited.add(str(path))
    diagnostics.schedule(ls, root)


# ---- what the analysis reads --------------------------------------------------------------------

def open_notebook(ls: ShardlintServer, path: str | Path) -> OpenNotebook | None:
    p = Path(path)
    for nb in ls.notebooks.values():
        if nb.path == p:
            return nb
    return None


def of_cell(ls: ShardlintServer, uri: str) -> OpenNotebook | None:
    for nb in ls.notebooks.values():
        if any(c.uri == uri for c in nb.cells):
            return nb
    return None


def overlays(ls: ShardlintServer, owns: Callable[[Path], bool]) -> dict[Path, notebook.Notebook]:
    """The open notebooks `owns` accepts, as the analysis reads them; each remembers what it
    was given (the results are in the lines of that program)."""
    out = {}
    for nb in ls.notebooks.values():
        if owns(nb.path):
            overlay = nb.overlay(ls)
            nb.analysed = (overlay.program, [c.uri for c in nb.cells])
            out[nb.path] = overlay
    return out


def program_text(ls: ShardlintServer, path: str, text: str | None) -> str:
    """What the fix builder reads for `path`: an open notebook's program, a notebook file's, else
    `text`."""
    nb = open_notebook(ls, path)
    if nb is not None:
        return nb.overlay(ls).program.text
    if text is not None and notebook.is_notebook(path):
        try:
            return notebook.program_text(path, text)
        except notebook.NotebookError:
            return ""
    return text or ""


# ---- positions: program lines → documents --------------------------------------------------------

def _placed(nb: OpenNotebook, line: int) -> tuple[str, int] | None:
    """(cell URI, 0-based offset of its first line in the program) of an analysed line."""
    if nb.analysed is None:
        return None
    program, uris = nb.analysed
    cell, ln, _ = program.locate(line, 1)
    if cell.index >= len(uris):
        return None
    return uris[cell.index], line - ln


def place(ls: ShardlintServer, path: str, line: int, column: int) -> tuple[str, int, int]:
    """Where an engine position is for the client: (key, line, column), the key being an open
    cell's URI (lines of the cell), or the path (an open text document's or a file's lines: in a
    notebook file that is not open, the line of the JSON that holds the code)."""
    if not notebook.is_notebook(path):
        return path, line, column
    nb = open_notebook(ls, path)
    if nb is not None:
        found = _placed(nb, line)
        if found is not None:
            return found[0], line - found[1], column
        return path, line, column
    if ls.doc_for_path(path) is not None:
        return path, line, column  # the editor's own concatenation (jupyterlab-lsp): Python
    program = _file_program(path)
    if program is None:
        return path, line, column
    cell, ln, col = program.locate(line, column)
    raw = program.notebook.cell_raw_position(cell, ln, col)
    return (path, *raw) if raw else (path, line, column)


def _file_program(path: str) -> notebook.Program | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return _program_at(path, st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=64)
def _program_at(path: str, mtime_ns: int, size: int) -> notebook.Program | None:
    return notebook.program_of(path)


def localize(ls: ShardlintServer, d: Diagnostic) -> Diagnostic:
    """`d` with its positions and its related locations where the client has them (see
    `place`); an entry point named by its program line names its cell."""
    if not (notebook.is_notebook(d.path) or any(notebook.is_notebook(r.path) for r in d.related)):
        return d
    key, line, col = place(ls, d.path, d.line, d.column)
    end = place(ls, d.path, d.end_line, d.end_column)
    if end[0] != key:  # a span never crosses cells: keep it in the cell it starts in
        end = (key, line, col + 1)
    related = []
    for r in d.related:
        rkey, rline, rcol = place(ls, r.path, r.line, r.column)
        related.append(Related(rkey, rline, rcol, _message(ls, r)))
    return replace(d, path=key, line=line, column=col, end_line=end[1], end_column=end[2], related=tuple(related))


def _message(ls: ShardlintServer, r: Related) -> str:
    if not notebook.is_notebook(r.path):
        return r.message
    nb = open_notebook(ls, r.path)
    program = nb.analysed[0] if nb is not None and nb.analysed else None
    if program is None and ls.doc_for_path(r.path) is None:
        program = _file_program(r.path)
    return notebook.related_message(program, Path(r.path).name, r.message) if program else r.message


def label(ls: ShardlintServer, key: str, line: int, folder: Path) -> str:
    """How a place reads in a hover: `train.ipynb, cell 4:6`, or `train.py:41`."""
    for nb in ls.notebooks.values():
        for i, c in enumerate(nb.cells):
            if c.uri == key:
                return f"{convert.shown_path(str(nb.path), folder)}, cell {i + 1}:{line}"
    return f"{convert.shown_path(key, folder)}:{line}"


def engine_position(ls: ShardlintServer, uri: str, path: str, pos: types.Position) -> tuple[int, int]:
    """A client position in the document `uri` → (line, column) of the engine in `path`."""
    nb = of_cell(ls, uri)
    if nb is None:
        return convert.engine_position(ls.lines_of({})(path), pos, ls.encoding)
    line, col = convert.engine_position(ls.lines_of({})(uri), pos, ls.encoding)
    if nb.analysed is not None:
        program, uris = nb.analysed
        if uri in uris:
            return program.program_line(uris.index(uri), line), col
    return 0, 0  # a cell the last analysis did not see: nothing is there yet


# ---- fixes: program edits → cell edits -----------------------------------------------------------

def text_edits(ls: ShardlintServer, path: str, edits: list[Edit]) -> dict[str, list[types.TextEdit]]:
    """The program edits of one notebook as edits of the documents the client has: each changed
    cell of an open notebook (its changed middle), else the changed middle of the .ipynb file."""
    nb = open_notebook(ls, path)
    if nb is not None:
        overlay = nb.overlay(ls)
        out = {}
        for index, source in notebook.cell_edits(overlay.program, edits).items():
            uri = nb.cells[index].uri
            out[uri] = [_middle(overlay.cells[index].source, source, ls.encoding)]
        return out
    _, file_nb = notebook.load_for_fix(path)
    new = notebook.write_cells(file_nb, file_nb.program.rewrite(_applied(file_nb.program.text, edits)))
    old = ("\ufeff" if file_nb.bom else "") + file_nb.raw
    return {ls.uri_for(path): [_middle(old, new, ls.encoding)]}


def _applied(text: str, edits: list[Edit]) -> str:
    from shardlint.analysis.fixes import apply_edits

    return apply_edits(text, edits)


def _middle(old: str, new: str, encoding: str) -> types.TextEdit:
    """One edit that turns `old` into `new`: the part between their common start and end."""
    start, n = 0, min(len(old), len(new))
    while start < n and old[start] == new[start]:
        start += 1
    end = 0
    while end < n - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    lines = split_lines(old)
    a = _line_col(old, start)
    b = _line_col(old, len(old) - end)
    return types.TextEdit(range=convert.span(lines, a[0], a[1], b[0], b[1], encoding),
                          new_text=new[start:len(new) - end])


def _line_col(text: str, offset: int) -> tuple[int, int]:
    head = split_lines(text[:offset])
    return len(head), len(head[-1]) + 1
