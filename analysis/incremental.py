"""Incremental parsing: the tree of an edited buffer built from the tree of its previous version
(the language server re-analyses a buffer on every keystroke, and parsing a big file whole was
most of an edit's answer)."""

from __future__ import annotations

import ast
import bisect
import warnings

from .source import line_starts, split_lines


def splice(old_tree: ast.Module, old_lines: list[str], positioned: list | None,
           text: str) -> tuple[ast.Module, list] | None:
    """The tree of `text`, an edit of the text whose lines are `old_lines`, built from that
    text's tree `old_tree` (whose statements it takes over): the top-level statements on the
    lines the edit left alone before it are kept, those after it are kept and moved by the
    lines the edit added or removed, and only the lines between them are parsed. None when
    that region does not parse on its own (the whole text is then parsed, for its tree or its
    error). A region between kept statements that parses is a sequence of whole statements,
    each side of it begins and ends one, and the tokenizer starts each top-level statement
    afresh: the tree is the one `ast.parse(text)` builds (tests/test_source.py compares them
    over many edits). `positioned` lists, for each top-level statement of `old_tree`, the
    attribute dicts of its nodes that have a line position (None where not listed yet); it is
    returned with the tree, for the next edit."""
    new_lines = split_lines(text)
    n_old, n_new = len(old_lines), len(new_lines)
    same = min(n_old, n_new)
    # Lines alike from the top (a), and from the bottom not overlapping those (b), found by
    # halving: list comparisons run in C.
    a = _common(lambda k: old_lines[:k] == new_lines[:k], same)
    b = _common(lambda k: k == 0 or old_lines[n_old - k:] == new_lines[n_new - k:], same - a)
    delta = n_new - n_old
    body = old_tree.body
    # Statements kept before the region: those ending on the lines alike from the top (and not
    # sharing their last line with the next); after it: those starting on the lines alike from
    # the bottom (and not sharing their first line with the one before).
    first = bisect.bisect_right(body, a, key=_last_line)
    while first and first < len(body) and _first_line(body[first]) <= body[first - 1].end_lineno:
        first -= 1
    last = max(first, bisect.bisect_right(body, n_old - b, key=_first_line))
    while first < last < len(body) and _first_line(body[last]) <= body[last - 1].end_lineno:
        last += 1
    start = body[first - 1].end_lineno + 1 if first else 1  # the region's first line, in both texts
    end = (_first_line(body[last]) - 1 if last < len(body) else n_old) + delta  # its last, in the new
    chunk = _lines_text(text, new_lines, start, end)
    if chunk.rstrip("\r\n").endswith("\\"):
        # (its last line continues into the next, outside it; CPython's tokenizer takes a
        # backslash before a final "\r\n" for the end of the text)
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            region = ast.parse(chunk, filename="<shardlint>")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if start > 1:
        ast.increment_lineno(region, start - 1)
    positioned = positioned or [None] * len(body)
    if delta:
        for i in range(last, len(body)):
            nodes = positioned[i]
            if nodes is None:
                nodes = positioned[i] = _positioned_nodes(body[i])
            for d in nodes:
                d["lineno"] += delta
                d["end_lineno"] += delta
    new_body = body[:first] + region.body + body[last:]
    new_positioned = positioned[:first] + [None] * len(region.body) + positioned[last:]
    return ast.Module(body=new_body, type_ignores=[]), new_positioned


def _common(alike, most: int) -> int:
    """The largest k <= most for which `alike(k)` holds (it holds for 0, and for every k below
    one it holds for)."""
    lo, hi = 0, most
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if alike(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _first_line(st: ast.stmt) -> int:
    """Where a top-level statement begins: a definition at its first decorator."""
    decorators = getattr(st, "decorator_list", None)
    return min(st.lineno, *(d.lineno for d in decorators)) if decorators else st.lineno


def _last_line(st: ast.stmt) -> int:
    return st.end_lineno


def _lines_text(text: str, lines: list[str], start: int, end: int) -> str:
    """Lines `start` to `end` of `text` (1-based, inclusive), with their terminators."""
    if start > end:
        return ""
    if "\r\n" in text:  # terminators of two characters: count where lines start
        starts = line_starts(text)
        return text[starts[start - 1]:starts[end] if end < len(starts) else len(text)]
    offset = sum(map(len, lines[:start - 1])) + start - 1
    stop = offset + sum(map(len, lines[start - 1:end])) + end - start + 1
    return text[offset:stop]


def _positioned_nodes(root: ast.AST) -> list[dict]:
    """The attribute dicts of `root` and of the nodes under it that have a line position
    (updated in place: a node's position is in its `__dict__`)."""
    out, stack = [], [root]
    while stack:
        n = stack.pop()
        if "lineno" in n._attributes:
            out.append(n.__dict__)
        for name in n._fields:
            v = getattr(n, name, None)
            if isinstance(v, list):
                stack.extend(x for x in v if isinstance(x, ast.AST))
            elif isinstance(v, ast.AST):
                stack.append(v)
    return out
