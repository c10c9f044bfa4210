"""Applying fixes: the preferred fix of each error merged without overlaps (the editor's
`source.fixAll.shardlint`), and `shardlint check --fix`, which checks, fixes and checks again
for some rounds and writes the files back in their own encoding, BOM and newlines."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
import tokenize
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from .. import notebook
from ..config import Config
from ..diagnostics import Diagnostic, Edit, Fix, Severity
from .edits import apply_edits
from .registry import FixContext, offered
from .suppress import is_suppression

MAX_ROUNDS = 8


@dataclass
class FixResult:
    applied: int
    files: list[str]
    texts: dict[str, str] = field(default_factory=dict)  # changed file -> its fixed text


def _preferred(fixes: list[Fix], unsafe: bool) -> Fix | None:
    for fix in fixes:
        if is_suppression(fix):
            continue
        if fix.applicability == "safe" or unsafe:
            return fix
    return None


def _key(path: str) -> str:
    return os.path.abspath(path)


def _overlaps(a: Edit, b: Edit) -> bool:
    if _key(a.path) != _key(b.path):
        return False
    a0, a1 = (a.line, a.column), (a.end_line, a.end_column)
    b0, b1 = (b.line, b.column), (b.end_line, b.end_column)
    if a0 == a1 and b0 == b1:
        return a0 == b0
    if a0 == a1:
        return b0 < a0 < b1
    if b0 == b1:
        return a0 < b0 < a1
    return a0 < b1 and b0 < a1


def _same(a: Edit, b: Edit) -> bool:
    return (_key(a.path), a.line, a.column, a.end_line, a.end_column, a.new_text) == \
           (_key(b.path), b.line, b.column, b.end_line, b.end_column, b.new_text)


def _combine(diags: Iterable[Diagnostic], read: Callable[[str], str], config: Config,
             unsafe: bool) -> tuple[list[Edit], int]:
    """Non-overlapping edits of the preferred fix of each error; (edits, problems fixed). An
    edit identical to one already taken (the same import, the same wrap reached by two
    collectives) is shared, not a conflict."""
    ctx = FixContext(read, config)
    taken: list[Edit] = []
    fixed = 0
    for d in sorted(diags, key=Diagnostic.sort_key):
        if d.severity != Severity.ERROR and d.fix is None:
            continue  # warnings and hints mark programs that lower: never rewrite them
        fix = _preferred(offered(d, ctx), unsafe)
        if fix is None:
            continue
        new = [e for e in fix.edits if not any(_same(e, t) for t in taken)]
        if any(_overlaps(e, t) for e in new for t in taken):
            continue
        taken.extend(new)
        fixed += 1
    return taken, fixed


def fix_all(path: str, text: str, diags: list[Diagnostic], config: Config, unsafe: bool = False,
            read: Callable[[str], str] | None = None) -> list[Edit]:
    """The edits of `source.fixAll.shardlint` for the document `path` whose current text is
    `text`: the preferred safe fix of each error (unsafe ones too when `unsafe`), never a
    suppression. Edits may reach other files (a wrap at the entry point); `read` gives their
    text (default: from disk)."""
    base = read or _read_disk
    me = _key(path)

    def reader(p: str) -> str:
        return text if _key(p) == me else base(p)

    return _combine(diags, reader, config, unsafe)[0]


@dataclass
class _Disk:
    encoding: str
    bom: bool


def _read_disk(path: str) -> str:
    return _load(path)[0]


def _load(path: str) -> tuple[str, "_Disk | notebook.Notebook"]:
    if notebook.is_notebook(path):
        return notebook.load_for_fix(path)  # fixes edit the notebook's program text
    data = Path(path).read_bytes()
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    bom = data.startswith(b"\xef\xbb\xbf")
    text = data.decode("utf-8" if encoding == "utf-8-sig" else encoding)
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, _Disk("utf-8" if encoding == "utf-8-sig" else encoding, bom)


def _write_atomic(path: str, text: str, disk: "_Disk | notebook.Notebook") -> None:
    if isinstance(disk, notebook.Notebook):  # the program's changed cells go back into the JSON
        text, disk = notebook.fixed_file(disk, text), _Disk("utf-8", False)
    data = (b"\xef\xbb\xbf" if disk.bom else b"") + text.encode(disk.encoding)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".shardlint-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        shutil.copymode(path, tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def apply_fixes(paths, config: Config, unsafe: bool, *, write: bool = True, **check_options) -> FixResult:
    """`shardlint check --fix [--unsafe-fixes]`: check, apply the combined fixes, re-check with
    the edited text, repeat until stable (at most MAX_ROUNDS); keep the texts of the round that
    left the fewest fixable problems; write the changed files atomically, keeping their
    encoding, BOM and newline style (with `write=False`, `--diff`: only return the texts).
    `check_options` go to every `check` (a changed-file run's project, excludes)."""
    from ..check import check  # the engine; imported here so that the server can import us cheaply

    original: dict[str, tuple[str, "_Disk | notebook.Notebook"]] = {}
    current: dict[str, str] = {}

    def read(path: str) -> str:
        k = _key(path)
        if k not in current:
            original[k] = _load(k)
            current[k] = original[k][0]
        return current[k]

    applied = 0
    states = []  # (fixable problems, texts, problems fixed so far), one per round
    seen: set = set()
    for round_no in range(MAX_ROUNDS + 1):
        overlays = {Path(k).resolve(): t for k, t in current.items() if t != original[k][0]}
        result = check(paths, config, use_cache=False, overlays=overlays or None, **check_options)
        states.append((_count_fixable(result.diagnostics, read, config, unsafe), dict(current), applied))
        if round_no == MAX_ROUNDS:
            break
        edits, fixed = _combine(result.diagnostics, read, config, unsafe)
        if not edits:
            break
        by_file: dict[str, list[Edit]] = {}
        for e in edits:
            by_file.setdefault(_key(e.path), []).append(e)
        for k, es in by_file.items():
            current[k] = apply_edits(read(k), es)
        state = tuple(sorted(current.items()))
        if state in seen:
            break  # the fixes go round in circles
        seen.add(state)
        applied += fixed
    # The first round with the fewest fixable problems left: a fix may trade one problem for
    # another that a later round fixes, and a round that makes things worse is not kept.
    best = min(range(len(states)), key=lambda i: states[i][0])
    current.clear()
    current.update(states[best][1])
    applied = states[best][2]
    changed = sorted(k for k, t in current.items() if t != original[k][0])
    for k in changed if write else ():
        _write_atomic(k, current[k], original[k][1])
    return FixResult(applied if changed else 0, changed, {k: current[k] for k in changed})


def _count_fixable(diags, read, config, unsafe) -> int:
    ctx = FixContext(read, config)
    return sum(1 for d in diags if (d.severity == Severity.ERROR or d.fix is not None)
               and _preferred(offered(d, ctx), unsafe) is not None)
