"""Jupyter notebooks (`.ipynb`, nbformat 4) as programs.

A notebook is one program: its code cells in order, as a module whose top level is an entry
point (a later cell sees the names of earlier ones). The engine sees that program as the text of
one `SourceFile`; it never knows about cells. This module builds the text and maps positions
back and forth at the edges (the CLI's output, the language server, fixes):

- each code cell is preceded by a marker line (`...  # <shardlint cell 3>`), so that cell
  boundaries survive edits of the text (a fix that inserts lines) and can be found again;
- IPython syntax is masked line for line, so that line numbers stay those of the cell: a line
  magic or shell escape (`%matplotlib inline`, `!pip install x`, `x = !ls`, `jax.jit?`) becomes
  `pass`, a cell magic's cell (`%%bash`) blank lines, except for the magics that run Python
  (`%time f(x)`, `%%timeit`): their code stays, at its own columns;
- a cell that still does not parse becomes blank lines and gets its own SHL000; the other cells
  are checked.

Cells are numbered from 1 counting every cell, markdown and raw ones included (as Ruff numbers
them, and as the position of the cell in the notebook). Rewriting a cell changes the bytes of
its `"source"` value in the file only: outputs, metadata, the other cells and the file's
indentation stay as they were."""

from __future__ import annotations

import ast
import bisect
import difflib
import json
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .diagnostics import Diagnostic, Edit
from .rules import RULES
from .source import NotebookError, SourceFile, digest, line_starts, parse_text

SUFFIX = ".ipynb"
# A statement, not a comment: a fix inserts above a statement together with the comments right
# above it, and the marker must stay out of that.
MARKER = "...  # <shardlint cell {}>"
_EOL = re.compile(r"\r\n|\r|\n")
_NON_ASCII_ESCAPE = re.compile(r"\\u(?:00[89a-fA-F][0-9a-fA-F]|0[1-9a-fA-F][0-9a-fA-F]{2}|[1-9a-fA-F][0-9a-fA-F]{3})")

# Magics whose argument (line magic) or body (cell magic) is Python that runs.
_RUNNING_LINE_MAGICS = frozenset({"time", "timeit", "prun"})
_RUNNING_CELL_MAGICS = frozenset({"time", "timeit", "prun", "capture"})
# Options of those line magics that take a value (`%timeit -n 10 -r 3 f(x)`).
_VALUED_OPTIONS = frozenset("nrpsTDlq")
_HELP_RE = re.compile(r"(\?{1,2}[\w.*\[\]]+|[\w.*\[\]]+\?{1,2})\s*(#.*)?\Z")
_MAGIC_ASSIGN_RE = re.compile(r"([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*=\s*[!%]")


def is_notebook(path: str | Path) -> bool:
    return str(path).endswith(SUFFIX)


# ----------------------------------------------------------------------------------------------
# The file: cells, and where each cell's source is in the JSON text


@dataclass(frozen=True)
class Cell:
    index: int  # 0-based position among all cells
    kind: str  # "code" | "markdown" | "raw"
    source: str
    # Where the `"source"` value is in the file's text (offsets), and (start, end, decoded
    # length) of each of its strings: none for a notebook from an editor, which has no file text.
    span: tuple[int, int] | None = None
    items: tuple[tuple[int, int, int], ...] = ()

    @property
    def number(self) -> int:
        return self.index + 1


@dataclass
class Notebook:
    cells: list[Cell]
    raw: str | None = None  # the JSON text it was read from
    bom: bool = False
    _line_starts: list[int] | None = field(default=None, repr=False)
    _program: "Program | None" = field(default=None, repr=False)

    @property
    def program(self) -> "Program":
        if self._program is None:
            self._program = Program.build(self)
        return self._program

    def raw_position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of an offset into the file's text."""
        if self._line_starts is None:
            self._line_starts = line_starts(self.raw or "")
        i = bisect.bisect_right(self._line_starts, offset) - 1
        return i + 1, offset - self._line_starts[i] + 1

    def cell_raw_position(self, cell: Cell, line: int, column: int) -> tuple[int, int] | None:
        """Where (line, column) of a cell's source is in the file's text: inside the JSON string
        that holds that character (1-based line and column of the file)."""
        if self.raw is None or not cell.items:
            return None
        want = _offset_of(cell.source, line, column)
        for start, end, length in cell.items:
            if want < length or (start, end, length) == cell.items[-1]:
                return self.raw_position(_raw_offset(self.raw, start, end, min(want, length)))
            want -= length
        return None


