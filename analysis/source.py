"""Source files: decoding, line splitting with the editor's terminators, and `ast` parsing on
first use (libcst never runs here: it costs 12x `ast.parse`). Suppression comments:
suppressions.py.

A `SourceFile` holds its text and digest; its tree is built when something asks for it and can
be released again, so that a long run or session never keeps every module's tree alive. Whether
a file parses is answered without building its tree when nothing else needs one."""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import warnings
from pathlib import Path
from collections.abc import Callable, Iterator

try:  # CPython's own BLAKE2: `hashlib` would load OpenSSL first, a tenth of a warm run
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - interpreters built without it
    from hashlib import blake2b


class DecodeError(Exception):
    """The file is not text Python can read (binary, or not decodable in its declared encoding)."""


class NotebookError(Exception):
    """The file is not a notebook that can be checked (not JSON, nbformat < 4, not Python)."""


def decode(data: bytes) -> str:
    import tokenize  # here: a run that finds its results stored decodes nothing

    if b"\x00" in data[:8192]:
        raise DecodeError("binary file (contains NUL bytes)")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
    except (SyntaxError, UnicodeDecodeError, LookupError) as e:
        raise DecodeError(f"cannot decode: {e}") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


_EOL = re.compile(r"\r\n|\r|\n")


def line_starts(text: str) -> list[int]:
    """The offset where each line starts, lines ending where `split_lines` ends them; a text
    ending with a newline has an empty last line."""
    return [0] + [m.end() for m in _EOL.finditer(text)]


def split_lines(text: str) -> list[str]:
    """Lines without their terminators, split where an editor (and the LSP) splits them: at
    `\r\n`, `\r` and `\n` only. `str.splitlines()` also splits at form feeds, `\x1c`-`\x1e`,
    `\x85`, U+2028 and U+2029, which Python's tokenizer and editors keep inside a line. A text
    ending with a terminator ends with an empty line, as in an editor."""
    return _EOL.split(text)


class SourceFile:
    """One file: its path (as the user gave it: relative stays relative), text and digest. A
    file known from the store has no text until something reads it (`load` gives the text and
    the digest of what it read). A new version of an edited buffer may name the version before
    it (`previous`): its tree is then built from that one's (see `incremental.splice`)."""

    def __init__(self, path: str, text: str | None, digest: str, *,
                 load: Callable[[], tuple[str, str]] | None = None, previous: "SourceFile | None" = None):
        self.path = path
        self._text = text
        self.digest = digest
        self._load = load
        # (tree or None, syntax error or None) once parsed; (None, error) is also what a failed
        # syntax check leaves, and (False, None) records a passed one without a tree.
        self._parsed: tuple | None = None
        self._lines: list[str] | None = None
        self._previous = previous
        # For each top-level statement of the tree, its nodes that have positions, once an edit
        # needed them (moving the statement to other lines); None where not listed yet.
        self._positioned: list[list[ast.AST] | None] | None = None

    # The digest of a text known to parse (the store saw it parse): a parse of that text may
    # leave function bodies to be parsed when read (see `skeleton`).
    vouched: str | None = None

    def __repr__(self) -> str:
        return f"SourceFile({self.path!r})"

    @property
    def text(self) -> str:
        if self._text is None:
            self._text, self.digest = self._load()
            self._load = None
        return self._text

    @property
    def tree(self) -> ast.Module | None:
        if self._parsed is None or self._parsed[0] is False:
            self._parsed = self._from_previous() or _parse(self.text, self.vouched == self.digest)
            if self._parsed[0] is not None:
                PARSED[self.path] = self.digest
        return self._parsed[0]

    @property
    def syntax_error(self) -> tuple[int, int, str] | None:
        """(line, column 1-based, message) when the file does not parse, else None. Checked
        without building a tree unless one exists already (or the previous version's gives
        it cheaply)."""
        if self._parsed is None:
            self._parsed = self._from_previous() or _check_syntax(self.text)
        return self._parsed[1]

    def _from_previous(self) -> tuple | None:
        """(tree, None) built from the previous version's tree, which it takes over, or None."""
        prev, self._previous = self._previous, None
        if prev is None or not prev.parsed or prev._text is None:
            return None
        from .incremental import splice  # here: only a server editing a buffer builds one so

        found = splice(prev.tree, prev.lines, prev._positioned, self.text)
        if found is None:
            return None
        prev.release()  # its statements now belong to this version, at this version's lines
        tree, self._positioned = found
        for obs in _OBSERVERS:
            obs.parsed()
        return tree, None

    @property
    def parsed(self) -> bool:
        """Whether the tree is in memory now."""
        return self._parsed is not None and isinstance(self._parsed[0], ast.AST)

    @property
    def parses(self) -> bool | None:
        """Whether the file parses, as far as is known without parsing it now (None: not known)."""
        return None if self._parsed is None else self._parsed[1] is None

    def forget(self) -> None:
        """Forget the tree and what is known about the syntax."""
        self._parsed = None
        self._positioned = None

    def release(self) -> None:
        """Forget the tree (it is parsed again on next use); what is known about the syntax
        stays."""
        if self.parsed:
            self._parsed = (False, None)
            self._positioned = None

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = split_lines(self.text)
        return self._lines

    def line_text(self, line: int) -> str:
        lines = self.lines
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def char_col(self, line: int, byte_col: int) -> int:
        """1-based character column of an `ast` byte offset on a 1-based line."""
        text = self.line_text(line)
        if text.isascii():
            return byte_col + 1
        return len(text.encode("utf-8")[:byte_col].decode("utf-8", errors="replace")) + 1



