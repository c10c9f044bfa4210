"""Source files: decoding, `ast` parsing, a line index, and a content-hash keyed cache of parsed
trees (libcst never runs here: it costs 12x `ast.parse`). Suppression comments: suppressions.py."""

from __future__ import annotations

import ast
import hashlib
import io
import tokenize
import warnings
from dataclasses import dataclass, field
from pathlib import Path


class DecodeError(Exception):
    """The file is not text Python can read (binary, or not decodable in its declared encoding)."""


def decode(data: bytes) -> str:
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


@dataclass
class SourceFile:
    path: str  # as the user gave it (relative stays relative)
    text: str
    digest: str
    tree: ast.Module | None = None
    syntax_error: tuple[int, int, str] | None = None  # (line, column 1-based, message)
    _lines: list[str] | None = field(default=None, repr=False)

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.text.splitlines()
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
    return hashlib.blake2b(data, digest_size=16).hexdigest()


_TREE_CACHE: dict[str, tuple[ast.Module | None, tuple | None]] = {}
_TREE_CACHE_MAX = 4096


def parse_text(path: str, text: str, dig: str | None = None) -> SourceFile:
    dig = dig or digest(text.encode("utf-8", errors="surrogatepass"))
    cached = _TREE_CACHE.get(dig)
    if cached is not None:
        tree, err = cached
        return SourceFile(path, text, dig, tree, err)
    tree, err = None, None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            # Not the real path: CPython would compute error columns from the file on disk, and
            # the text may be an unsaved buffer that differs from it.
            tree = ast.parse(text, filename="<shardlint>")
        except SyntaxError as e:
            line = e.lineno or 1
            col = e.offset or 1
            lines = text.splitlines()
            if line > len(lines):
                line, col = max(len(lines), 1), 1
            err = (line, max(col, 1), e.msg or "invalid syntax")
        except (ValueError, RecursionError, MemoryError) as e:
            err = (1, 1, f"cannot parse: {e}")
    if len(_TREE_CACHE) >= _TREE_CACHE_MAX:
        _TREE_CACHE.clear()
    _TREE_CACHE[dig] = (tree, err)
    return SourceFile(path, text, dig, tree, err)


def read_file(path: Path, shown: str) -> SourceFile:
    """Read and parse a file; raises OSError or DecodeError."""
    data = path.read_bytes()
    text = decode(data)
    return parse_text(shown, text, digest(data))
