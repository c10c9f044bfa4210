"""Renderers for `shardlint check` / `shardlint lower`: text, json, sarif (2.1.0), github."""

from __future__ import annotations

import json
from pathlib import Path

from shardlint.analysis.diagnostics import Diagnostic, Severity
from shardlint.analysis.rules import ALL_RULES

FORMATS = ("text", "json", "sarif", "github")

try:
    from importlib.metadata import version as _pkg_version

    VERSION = _pkg_version("shardlint")
except Exception:  # pragma: no cover - running from a source tree without metadata
    VERSION = "0.0.0"


def render(diags: list[Diagnostic], fmt: str, *, color: bool = False, notes: list[str] = ()) -> str:
    if fmt == "json":
        return json.dumps([d.to_json() for d in diags], indent=2) + "\n"
    if fmt == "sarif":
        return json.dumps(sarif(diags), indent=2) + "\n"
    if fmt == "github":
        return "".join(_github(d) + "\n" for d in diags)
    return _text(diags, color=color, notes=notes)


def _text(diags: list[Diagnostic], *, color: bool, notes) -> str:
    out = []
    sev_color = {"error": "31", "warning": "33", "information": "36", "hint": "36"}

    def c(s, code):
        return f"\x1b[{code}m{s}\x1b[0m" if color else s

    for d in diags:
        sev = d.severity.value
        head = f"{c(d.path, '1')}:{d.line}:{d.column}: {c(d.code, sev_color[sev])} [{sev}] {d.message}"
        out.append(head)
        for r in d.related:
            out.append(f"    {r.path}:{r.line}:{r.column}: {r.message}")
        if d.fix is not None:
            label = "fix available" if d.fix.applicability == "safe" else "unsafe fix available"
            out.append(f"    {label}: {d.fix.title}")
    for n in notes:
        out.append(n)
    counts: dict[str, int] = {}
    for d in diags:
        counts[d.severity.value] = counts.get(d.severity.value, 0) + 1
    if diags:
        parts = [f"{n} {k}{'s' if n != 1 else ''}" for k, n in sorted(counts.items(), key=lambda kv: Severity(kv[0]).rank)]
        out.append(f"Found {len(diags)} problem{'s' if len(diags) != 1 else ''} ({', '.join(parts)}).")
    else:
        out.append("All checks passed.")
    return "\n".join(out) + "\n"


def _esc_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _esc_prop(s: str) -> str:
    return _esc_data(s).replace(":", "%3A").replace(",", "%2C")


def _github(d: Diagnostic) -> str:
    level = {"error": "error", "warning": "warning"}.get(d.severity.value, "notice")
    props = (
        f"file={_esc_prop(d.path)},line={d.line},col={d.column},endLine={d.end_line},"
        f"endColumn={d.end_column},title={_esc_prop(d.code + ' ' + d.rule)}"
    )
    return f"::{level} {props}::{_esc_data(d.code + ' ' + d.message)}"


def _uri(path: str) -> str:
    p = Path(path)
    if p.is_absolute():
        return p.as_uri()
    return p.as_posix()


def sarif(diags: list[Diagnostic]) -> dict:
    used = sorted({d.code for d in diags} | set(ALL_RULES))
    index = {code: i for i, code in enumerate(used)}
    rules = []
    for code in used:
        r = ALL_RULES[code]
        rules.append(
            {
                "id": code,
                "name": r.name,
                "shortDescription": {"text": r.summary},
                "fullDescription": {"text": f"{r.summary} JAX: {r.jax_error}"},
                "helpUri": r.url,
                "help": {"text": r.fix},
                "defaultConfiguration": {"level": _sarif_level(r.severity)},
            }
        )
    results = []
    for d in diags:
        res = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _sarif_level(d.severity),
            "message": {"text": d.message},
            "locations": [_location(d.path, d.line, d.column, d.end_line, d.end_column)],
        }
        if d.related:
            res["relatedLocations"] = [
                {**_location(r.path, r.line, r.column), "id": i, "message": {"text": r.message}}
                for i, r in enumerate(d.related)
            ]
        if d.fix is not None:
            res["fixes"] = [_sarif_fix(d)]
        results.append(res)
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "shardlint",
                        "version": VERSION,
                        "informationUri": "https://pypi.org/project/shardlint/",
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def _sarif_fix(d: Diagnostic) -> dict:
    by_path: dict[str, list] = {}
    for e in d.fix.edits:
        by_path.setdefault(e.path, []).append(
            {
                "deletedRegion": {
                    "startLine": e.line,
                    "startColumn": e.column,
                    "endLine": e.end_line,
                    "endColumn": e.end_column,
                },
                "insertedContent": {"text": e.new_text},
            }
        )
    return {
        "description": {"text": d.fix.title},
        "artifactChanges": [
            {"artifactLocation": {"uri": _uri(p)}, "replacements": reps} for p, reps in by_path.items()
        ],
    }


def _location(path, line, column, end_line=None, end_column=None) -> dict:
    region = {"startLine": line, "startColumn": column}
    if end_line is not None:
        region["endLine"] = end_line
        region["endColumn"] = end_column
    return {"physicalLocation": {"artifactLocation": {"uri": _uri(path)}, "region": region}}


def _sarif_level(sev: Severity) -> str:
    return {"error": "error", "warning": "warning"}.get(sev.value, "note")
