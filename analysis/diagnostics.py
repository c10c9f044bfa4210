"""The shared vocabulary of the engine: diagnostics, their related locations, and fixes.

Every position is 1-based (line and column), as the CLI's JSON prints it; the LSP adapter
converts to 0-based. ``column`` counts characters (code points) of the line, ``end_column`` is
exclusive.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFORMATION = "information"
    HINT = "hint"

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFORMATION: 2, Severity.HINT: 3}


@dataclass(frozen=True)
class Span:
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class Related:
    path: str
    line: int
    column: int
    message: str


@dataclass(frozen=True)
class Edit:
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    new_text: str


@dataclass(frozen=True)
class Fix:
    title: str
    applicability: str  # "safe" | "unsafe"
    edits: tuple[Edit, ...]


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    rule: str
    severity: Severity
    message: str
    related: tuple[Related, ...] = ()
    fix: Fix | None = None
    # Engine facts the fix builder needs (which call, which entry reaches it); not printed.
    data: dict = field(default_factory=dict, compare=False, hash=False)

    def with_path(self, path: str) -> "Diagnostic":
        return replace(
            self,
            path=path,
            related=tuple(replace(r, path=path if r.path == self.path else r.path) for r in self.related),
        )

    def sort_key(self):
        return (self.path, self.line, self.column, self.code, self.message)

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "code": self.code,
            "rule": self.rule,
            "severity": self.severity.value,
            "message": self.message,
            "related": [
                {"path": r.path, "line": r.line, "column": r.column, "message": r.message}
                for r in self.related
            ],
            "fix": None
            if self.fix is None
            else {
                "title": self.fix.title,
                "applicability": self.fix.applicability,
                "edits": [
                    {
                        "path": e.path,
                        "line": e.line,
                        "column": e.column,
                        "end_line": e.end_line,
                        "end_column": e.end_column,
                        "new_text": e.new_text,
                    }
                    for e in self.fix.edits
                ],
            },
        }
