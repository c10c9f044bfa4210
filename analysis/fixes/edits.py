"""Edits, the pieces every fix is made of: replacing a node, removing or appending an argument,
inserting lines, turning a file's text into another; and applying edits to a text.

Positions are 1-based lines and character columns, end exclusive, on lines as `source.line_starts`
splits them."""

from __future__ import annotations

import bisect
from typing import Iterable

import libcst as cst

from ..diagnostics import Edit
from ..source import line_starts
from .tree import SourceModule, keyword_index

# Where any expression can stand without parentheses.
OPEN = (cst.Arg, cst.Return, cst.Assign, cst.AnnAssign, cst.Element, cst.DictElement, cst.Expr)


def _line_end(text: str, starts: list[int], line: int) -> int:
    end = starts[line] if line < len(starts) else len(text)
    while end > starts[line - 1] and text[end - 1] in "\r\n":
        end -= 1
    return end


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """Apply non-overlapping edits of one file to its text (positions refer to `text`)."""
    starts = line_starts(text)

    def offset(line: int, col: int) -> int:
        if line > len(starts):
            return len(text)
        return min(starts[line - 1] + col - 1, _line_end(text, starts, line))

    out = text
    # Right to left; inserts at one position keep their array order (as LSP clients do).
    indexed = sorted(enumerate(edits), key=lambda ie: (ie[1].line, ie[1].column, ie[1].end_line,
                                                        ie[1].end_column, ie[0]), reverse=True)
    for _, e in indexed:
        s, t = offset(e.line, e.column), offset(e.end_line, e.end_column)
        out = out[:s] + e.new_text + out[t:]
    return out


def text_change(mod: SourceModule, new: str) -> Edit:
    """One edit turning the file's text into `new`: the span between their common prefix and
    suffix."""
    old = mod.text
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    starts = line_starts(old)

    def position(offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1

    (l0, c0), (l1, c1) = position(start), position(len(old) - end)
    return Edit(mod.path, l0, c0, l1, c1, new[start:len(new) - end])


def replace_node(mod: SourceModule, node, text: str) -> Edit:
    """An edit replacing `node`, its parentheses included, with `text`."""
    start = mod.pos[node.lpar[0] if getattr(node, "lpar", None) else node].start
    end = mod.pos[node.rpar[-1] if getattr(node, "rpar", None) else node].end
    return Edit(mod.path, start.line, start.column + 1, end.line, end.column + 1, text)


def replace_span(mod: SourceModule, node, text: str) -> Edit:
    """An edit replacing exactly the characters of `node` (not its parentheses) with `text`."""
    r = mod.pos[node]
    return Edit(mod.path, r.start.line, r.start.column + 1, r.end.line, r.end.column + 1, text)


def insert_at(mod: SourceModule, line: int, column: int, text: str) -> Edit:
    """An edit inserting `text` at a 1-based position."""
    return Edit(mod.path, line, column, line, column, text)


def delete_lines(mod: SourceModule, node) -> Edit:
    """An edit deleting the whole lines of `node`."""
    r = mod.pos[node]
    return Edit(mod.path, r.start.line, 1, r.end.line + 1, 1, "")


def _start(mod: SourceModule, arg: cst.Arg):
    """Where an argument starts: its keyword, else its value's opening parenthesis."""
    if arg.keyword is not None:
        return mod.pos[arg.keyword].start
    return mod.pos[arg.value.lpar[0] if arg.value.lpar else arg.value].start


def _end(mod: SourceModule, arg: cst.Arg):
    """Where an argument's value ends, its closing parenthesis included."""
    return mod.pos[arg.value.rpar[-1] if arg.value.rpar else arg.value].end


def remove_arg(mod: SourceModule, call: cst.Call, idx: int) -> Edit:
    """The edit that deletes argument `idx` of `call` with its comma, nothing else."""
    args = list(call.args)
    if idx + 1 < len(args):
        s, e = _start(mod, args[idx]), _start(mod, args[idx + 1])
    elif idx > 0:
        s, e = _end(mod, args[idx - 1]), _end(mod, args[idx])
    else:
        s, e = _start(mod, args[idx]), _end(mod, args[idx])
    return Edit(mod.path, s.line, s.column + 1, e.line, e.column + 1, "")


def remove_keyword(mod: SourceModule, call: cst.Call, keyword: str) -> Edit | None:
    """The edit removing `keyword=` from `call`, or None when the call has none."""
    idx = keyword_index(call, keyword)
    return None if idx is None else remove_arg(mod, call, idx)


def remove_keywords(mod: SourceModule, call: cst.Call, keywords: tuple[str, ...]) -> list[Edit]:
    """The edits removing each of `keywords=` that `call` has, with their commas: one per run
    of adjacent arguments removed (so that no two edits overlap)."""
    args = list(call.args)
    gone = [a.keyword is not None and a.keyword.value in keywords for a in args]
    edits = []
    i = 0
    while i < len(args):
        if not gone[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(args) and gone[j + 1]:
            j += 1
        if j + 1 < len(args):
            s, e = _start(mod, args[i]), _start(mod, args[j + 1])
        else:
            s = _end(mod, args[i - 1]) if i > 0 else _start(mod, args[i])
            e = _end(mod, args[j])
        edits.append(Edit(mod.path, s.line, s.column + 1, e.line, e.column + 1, ""))
        i = j + 1
    return edits


def append_kwarg(mod: SourceModule, call: cst.Call, text: str) -> Edit:
    """An edit adding `text` as the last argument of `call`: after the last argument's comma
    (so that a comment after it stays at the end of its line), else after the last argument,
    else inside the empty parentheses."""
    if not call.args:
        end = mod.pos[call].end  # just after the `)`
        return insert_at(mod, end.line, end.column, text)
    last = call.args[-1]
    if isinstance(last.comma, cst.Comma):
        at = mod.pos[last.comma].end
        return insert_at(mod, at.line, at.column + 1, f" {text}")
    at = mod.pos[last].end
    return insert_at(mod, at.line, at.column + 1, f", {text}")


def insert_lines(mod: SourceModule, line: int, texts: list[str]) -> Edit:
    """An edit inserting `texts` as whole lines before `line` (after the last line when it is
    beyond the end), in the file's newline style."""
    nl = mod.newline
    if line <= len(mod.lines):
        return insert_at(mod, line, 1, "".join(t + nl for t in texts))
    last = mod.lines[-1] if mod.lines else ""
    if last.endswith(("\n", "\r")):
        return insert_at(mod, len(mod.lines) + 1, 1, "".join(t + nl for t in texts))
    n = len(mod.lines) or 1
    return insert_at(mod, n, len(last) + 1, "".join(nl + t for t in texts))


def insert_before(mod: SourceModule, stmt, text_lines: list[str]) -> Edit:
    """An edit inserting lines above `stmt`, at its indentation, and above the comment lines
    that belong to it."""
    line, col = mod.start_of(stmt)
    indent = mod.line_text(line)[:col]
    for empty in reversed(getattr(stmt, "leading_lines", ())):
        if empty.comment is None:
            break
        line -= 1
    return insert_at(mod, line, 1, "".join((indent + t if t else "") + mod.newline for t in text_lines))


def sequence(like: cst.List | cst.Tuple, items: list[str]) -> str:
    """A list or tuple literal, of the kind of `like`, holding `items` (source texts)."""
    if isinstance(like, cst.List):
        return f"[{', '.join(items)}]"
    return tuple_text(items)


def tuple_text(items: list[str]) -> str:
    """A tuple literal holding `items` (source texts): `(a,)` for one."""
    return f"({', '.join(items)}{',' if len(items) == 1 else ''})"
