"""Where JAX's lowering and the static rules disagree: each disagreement is a rule to improve.

A lowering failure at a line the static rules left silent is `lowering-only`. A static error that
predicts a lowering failure, reached from a target (its line or one of its related locations lies
in the target's definition) that JAX lowered without error, is `static-only`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from ..diagnostics import Diagnostic, Severity
from ..rules import LOWERING, RULES
from . import targets as tmod
from .runner import TargetResult

# Static rules whose error means "JAX will refuse to lower this".
PREDICTS_FAILURE = frozenset(
    code for code, r in RULES.items() if r.severity is Severity.ERROR and code != "SHL000")


@dataclass(frozen=True)
class Disagreement:
    kind: str  # "lowering-only" | "static-only"
    target: str
    path: str
    line: int
    code: str
    message: str

    def __str__(self) -> str:
        if self.kind == "lowering-only":
            return (f"lowering-only: {self.path}:{self.line}: JAX failed lowering `{self.target}` "
                    f"({self.message}) where no static rule fired")
        return (f"static-only: {self.path}:{self.line}: {self.code} ({self.message}) but JAX lowered "
                f"`{self.target}` without error")


def _abs(path: str) -> str:
    return os.path.normcase(os.path.abspath(path))


def disagreements(results: Sequence[TargetResult], static: Iterable[Diagnostic],
                  root: Path) -> list[Disagreement]:
    """Compare SHL900 results with the static diagnostics of the same files."""
    static = [d for d in static if d.code != LOWERING.code]
    flagged = {(_abs(d.path), line) for d in static for line in range(d.line, d.end_line + 1)}
    out: list[Disagreement] = []
    for r in results:
        if r.status == "failed":
            for d in r.diagnostics:
                if (_abs(d.path), d.line) not in flagged:
                    out.append(Disagreement("lowering-only", r.target.function, d.path, d.line,
                                            d.code, d.message))
        elif r.status == "ok":
            span = tmod.definition(Path(root), r.target)
            if span is None:
                continue
            where = _abs(str(span.file))
            for d in static:
                if d.code not in PREDICTS_FAILURE or d.severity is not Severity.ERROR:
                    continue
                places = [(d.path, d.line)] + [(x.path, x.line) for x in d.related]
                if any(_abs(p) == where and span.line <= ln <= span.end_line for p, ln in places):
                    out.append(Disagreement("static-only", r.target.function, d.path, d.line,
                                            d.code, d.message))
    return out
