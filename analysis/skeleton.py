"""Trees whose function bodies are parsed when first read. Most of a project's code is in the
bodies of functions that no entry point calls (5% of EasyDeL's and 3% of JAX's are ever run),
and building their `ast` objects is most of a parse. `parse` cuts, with a textual scan, the body
of each `def`, parses what is left (the skeleton: each cut body one statement at the lines it
had), and gives each cut `def` a class whose `body` and end position parse its text on first
read. The tree is then the one `ast.parse` gives, read by read: the scan only cuts where the
skeleton parses with every cut body in its place, and tests/test_source.py compares whole trees
on every corpus.

A body that a sibling statement follows becomes a `pass` on its first line. The last body of a
block (a class's last method, a module's last function) becomes an expression that ends where
the body's last statement ends, so that the blocks around it keep their ends unread.

What a skeleton cannot say is whether a cut body parses: only a file whose text is known to
parse is parsed so (the store remembers the digests of those that did), and a cut body that
does not parse when read sets `broken` (the analysis that read it is redone with whole trees)."""

from __future__ import annotations

import ast
import re
import warnings
from hashlib import blake2b

_ENDS: dict[int, re.Pattern] = {}  # indentation -> the first later line that is code at most that deep
_OPEN = str.maketrans("", "", "()[]{}")

broken = False  # a cut body did not parse when read: the run that read it must not be trusted


def parse(text: str) -> ast.Module | None:
    """The tree of `text` with cut bodies (whole when there is nothing to cut), or None when
    the text is one the scan does not read (tabs, `\\r` or form feeds in it) or its skeleton
    does not parse. The tree also says what of the text an analysis can have seen (see
    `shape`): `shardlint_shape`, the digest of the skeleton, and `shardlint_reads`, each body
    read so far (its line: the digest of its text)."""
    if "\t" in text or "\r" in text or "\f" in text:
        return None
    cuts = _cuts(text)
    skeleton = _skeleton(text, cuts)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(skeleton, filename="<shardlint>")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    tree.shardlint_shape = _digest(_without_trailing_comments(skeleton))
    tree.shardlint_reads = reads = {}
    at = {line + (tail[0] if tail else 0): (start, end, line) for start, end, _, line, tail in cuts}
    found = 0
    todo = [tree.body]
    while todo:
        for st in todo.pop():
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                body = st.body
                cut = at.get(body[0].lineno) if len(body) == 1 else None
                if cut is not None:
                    st.__class__ = _LAZY[type(st)]
                    st.__dict__["_cut"] = (text, *cut, reads)
                    found += 1
                    continue
            for block in blocks(st):
                todo.append(block)
    return tree if found == len(cuts) else None


def shape(text: str) -> tuple[str, dict[int, str]] | None:
    """What `parse` would make of `text`, without parsing it: (the digest of its skeleton, the
    digest of each cut body's text by the line it starts on), or None when it would not read
    it. Two texts of one shape whose bodies read by an analysis are alike look the same to
    that analysis: the rest of what differs is in bodies it never read, and in comments and
    blank lines after the last line of code."""
    if "\t" in text or "\r" in text or "\f" in text:
        return None
    cuts = _cuts(text)
    return (_digest(_without_trailing_comments(_skeleton(text, cuts))),
            {line: _digest(text[start:end]) for start, end, _, line, _ in cuts})


def _skeleton(text: str, cuts: list) -> str:
    """`text` with each cut body one statement on as many lines: a `pass` on its first line, or
    a number ending where the body's last statement ends (see `_tail`)."""
    parts = []
    pos = 0
    for start, end, ind, _, tail in cuts:
        parts.append(text[pos:start])
        lines = text.count("\n", start, end)
        if tail is None:
            parts.append(" " * (ind + 1) + "pass" + "\n" * lines)
        else:
            before, width = tail
            parts.append("\n" * before + " " * (ind + 1) + "0" * width + "\n" * (lines - before))
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


def _without_trailing_comments(text: str) -> str:
    """`text` up to the end of its last line that is neither blank nor only a comment (the
    text parses: such lines after the last code are outside every string)."""
    end = len(text)
    while end:
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end].strip()
        if line and not line.startswith("#"):
            break
        end = max(start - 1, 0)
    return text[:end]