def _offset_of(text: str, line: int, column: int) -> int:
    """Character offset of 1-based (line, column) in `text`."""
    pos = 0
    for _ in range(line - 1):
        m = _EOL.search(text, pos)
        if m is None:
            return len(text)
        pos = m.end()
    return pos + column - 1


def _raw_offset(raw: str, start: int, end: int, chars: int) -> int:
    """The offset in `raw` of the `chars`-th decoded character of the JSON string token at
    raw[start:end] (quotes included)."""
    i, seen = start + 1, 0
    while i < end - 1 and seen < chars:
        if raw[i] == "\\":
            i += 6 if raw[i + 1] == "u" else 2
        else:
            i += 1
        seen += 1
    return i


_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def _ws(s: str, i: int) -> int:
    return _WS.match(s, i).end()


def _expect(s: str, i: int, ch: str) -> int:
    i = _ws(s, i)
    if i >= len(s) or s[i] != ch:
        raise NotebookError(f"invalid notebook JSON: expected {ch!r} at offset {i}")
    return i + 1


def _members(s: str, i: int):
    """(key, value start) of each member of the JSON object starting at s[i]; the caller
    consumes each value and sends back where it ended."""
    i = _expect(s, i, "{")
    i = _ws(s, i)
    if i < len(s) and s[i] == "}":
        return i + 1
    while True:
        i = _ws(s, i)
        if i >= len(s) or s[i] != '"':
            raise NotebookError(f"invalid notebook JSON: expected a key at offset {i}")
        key, i = json.decoder.scanstring(s, i + 1)
        i = _expect(s, i, ":")
        i = yield key, _ws(s, i)
        i = _ws(s, i)
        if i < len(s) and s[i] == ",":
            i += 1
            continue
        return _expect(s, i, "}")


def _walk_object(s: str, i: int, on_value) -> tuple[dict, int]:
    """Parse the object at s[i]; `on_value(key, start)` may parse a value itself (returning
    (value, end)) or return None to have it decoded whole."""
    out: dict = {}
    gen = _members(s, i)
    try:
        key, start = next(gen)
        while True:
            got = on_value(key, start)
            value, end = got if got is not None else _DECODER.raw_decode(s, start)
            out[key] = value
            key, start = gen.send(end)
    except StopIteration as stop:
        return out, stop.value


def _array(s: str, i: int, item) -> tuple[list, int]:
    i = _expect(s, i, "[")
    out: list = []
    i = _ws(s, i)
    if i < len(s) and s[i] == "]":
        return out, i + 1
    while True:
        value, i = item(_ws(s, i))
        out.append(value)
        i = _ws(s, i)
        if i < len(s) and s[i] == ",":
            i += 1
            continue
        return out, _expect(s, i, "]")


def _string(s: str, i: int) -> tuple[tuple[str, int, int], int]:
    if i >= len(s) or s[i] != '"':
        raise NotebookError(f"invalid notebook: a cell's source must hold strings (offset {i})")
    value, end = json.decoder.scanstring(s, i + 1)
    return (value, i, end), end


def parse(raw: str) -> Notebook:
    """A notebook from its JSON text; raises NotebookError."""
    bom = raw.startswith("\ufeff")
    text = raw[1:] if bom else raw
    cells: list[Cell] = []

    def cell(i: int):
        found: dict = {}

        def on_value(key: str, start: int):
            if key != "source":
                return None
            if text[start:start + 1] == "[":
                items, end = _array(text, start, lambda j: _string(text, j))
            else:
                item, end = _string(text, start)
                items = [item]
            found["span"] = (start, end)
            found["items"] = tuple((a, b, len(v)) for v, a, b in items)
            return "".join(v for v, _, _ in items), end

        obj, end = _walk_object(text, i, on_value)
        kind = obj.get("cell_type")
        if not isinstance(kind, str):
            raise NotebookError(f"invalid notebook: cell {len(cells) + 1} has no cell_type")
        cells.append(Cell(len(cells), kind, obj.get("source", ""), found.get("span"), found.get("items", ())))
        return None, end

    def top(key: str, start: int):
        if key == "cells":
            return _array(text, start, cell)
        return None

    try:
        doc, end = _walk_object(text, 0, top)
    except (ValueError, RecursionError) as e:
        raise NotebookError(f"invalid notebook JSON: {e}") from None
    if text[_ws(text, end):].strip():
        raise NotebookError("invalid notebook JSON: extra data after the notebook")
    version = doc.get("nbformat")
    if not isinstance(version, int) or version < 4:
        raise NotebookError(f"nbformat {version} notebook: only nbformat 4 is read "
                            "(open and save it in Jupyter to upgrade it)")
    if "cells" not in doc:
        raise NotebookError("invalid notebook: no cells")
    language = _language(doc.get("metadata"))
    if language is not None and language != "python":
        raise NotebookError(f"not a Python notebook (its language is {language})")
    nb = Notebook(cells, text, bom)
    return nb


