"""Engine values to LSP values and back: severities, positions, diagnostics, workspace edits.

The engine counts 1-based lines and 1-based character (code point) columns; LSP counts 0-based
lines and columns in the negotiated position encoding (UTF-16 unless the client offers another).
Every conversion needs the text of the line it lands on, which callers hand in as `lines_of(path)`
(the open buffer where there is one, else the file on disk)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable

from lsprotocol import types
from pygls.uris import from_fs_path

from shardlint.analysis.diagnostics import Diagnostic, Edit, Severity
from shardlint.analysis.source import DecodeError, decode, split_lines

from .lsp_text import to_char_index, to_client_col

SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFORMATION: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}

LinesOf = Callable[[str], list[str]]


def path_uri(path: str | Path) -> str:
    return from_fs_path(str(Path(path).resolve()))


def shown_path(path: str, folder: Path) -> str:
    """`path` relative to the workspace folder when it lies inside it, else as it is."""
    try:
        rel = os.path.relpath(path, folder)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def disk_lines(path: str) -> list[str]:
    """The lines of a file as it is on disk (none for a file that cannot be read)."""
    try:
        return split_lines(decode(Path(path).read_bytes()))
    except (OSError, DecodeError):
        return []


def position(lines: list[str], line: int, column: int, encoding: str) -> types.Position:
    """1-based line and character column → LSP position in the client's units."""
    ln = max(line - 1, 0)
    col = max(column - 1, 0)
    if ln < len(lines) and encoding != types.PositionEncodingKind.Utf32:
        col = to_client_col(lines[ln], col, encoding)
    return types.Position(line=ln, character=col)


def span(lines: list[str], line: int, column: int, end_line: int, end_column: int, encoding: str) -> types.Range:
    return types.Range(start=position(lines, line, column, encoding),
                       end=position(lines, end_line, end_column, encoding))


def engine_position(lines: list[str], pos: types.Position, encoding: str) -> tuple[int, int]:
    """LSP position → 1-based line and character column (clamped to the line)."""
    text = lines[pos.line] if pos.line < len(lines) else ""
    return pos.line + 1, to_char_index(text, pos.character, encoding) + 1


def diagnostic(d: Diagnostic, lines_of: LinesOf, uri_of: Callable[[str], str], encoding: str, *,
               source: str, href: str | None, message: str | None = None,
               severity: types.DiagnosticSeverity | None = None, data=None) -> types.Diagnostic:
    lines = lines_of(d.path)
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri_of(r.path), range=types.Range(
                start=(p := position(lines_of(r.path), r.line, r.column, encoding)), end=p)),
            message=r.message)
        for r in d.related
    ]
    return types.Diagnostic(
        range=span(lines, d.line, d.column, d.end_line, d.end_column, encoding),
        message=d.message if message is None else message,
        severity=SEVERITY[d.severity] if severity is None else severity,
        code=d.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=source,
        related_information=related or None,
        data=data,
    )


def text_edits(edits: Iterable[Edit], read: Callable[[str], str], uri_of: Callable[[str], str],
               encoding: str) -> dict[str, list[types.TextEdit]]:
    """Engine edits (positions in the texts `read` returns) as LSP edits, by document URI."""
    by_uri: dict[str, list[types.TextEdit]] = {}
    lines: dict[str, list[str]] = {}
    for e in edits:
        text_lines = lines.setdefault(e.path, split_lines(read(e.path)))
        by_uri.setdefault(uri_of(str(Path(e.path).resolve())), []).append(types.TextEdit(
            range=span(text_lines, e.line, e.column, e.end_line, e.end_column, encoding), new_text=e.new_text))
    return by_uri


def assemble(by_uri: dict[str, list[types.TextEdit]], version_of: Callable[[str], int | None],
             document_changes: bool) -> types.WorkspaceEdit:
    """One workspace edit: versioned document changes where the client takes them, else a plain
    `changes` map."""
    if document_changes:
        return types.WorkspaceEdit(document_changes=[
            types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version_of(uri)),
                edits=tes)
            for uri, tes in by_uri.items()])
    return types.WorkspaceEdit(changes=by_uri)