def _digest(text: str) -> str:
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _cuts(text: str) -> list[tuple[int, int, int, int, tuple[int, int] | None]]:
    """(start, end, indentation of its def, line of start, tail) of each body cut: from the
    line after the header to the first line of code (not blank, not a comment) at most as deep
    as the `def`, or to the end of the text; the text between must close every triple-quoted
    string it opens, as far as counting them tells, and not end in a backslash (a bracket it
    leaves open leaves a skeleton that does not parse: the file is parsed whole). `tail` is None
    where that line is exactly as deep (a sibling follows: the body becomes a `pass`), else what
    `_tail` says. A `def` after an odd number of triple quotes is in a string (a docstring's
    example)."""
    out = []
    pos = 0
    line_no, counted = 1, 0  # the line at offset `counted`
    quotes = 0  # triple quotes before `counted`
    find = text.find
    at = find("def ")
    while at != -1:
        here, at = at, find("def ", at + 4)
        line_start = text.rfind("\n", 0, here) + 1
        lead = text[line_start:here]
        ind = len(lead) - len(lead.lstrip(" "))
        if here < pos or (lead.strip(" ") not in ("", "async") or (ind != len(lead) and lead[-1] != " ")):
            continue
        quotes += text.count('"""', counted, line_start) + text.count("'''", counted, line_start)
        line_no += text.count("\n", counted, line_start)
        counted = line_start
        if quotes % 2:
            continue
        line_end = find("\n", here)
        depth = 0
        i = line_start
        while line_end != -1:
            line = text[i:line_end]
            depth += len(line) - len(line.translate(_OPEN)) - 2 * (line.count(")") + line.count("]") + line.count("}"))
            if depth <= 0:
                break
            i = line_end + 1
            line_end = find("\n", i)
        if line_end == -1 or depth != 0:
            continue
        if "#" in line:
            if '"' in line or "'" in line:
                continue
            line = line[:line.index("#")]
        if not line.rstrip().endswith(":"):
            continue  # a body on the header's line
        start = line_end + 1
        if not text.startswith(" " * (ind + 1), start):
            continue
        ends = _ENDS.get(ind)
        if ends is None:
            ends = _ENDS[ind] = re.compile(r"\n( {0,%d})(?=[^ \n#])" % ind)
        e = ends.search(text, line_end)
        end = len(text) if e is None else e.start() + 1
        if text.count('"""', start, end) % 2 or text.count("'''", start, end) % 2:
            continue
        last = end
        while last > start and text[last - 1] in " \n":
            last -= 1
        if text[last - 1] == "\\":
            continue
        tail = None
        if e is None or len(e.group(1)) < ind:
            tail = _tail(text, start, end, ind)
            if tail is None:
                continue
        line_no += text.count("\n", counted, start)
        quotes += text.count('"""', counted, end) + text.count("'''", counted, end)
        counted = end
        out.append((start, end, ind, line_no, tail))
        line_no += text.count("\n", start, end)
        pos = end
    return out


def _tail(text: str, start: int, end: int, ind: int) -> tuple[int, int] | None:
    """Where the last statement of the body at text[start:end] ends, as (the lines before its
    last line, the width of a number that starts one column deeper than the `def` and ends
    there), or None when counting cannot tell: a comment on that line beside a quote, a `;` or
    `\\` ending it, or a triple quote in the comments after it. That line is deeper than the
    `def` (a line of code as deep ends the body), so the number has a digit at least."""
    hi = end
    while hi > start:
        lo = max(text.rfind("\n", start, hi - 1) + 1, start)
        line = text[lo:hi].rstrip()
        code = line.lstrip(" ")
        if code and code[0] != "#":
            break
        if '"""' in line or "'''" in line:
            return None
        hi = lo
    else:
        return None
    if "#" in line:
        if '"' in line or "'" in line:
            return None
        line = line[:line.index("#")].rstrip()
    if line.endswith((";", "\\")):
        return None
    return text.count("\n", start, lo), len(line.encode("utf-8", "surrogatepass")) - ind - 1


def blocks(st: ast.stmt):
    """The statement blocks directly inside a statement (bodies, else and finally blocks,
    handlers, match cases)."""
    for name in ("body", "orelse", "finalbody"):
        block = getattr(st, name, None)
        if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
            yield block
    for h in getattr(st, "handlers", ()) or ():
        yield h.body
    for case in getattr(st, "cases", ()) or ():
        yield case.body


def _body(text: str, start: int, end: int, line: int) -> list | None:
    """The statements of the body at text[start:end] (line `line` on), at their own lines and
    columns (parsed under an `if`), or None when they do not parse."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.parse("\n" * (line - 2) + "if 1:\n" + text[start:end], filename="<shardlint>").body[0].body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _read(node) -> None:
    """Parse a cut body into `node` (and note that it was read, in its tree's reads)."""
    d = node.__dict__
    text, start, end, line, reads = d.pop("_cut")
    reads[line] = _digest(text[start:end])
    body = _body(text, start, end, line)
    if body is None:
        global broken
        broken = True
        return
    d["body"] = body
    d["end_lineno"] = last = body[-1].end_lineno
    d["end_col_offset"] = _end_column(text, start, last - line, body[-1].end_col_offset)


def _end_column(text: str, start: int, down: int, column: int) -> int:
    """The end column of a block whose last statement ends at `column` on the line `down`
    lines below the one at `start`: a `;` after that statement ends the block."""
    for _ in range(down):
        start = text.index("\n", start) + 1
    stop = text.find("\n", start)
    line = text[start:len(text) if stop == -1 else stop].encode("utf-8", "surrogatepass")
    after = line[column:].lstrip(b" ")
    return len(line) - len(after) + 1 if after.startswith(b";") else column


def _field(name: str) -> property:
    def get(self):
        d = self.__dict__
        if "_cut" in d:
            _read(self)
        return d[name]

    def set_(self, value):
        d = self.__dict__
        if "_cut" in d:
            _read(self)
        d[name] = value

    return property(get, set_)


class FunctionDef(ast.FunctionDef):
    """An `ast.FunctionDef` whose body is parsed on first read."""

    body = _field("body")
    end_lineno = _field("end_lineno")
    end_col_offset = _field("end_col_offset")


class AsyncFunctionDef(ast.AsyncFunctionDef):
    """An `ast.AsyncFunctionDef` whose body is parsed on first read."""

    body = _field("body")
    end_lineno = _field("end_lineno")
    end_col_offset = _field("end_col_offset")


_LAZY = {ast.FunctionDef: FunctionDef, ast.AsyncFunctionDef: AsyncFunctionDef}
# What code that dispatches on a node's exact type should take each lazy class for.
BASES = {cls: base for base, cls in _LAZY.items()}