def _language(meta) -> str | None:
    if not isinstance(meta, dict):
        return None
    for key, name in (("language_info", "name"), ("kernelspec", "language")):
        v = meta.get(key)
        if isinstance(v, dict) and isinstance(v.get(name), str):
            return v[name].lower()
    return None


def from_cells(cells: Iterable[tuple[str, str]]) -> Notebook:
    """A notebook from an editor's cells: (kind, text) in order."""
    return Notebook([Cell(i, kind, text) for i, (kind, text) in enumerate(cells)])


# ----------------------------------------------------------------------------------------------
# The program: code cells as one module


@dataclass(frozen=True)
class Placed:
    """A code cell in the program: its marker is on line `start - 1`, its first line is
    `start`, and it has `lines` lines there."""
    cell: Cell
    start: int
    lines: int
    text: str  # the cell as the program has it (masked)
    error: tuple[int, int, str] | None  # (line, column) in the cell, message


@dataclass
class Program:
    notebook: Notebook
    text: str
    placed: list[Placed]
    _starts: list[int] = field(default_factory=list, repr=False)

    @classmethod
    def build(cls, nb: Notebook) -> "Program":
        parts: list[str] = []
        placed: list[Placed] = []
        line = 1
        for c in nb.cells:
            if c.kind != "code":
                continue
            text, error = mask(c.source)
            n = len(_cell_lines(c.source))
            parts.append(MARKER.format(c.number) + "\n" + text)
            placed.append(Placed(c, line + 1, n, text, error))
            line += 1 + n
        return cls(nb, "".join(parts), placed, [p.start for p in placed])

    def locate(self, line: int, column: int) -> tuple[Cell, int, int]:
        """Program (line, column) → (cell, line in the cell, column). A cell's marker line is
        the end of the code cell before it (where an insertion there lands)."""
        i = bisect.bisect_right(self._starts, line + 1) - 1
        if i > 0 and line == self.placed[i].start - 1:
            prev = self.placed[i - 1]
            return prev.cell, prev.lines + 1, 1
        p = self.placed[max(i, 0)]
        return p.cell, min(max(line - p.start + 1, 1), p.lines + 1), column

    def program_line(self, cell: Cell | int, line: int) -> int:
        index = cell.index if isinstance(cell, Cell) else cell
        for p in self.placed:
            if p.cell.index == index:
                return p.start + line - 1
        raise KeyError(f"cell {index + 1} is not a code cell")

    def source_file(self, path: str) -> "NotebookSource":
        broken = "\0".join(p.cell.source for p in self.placed if p.error)
        dig = digest(f"ipynb\0{self.text}\0{broken}".encode("utf-8", errors="surrogatepass"))
        return NotebookSource(path, self.text, dig, self)

    # -- edits ---------------------------------------------------------------------------------

    def rewrite(self, new_text: str) -> dict[int, str]:
        """The cells that an edited program text changes: cell index → its new source. Lines
        the program masks keep their original text (a fix never edits a magic)."""
        found = split(new_text, [p.cell.number for p in self.placed])
        out = {}
        for p, new in zip(self.placed, found):
            if new == p.text:
                continue
            out[p.cell.index] = _restore(p.cell.source, p.text, new)
        return out


class NotebookSource(SourceFile):
    """The program of a notebook, as the engine reads it."""

    def __init__(self, path: str, text: str, digest: str, program: Program):
        super().__init__(path, text, digest)
        self.program = program


