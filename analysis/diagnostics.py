"""The shared vocabulary of the engine: diagnostics, their related locations, and fixes (the
facts a fix is built from are in `fixfacts`).

Every position is 1-based (line and column), as the CLI's JSON prints it; the LSP adapter
converts to 0-based. ``column`` counts characters (code points) of the line, ``end_column`` is
exclusive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

# typing's constant, without importing typing: a warm `shardlint check` imports this module and
# finds its results stored, and typing is a good part of what it would import
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    from .fixfacts import FixFact

    F = TypeVar("F", bound=FixFact)


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
    # What other producers note (the lowering check: its target); JSON values, not printed.
    data: dict = field(default_factory=dict, compare=False, hash=False)
    # What the rule tells the fixers (which call, which entry reaches it); not printed.
    fix_facts: tuple[FixFact, ...] = field(default=(), compare=False, hash=False)

    def fact(self, kind: type[F]) -> F | None:
        """The first fix fact of `kind`, or None."""
        return next((f for f in self.fix_facts if isinstance(f, kind)), None)

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

    def to_state(self) -> dict:
        """`to_json` with the facts too: what `from_state` reads back (the check cache, the
        language server's code-action resolve)."""
        return {**self.to_json(), "data": self.data, "fix_facts": [f.to_json() for f in self.fix_facts]}

    @classmethod
    def from_state(cls, js: dict) -> "Diagnostic":
        """The diagnostic `to_state` gave; KeyError, TypeError or ValueError when `js` is not one."""
        from .fixfacts import FixFact

        fix = js.get("fix")
        return cls(
            js["path"], js["line"], js["column"], js["end_line"], js["end_column"], js["code"], js["rule"],
            Severity(js["severity"]), js["message"],
            tuple(Related(**r) for r in js["related"]),
            None if fix is None else Fix(fix["title"], fix["applicability"], tuple(Edit(**e) for e in fix["edits"])),
            js.get("data") or {},
            tuple(FixFact.from_json(f) for f in js.get("fix_facts") or ()),
        )
