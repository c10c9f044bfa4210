"""Open documents and position arithmetic for the language server.

The engine counts columns in characters (code points); LSP clients count in the negotiated
position encoding (UTF-16 unless the client offers another). Out-of-range positions are clamped
as the LSP specification says (past the end of a line: the line's end; past the last line: the
end of the document), so a confused client can never make the server raise."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pygls.uris import to_fs_path

from shardlint.analysis.source import line_starts, split_lines

def units(s: str, encoding: str) -> int:
    """Length of `s` in the client's code units."""
    if encoding == types.PositionEncodingKind.Utf32 or s.isascii():
        return len(s)
    if encoding == types.PositionEncodingKind.Utf8:
        return len(s.encode("utf-8", errors="surrogatepass"))
    return len(s.encode("utf-16-le", errors="surrogatepass")) // 2


def to_char_index(line: str, client_col: int, encoding: str) -> int:
    """Character index on `line` of a client column (clamped to the line)."""
    if encoding == types.PositionEncodingKind.Utf32 or line.isascii():
        return min(client_col, len(line))
    seen = 0
    for i, ch in enumerate(line):
        if seen >= client_col:
            return i
        seen += units(ch, encoding)
    return len(line)


def to_client_col(line: str, char_index: int, encoding: str) -> int:
    return units(line[:char_index], encoding)


def uri_to_path(uri: str) -> Path | None:
    """The resolved file-system path of a `file:` URI, else None."""
    fs = to_fs_path(uri) if uri.startswith("file:") else None
    if not fs:
        return None
    try:
        return Path(fs).resolve()
    except (OSError, RuntimeError, ValueError):
        return None


class Document:
    """An open buffer: its text as the client has it, kept in step by incremental changes."""

    def __init__(self, uri: str, text: str, version: int | None):
        self.uri = uri
        self.path = uri_to_path(uri)
        self.text = text
        self.version = version
        self._lines: list[str] | None = None
        self._starts: list[int] | None = None

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = split_lines(self.text)
        return self._lines

    def _line_starts(self) -> list[int]:
        if self._starts is None:
            self._starts = line_starts(self.text)
        return self._starts

    def offset(self, pos: types.Position, encoding: str) -> int:
        starts = self._line_starts()
        if pos.line >= len(starts):
            return len(self.text)
        line = self.lines[pos.line]
        return starts[pos.line] + to_char_index(line, pos.character, encoding)

    def apply(self, change, encoding: str) -> None:
        """Apply one content change (a range replacement, or the whole text)."""
        rng = getattr(change, "range", None)
        if rng is None:
            self.text = change.text
        else:
            a = self.offset(rng.start, encoding)
            b = self.offset(rng.end, encoding)
            if b < a:
                a, b = b, a
            self.text = self.text[:a] + change.text + self.text[b:]
        self._lines = None
        self._starts = None