def split(text: str, numbers: list[int]) -> list[str]:
    """The texts between the markers of cells `numbers` (in order) in a program text (what an
    edit put above the first marker belongs to the first cell)."""
    lines = text.splitlines(keepends=True)
    bounds = []
    i = 0
    for n in numbers:
        marker = MARKER.format(n)
        while i < len(lines) and lines[i].rstrip("\r\n") != marker:
            i += 1
        if i == len(lines):
            raise ValueError(f"the marker of cell {n} is gone from the program")
        bounds.append(i)
        i += 1
    bounds.append(len(lines))
    out = ["".join(lines[a + 1:b]) for a, b in zip(bounds, bounds[1:])]
    if out:
        out[0] = "".join(lines[:bounds[0]]) + out[0]
    return out


def _restore(source: str, masked: str, new: str) -> str:
    """`new` (an edit of `masked`, the program's text of cell `source`) with the lines that
    masking changed given back their original text, in the cell's own newline style."""
    orig = _keep_lines(source)
    old = _keep_lines(masked)
    new_lines = _keep_lines(new)
    newline = _newline(source)
    pieces: list[str] = []
    sm = difflib.SequenceMatcher(a=old, b=new_lines, autojunk=False)
    for op, a0, a1, b0, b1 in sm.get_opcodes():
        if op == "equal":
            pieces.extend(orig[a0:a1])
        else:
            pieces.extend(_EOL.sub(newline, line) for line in new_lines[b0:b1])
    # The program ends every line with a newline; the cell's last line keeps what it had.
    pieces = [p if p.endswith(("\n", "\r")) else p + newline for p in pieces]
    text = "".join(pieces)
    if text and not source.endswith(("\n", "\r")):
        text = text[:-len(newline)]
    return text


def _keep_lines(text: str) -> list[str]:
    """Lines with their terminators (\\r\\n, \\r or \\n only, as Python's tokenizer splits)."""
    out, pos = [], 0
    for m in _EOL.finditer(text):
        out.append(text[pos:m.end()])
        pos = m.end()
    if pos < len(text):
        out.append(text[pos:])
    return out


def _newline(text: str) -> str:
    m = _EOL.search(text)
    return m.group(0) if m else "\n"


def _cell_lines(source: str) -> list[str]:
    lines = _EOL.split(source)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


# ----------------------------------------------------------------------------------------------
# Masking IPython syntax


def mask(source: str) -> tuple[str, tuple[int, int, str] | None]:
    """The cell as Python (one line per line of the cell, each ending with a newline) and its
    syntax error ((line, column, message) in the cell) when it does not parse even so; the text
    is then blank lines."""
    lines = _cell_lines(source)
    if not lines:
        return "", None
    plain = "\n".join(lines) + "\n"
    if _parses(plain) is None:
        return plain, None
    masked = _mask_lines(lines, run=True)
    error = _parses(masked)
    if error is not None:
        quiet = _mask_lines(lines, run=False)
        if quiet != masked and _parses(quiet) is None:
            return quiet, None
        return "\n" * len(lines), error
    return masked, None


def _parses(text: str) -> tuple[int, int, str] | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(text)
        except SyntaxError as e:
            return e.lineno or 1, max(e.offset or 1, 1), e.msg or "invalid syntax"
        except (ValueError, RecursionError, MemoryError) as e:
            return 1, 1, f"cannot parse: {e}"
    return None


