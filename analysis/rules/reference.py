"""The README's rule sections, generated from the registry: the table of what shardlint catches
and the rule reference (one heading per rule, the anchor its documentation link lands on).

`python -m shardlint.analysis.rules --write README.md` rewrites them in place, between the
`<!-- rules:NAME -->` and `<!-- /rules:NAME -->` markers; `--check README.md` fails when they
are stale."""

from __future__ import annotations

import re

from ..jaxfacts import quoted
from . import ALL_RULES, RULES, Rule


def table() -> str:
    rows = ["| code | name | severity | what it catches |", "|---|---|---|---|"]
    rows += [f"| {r.code} | {r.name} | {r.severity.value} | {r.summary} |" for r in RULES.values()]
    return "\n".join(rows) + "\n"


def _jax_does(rule: Rule) -> str:
    """JAX's error as code; a description (a deadlock, "works on ...") as a sentence."""
    if re.match(r"[A-Z]\w*Error\b", rule.jax_error):
        return quoted(rule.jax_error)
    return rule.jax_error.rstrip(".") + "."


def reference() -> str:
    parts = []
    for r in ALL_RULES.values():
        parts.append(f"### {r.code} {r.name}\n\nDefault severity: {r.severity.value}. {r.summary}\n\n"
                     f"What JAX does: {_jax_does(r)}\n\nFix: {r.fix}\n")
    return "\n".join(parts)


SECTIONS = {"table": table, "reference": reference}


def _region(name: str) -> re.Pattern:
    return re.compile(rf"(<!-- rules:{name} [^\n]*-->\n)(.*?)(<!-- /rules:{name} -->)", re.S)


def render(text: str) -> str:
    """`text` (the README) with every generated section as the registry gives it; ValueError
    when a section's markers are missing."""
    for name, make in SECTIONS.items():
        rx = _region(name)
        if not rx.search(text):
            raise ValueError(f"no <!-- rules:{name} ... --> ... <!-- /rules:{name} --> markers")
        text = rx.sub(lambda m, make=make: m.group(1) + "\n" + make() + "\n" + m.group(3), text, count=1)
    return text
