"""What the static engine says about a fixture, in the fixture's own coordinates."""

from __future__ import annotations

from pathlib import Path

from shardlint.analysis.check import check
from shardlint.analysis.config import parse_table
from shardlint.analysis.diagnostics import Severity
from shardlint.analysis.rules import RULES

from .run import Fixture

# SHL003 is an error where JAX fails and a warning where the kernel lowers without peers
# (RULES.md), so an annotation alone cannot say which: it agrees with either JAX outcome.
EITHER = {"SHL003"}


def engine_diagnostics(fx: Fixture) -> set[tuple[str, int, str, Severity]]:
    """(file relative to the fixture root, line, code, severity) of every diagnostic."""
    config = parse_table(fx.config_table(), fx.root.resolve(), None)
    result = check([fx.path.resolve()], config, use_cache=False)
    out = set()
    for d in result.diagnostics:
        rel = Path(d.path).resolve().relative_to(fx.root.resolve()).as_posix()
        out.add((rel, d.line, d.code, d.severity))
    return out


def is_error_code(code: str) -> bool:
    return RULES[code].severity == Severity.ERROR