def _mask_lines(lines: list[str], run: bool) -> str:
    """`lines` with IPython syntax masked. `run`: keep the Python that `%time`-like magics run."""
    out = list(lines)
    first = next((i for i, ln in enumerate(lines) if ln.strip()), None)
    if first is not None and lines[first].lstrip().startswith("%%"):
        name = re.match(r"%%(\w*)", lines[first].lstrip()).group(1)
        if not (run and name in _RUNNING_CELL_MAGICS):
            return "\n" * len(lines)
        out[first] = ""
        start = first + 1
    else:
        start = 0
    starts = _logical_starts(lines)
    i = start
    while i < len(lines):
        line = lines[i]
        if not starts[i]:
            i += 1
            continue
        indent = line[:len(line) - len(line.lstrip())]
        s = line.lstrip()
        replaced = None
        if s.startswith("%") and not s.startswith("%%"):
            m = re.match(r"%(\w+)", s)
            code = _magic_statement(s) if run and m and m.group(1) in _RUNNING_LINE_MAGICS else None
            replaced = indent + code if code is not None else indent + "pass"
        elif s.startswith(("!", "%%", "/", ",", ";", "?")) or (s and _HELP_RE.match(s)):
            replaced = indent + "pass"
        else:
            m = _MAGIC_ASSIGN_RE.match(s)
            if m:
                replaced = indent + s[:m.end() - 1] + "None"
        if replaced is None:
            i += 1
            continue
        out[i] = replaced
        # A magic continued with a backslash goes on over the next lines.
        while line.rstrip().endswith("\\") and i + 1 < len(lines):
            i += 1
            line = lines[i]
            out[i] = ""
        i += 1
    return "\n".join(out) + "\n"


def _magic_statement(s: str) -> str | None:
    """`%timeit -n 3 f(x)` → `0          ;f(x)`: the statement the magic runs, at its own
    column (None when there is none)."""
    m = re.match(r"%\w+\s*", s)
    pos = m.end()
    while pos < len(s) and s[pos] == "-":
        opt = re.match(r"-(\w)(\S*)\s*", s[pos:])
        if opt is None:
            return None
        pos += opt.end()
        if opt.group(1) in _VALUED_OPTIONS and not opt.group(2):
            val = re.match(r"\S+\s*", s[pos:])
            pos += val.end() if val else 0
    if pos >= len(s) or pos < 2:
        return None
    return "0" + " " * (pos - 2) + ";" + s[pos:]


def _logical_starts(lines: list[str]) -> list[bool]:
    """Whether each line starts a logical line: not inside a bracket, a triple-quoted string or
    after a backslash continuation."""
    starts = []
    depth, quote, cont = 0, None, False
    for line in lines:
        start = depth == 0 and quote is None and not cont
        starts.append(start)
        cont = False
        s = line.lstrip()
        if start and s[:1] in ("%", "!", "?"):
            cont = line.rstrip().endswith("\\")
            continue  # a magic's text is no Python to scan
        i, n = 0, len(line)
        while i < n:
            if quote is not None:
                if line[i] == "\\":
                    i += 2
                elif line.startswith(quote, i):
                    i += len(quote)
                    quote = None
                else:
                    i += 1
                continue
            ch = line[i]
            if ch == "#":
                break
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth = max(depth - 1, 0)
            elif ch in "'\"":
                if line.startswith(ch * 3, i):
                    quote = ch * 3
                    i += 3
                    continue
                j = i + 1
                while j < n and line[j] != ch:
                    j += 2 if line[j] == "\\" else 1
                i = j + 1
                continue
            elif ch == "\\" and i == n - 1:
                cont = True
            i += 1
    return starts


# ----------------------------------------------------------------------------------------------
# Reading, writing, and the edges


def read(path: Path, shown: str) -> NotebookSource:
    """Read and parse a notebook file; raises OSError or NotebookError."""
    return load_text(shown, decode(path.read_bytes()))


def decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise NotebookError(f"not UTF-8 ({e.reason} at byte {e.start})") from None


def load_text(path: str, text: str) -> SourceFile:
    """A notebook's source from its text: nbformat JSON, or — as an editor that concatenates
    cells itself sends it (jupyterlab-lsp's virtual documents) — Python."""
    if not text.lstrip("\ufeff \t\r\n").startswith("{"):
        return parse_text(path, text)
    return parse(text).program.source_file(path)


def load(path: str, value) -> SourceFile:
    """A notebook's source from an overlay: a Notebook (an editor's cells), or text."""
    if isinstance(value, Notebook):
        return value.program.source_file(path)
    return load_text(path, value)


def syntax_errors(sf: SourceFile) -> list[Diagnostic]:
    """SHL000 for every cell of a notebook that does not parse (at its position in the
    program); the program itself parses."""
    program = getattr(sf, "program", None)
    if program is None:
        return []
    rule = RULES["SHL000"]
    out = []
    for p in program.placed:
        if p.error is None:
            continue
        line, col, msg = p.error
        line = p.start + min(line, max(p.lines, 1)) - 1
        out.append(Diagnostic(sf.path, line, col, line, col + 1, rule.code, rule.name, rule.severity,
                              f"SyntaxError: {msg}. Running this cell raises SyntaxError; the "
                              f"notebook's other cells are still checked."))
    return out