def digest(data: bytes) -> str:
    return blake2b(data, digest_size=16).hexdigest()


class Observation:
    """What reading and parsing did while it was observed (see `observe`)."""

    def __init__(self, on_file: Callable[[], None] | None):
        self.reads: dict[str, list] = {}  # files read by `read_file`: path -> [size, mtime_ns]
        self._on_file = on_file

    def parsed(self) -> None:
        if self._on_file is not None:
            self._on_file()


_OBSERVERS: list[Observation] = []
# Path -> digest of the text that parsed when it was last parsed in this process, and (set for
# an analysis, from the store) of the texts known to parse that `read_file` vouches for.
PARSED: dict[str, str] = {}
VOUCHED: dict[str, str] = {}


@contextlib.contextmanager
def observe(on_file: Callable[[], None] | None = None) -> Iterator[Observation]:
    """Record the files `read_file` reads (an analysis reading an installed library's source:
    its results depend on it) and call `on_file` whenever a file is parsed or syntax-checked."""
    obs = Observation(on_file)
    _OBSERVERS.append(obs)
    try:
        yield obs
    finally:
        _OBSERVERS.remove(obs)


def _parse(text: str, lazy_bodies: bool = False) -> tuple[ast.Module | None, tuple | None]:
    for obs in _OBSERVERS:
        obs.parsed()
    if lazy_bodies:
        from . import skeleton

        tree = skeleton.parse(text)
        if tree is not None:
            return tree, None
    return _build(text)


def _build(text: str) -> tuple[ast.Module | None, tuple | None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            # Not the real path: CPython would compute error columns from the file on disk, and
            # the text may be an unsaved buffer that differs from it.
            return ast.parse(text, filename="<shardlint>"), None
        except SyntaxError as e:
            line = e.lineno or 1
            col = e.offset or 1
            lines = split_lines(text)
            if line > len(lines):
                line, col = max(len(lines), 1), 1
            return None, (line, max(col, 1), e.msg or "invalid syntax")
        except (ValueError, RecursionError, MemoryError) as e:
            return None, (1, 1, f"cannot parse: {e}")


def accepted(text: str) -> bool:
    """Whether CPython's parser and symbol table accept `text` (then `ast.parse` does too): the
    tree they build is C structures, and no bytecode is made (a third cheaper than compiling)."""
    import symtable  # here: a run whose files are all known to parse never checks one

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            symtable.symtable(text, "<shardlint>", "exec")
            return True
        except Exception:  # noqa: BLE001 - whatever it rejects, ast.parse gives the verdict
            return False


def syntax_error_of(text: str) -> tuple | None:
    """`ast.parse`'s verdict on `text`: (line, column, message), or None when it parses."""
    return _build(text)[1]


def _check_syntax(text: str) -> tuple:
    """Whether `text` parses, without building Python `ast` objects (`accepted`). What that
    rejects is parsed for `ast.parse`'s own verdict, since the symbol table also rejects code
    `ast.parse` accepts (`nonlocal` at module level, a name both global and a parameter)."""
    for obs in _OBSERVERS:
        obs.parsed()
    return (False, None) if accepted(text) else _build(text)


def parse_text(path: str, text: str, dig: str | None = None, previous: SourceFile | None = None) -> SourceFile:
    """A file of `text` (parsed when its tree is first asked for, from `previous`'s tree where it
    is an earlier version of the same buffer)."""
    return SourceFile(path, text, dig or digest(text.encode("utf-8", errors="surrogatepass")), previous=previous)


def read_data(path: str, limit: int) -> str | None:
    """The text of a data file the analysed program reads (its config), observed as `read_file`
    observes a source: None where it is not there, is longer than `limit` bytes or not UTF-8."""
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            data = f.read(limit + 1) if st.st_size <= limit else None
    except OSError:
        return None
    for obs in _OBSERVERS:
        obs.reads[path] = [st.st_size, st.st_mtime_ns]
    if data is None or len(data) > limit:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


def read_file(path: Path, shown: str) -> SourceFile:
    """Read a file (parsed when its tree is first asked for); raises OSError or DecodeError."""
    with open(path, "rb") as f:
        st = os.fstat(f.fileno())
        data = f.read()
    for obs in _OBSERVERS:
        obs.reads[str(path)] = [st.st_size, st.st_mtime_ns]
    sf = SourceFile(shown, decode(data), digest(data))
    sf.vouched = VOUCHED.get(shown)
    return sf