def program_text(path: str | Path, text: str) -> str:
    """The text the fix builder edits for a file: a notebook's program, else the text."""
    if is_notebook(path):
        return load_text(str(path), text).text
    return text


def load_for_fix(path: str | Path) -> tuple[str, Notebook]:
    """A notebook file's program text and the notebook (to write the fixed text back)."""
    nb = parse(decode(Path(path).read_bytes()))
    return nb.program.text, nb


def fixed_file(nb: Notebook, program_text: str) -> str:
    """The file's text once the program is `program_text`: only the changed cells rewritten."""
    return write_cells(nb, nb.program.rewrite(program_text))


def render_source(nb: Notebook, cell: Cell, source: str) -> str:
    """The JSON text of a cell's new `"source"` value, in the style of the file: a list of
    lines (one string per line, as nbformat writes them) or one string, as it was, with the
    file's indentation, item separator and escaping of non-ASCII characters."""
    raw = nb.raw or ""
    ascii_only = raw.isascii() and _NON_ASCII_ESCAPE.search(raw) is not None
    a, b = cell.span
    old = raw[a:b]
    if not old.startswith("["):
        return json.dumps(source, ensure_ascii=ascii_only)
    lines = source.splitlines(keepends=True)
    if not lines:
        return "[]"
    strings = [json.dumps(line, ensure_ascii=ascii_only) for line in lines]
    newline = "\r\n" if "\r\n" in raw else "\n"
    if cell.items and "\n" not in raw[a:cell.items[0][0]]:
        sep = raw[cell.items[0][1]:cell.items[1][0]] if len(cell.items) > 1 else ", "
        return "[" + sep.join(strings) + "]"
    if cell.items:
        first = cell.items[0][0]
        indent = raw[raw.rfind("\n", 0, first) + 1:first]
        close = raw[raw.rfind("\n", 0, b - 1) + 1:b - 1]
        if close.strip():
            close = indent[:-1] if indent else ""
    else:
        key_line = raw[raw.rfind("\n", 0, a) + 1:a]
        close = key_line[:len(key_line) - len(key_line.lstrip())]
        unit = _indent_unit(raw)
        indent = close + unit
    return "[" + newline + ("," + newline).join(indent + s for s in strings) + newline + close + "]"


def _indent_unit(raw: str) -> str:
    m = re.search(r"\{\r?\n([ \t]+)\"", raw)
    return m.group(1) if m else " "


def write_cells(nb: Notebook, sources: dict[int, str]) -> str:
    """The file's text with the cells `sources` (index → new source) rewritten; every other byte
    as it was."""
    raw = nb.raw
    for index in sorted(sources, reverse=True):
        cell = nb.cells[index]
        if cell.span is None:
            raise NotebookError(f"cell {cell.number} has no source in the file to rewrite")
        a, b = cell.span
        raw = raw[:a] + render_source(nb, cell, sources[index]) + raw[b:]
    return ("\ufeff" if nb.bom else "") + raw


# -- the edges: positions for people ------------------------------------------------------------


def where(program: Program, line: int, column: int) -> tuple[int, int, int]:
    """Program (line, column) → (cell number, line in the cell, column)."""
    cell, ln, col = program.locate(line, column)
    return cell.number, ln, col


_ENTRY_LINE = re.compile(r"^(entry point: )module \S+, line (\d+)$")


def related_message(program: Program, name: str, message: str) -> str:
    """"entry point: module train, line 41" → "entry point: notebook train.ipynb, cell 3,
    line 5": the engine names the program line of the top-level statement."""
    m = _ENTRY_LINE.match(message)
    if m is None:
        return message
    number, ln, _ = where(program, int(m.group(2)), 1)
    return f"{m.group(1)}notebook {name}, cell {number}, line {ln}"


def cell_edits(program: Program, edits: list[Edit]) -> dict[int, str]:
    """Edits of the program text (from the fix builder) → cell index → new source."""
    from .fixes import apply_edits

    return program.rewrite(apply_edits(program.text, edits))
