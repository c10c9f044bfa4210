"""Renderers for `shardlint check` / `shardlint lower`: text, json, sarif (2.1.0), github, and the
`--statistics` table. A diagnostic's fix (the one `--fix` or `--unsafe-fixes` applies) is
passed alongside it: the engine's diagnostics carry none, fixes are built on demand."""

from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import quote

from shardlint.analysis.diagnostics import Diagnostic, Fix, Severity
from shardlint.analysis.rules import ALL_RULES

FORMATS = ("text", "json", "sarif", "github")
SRCROOT = "%SRCROOT%"

try:
    from importlib.metadata import version as _pkg_version

    VERSION = _pkg_version("shardlint")
except Exception:  # pragma: no cover - running from a source tree without metadata
    VERSION = "0.0.0"


def render(diags: list[Diagnostic], fmt: str, *, color: bool = False, notes: list[str] = (),
           fixes: dict[int, Fix] | None = None, unsafe: bool = False, base: Path | None = None) -> str:
    """`fixes` maps `id(diagnostic)` to its fix; `unsafe`: `--unsafe-fixes` was given (its fixes
    count as applicable); `base`: the folder SARIF's relative URIs start from."""
    fixes = fixes or {}
    if fmt == "json":
        return json.dumps([_json(d, fixes.get(id(d))) for d in diags], indent=2) + "\n"
    if fmt == "sarif":
        return json.dumps(sarif(diags, fixes, base or Path.cwd()), indent=2) + "\n"
    if fmt == "github":
        return "".join(_github(d) + "\n" for d in diags)
    return _text(diags, color=color, notes=notes, fixes=fixes, unsafe=unsafe)


def _json(d: Diagnostic, fix: Fix | None) -> dict:
    js = d.to_json()
    if fix is not None:
        js["fix"] = {
            "title": fix.title,
            "applicability": fix.applicability,
            "edits": [
                {"path": e.path, "line": e.line, "column": e.column, "end_line": e.end_line,
                 "end_column": e.end_column, "new_text": e.new_text}
                for e in fix.edits
            ],
        }
    return js


def applies(fix: Fix | None, unsafe: bool) -> bool:
    return fix is not None and (fix.applicability == "safe" or unsafe)


def fixable_summary(diags: list[Diagnostic], fixes: dict[int, Fix], unsafe: bool) -> str | None:
    """"N fixable with `--fix` (M more with `--unsafe-fixes`)." (None when nothing is)."""
    found = [fixes[id(d)] for d in diags if id(d) in fixes]
    now = sum(1 for f in found if applies(f, unsafe))
    more = len(found) - now
    if not found:
        return None
    option = "`--fix --unsafe-fixes`" if unsafe else "`--fix`"
    return f"{now} fixable with {option}" + (f" ({more} more with `--unsafe-fixes`)." if more else ".")


def _text(diags: list[Diagnostic], *, color: bool, notes, fixes: dict[int, Fix], unsafe: bool) -> str:
    out = []
    sev_color = {"error": "31", "warning": "33", "information": "36", "hint": "36"}

    def c(s, code):
        return f"\x1b[{code}m{s}\x1b[0m" if color else s

    for d in diags:
        sev = d.severity.value
        fix = fixes.get(id(d))
        mark = f" {c('[*]', '32')}" if applies(fix, unsafe) else ""
        head = f"{c(d.path, '1')}:{d.line}:{d.column}: {c(d.code, sev_color[sev])} [{sev}]{mark} {d.message}"
        out.append(head)
        for r in d.related:
            out.append(f"    {r.path}:{r.line}:{r.column}: {r.message}")
        if fix is not None:
            label = "fix" if applies(fix, unsafe) else "unsafe fix (`--unsafe-fixes`)"
            out.append(f"    {label}: {fix.title}")
    for n in notes:
        out.append(n)
    counts: dict[str, int] = {}
    for d in diags:
        counts[d.severity.value] = counts.get(d.severity.value, 0) + 1
    if diags:
        parts = [f"{n} {k}{'s' if n != 1 else ''}" for k, n in sorted(counts.items(), key=lambda kv: Severity(kv[0]).rank)]
        out.append(f"Found {len(diags)} problem{'s' if len(diags) != 1 else ''} ({', '.join(parts)}).")
        summary = fixable_summary(diags, fixes, unsafe)
        if summary:
            out.append(f"{c('[*]', '32')} {summary}" if summary[0] != "0" else summary)
    else:
        out.append("All checks passed.")
    return "\n".join(out) + "\n"


def statistics(diags: list[Diagnostic], fmt: str, fixes: dict[int, Fix], unsafe: bool) -> str:
    """`--statistics`: one row per code, most frequent first: count, code, fixable, name."""
    rows: dict[str, list] = {}
    for d in diags:
        row = rows.setdefault(d.code, [0, False])
        row[0] += 1
        row[1] = row[1] or applies(fixes.get(id(d)), unsafe)
    ordered = sorted(rows.items(), key=lambda kv: (-kv[1][0], kv[0]))
    if fmt == "json":
        return json.dumps([{"code": code, "name": ALL_RULES[code].name, "count": n, "fixable": fx}
                           for code, (n, fx) in ordered], indent=2) + "\n"
    width = max((len(str(n)) for _, (n, _) in ordered), default=1)
    return "".join(f"{n:>{width}}\t{code}\t{'[*]' if fx else '   '} {ALL_RULES[code].name}\n"
                   for code, (n, fx) in ordered)


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


def _artifact(path: str, base: Path) -> dict:
    """A SARIF artifactLocation: a percent-encoded URI relative to `base` (uriBaseId
    %SRCROOT%), or an absolute file URI for a file outside it."""
    full = Path(os.path.abspath(path))
    try:
        rel = full.relative_to(base)
    except ValueError:
        return {"uri": full.as_uri()}
    return {"uri": quote(rel.as_posix(), safe="/"), "uriBaseId": SRCROOT}


def sarif(diags: list[Diagnostic], fixes: dict[int, Fix] | None = None, base: Path | None = None) -> dict:
    """A SARIF 2.1.0 log. Relative URIs start at `base` (the repository root where there is one:
    GitHub code scanning resolves relative URIs against the checkout)."""
    fixes = fixes or {}
    base = Path(os.path.abspath(base or Path.cwd()))
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
            "locations": [_location(d.path, base, d.line, d.column, d.end_line, d.end_column)],
        }
        if d.related:
            res["relatedLocations"] = [
                {**_location(r.path, base, r.line, r.column), "id": i, "message": {"text": r.message}}
                for i, r in enumerate(d.related)
            ]
        flow = _code_flow(d, base)
        if flow is not None:
            res["codeFlows"] = [flow]
        fix = fixes.get(id(d))
        if fix is not None:
            res["fixes"] = [_sarif_fix(fix, base)]
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
                "originalUriBaseIds": {SRCROOT: {"uri": base.as_uri().rstrip("/") + "/"}},
                "invocations": [{"executionSuccessful": True,
                                 "workingDirectory": {"uri": base.as_uri().rstrip("/") + "/"}}],
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def _code_flow(d: Diagnostic, base: Path) -> dict | None:
    """The entry point → call path that reaches the diagnostic, ending at it. Related
    locations that are no step of the path (where a transformation is applied, library code)
    stay in relatedLocations only."""
    steps = [r for r in d.related if not r.message.endswith("applied here") and r.message != "library code"]
    if not steps:
        return None
    locations = [{"location": {**_location(r.path, base, r.line, r.column), "message": {"text": r.message}}}
                 for r in steps]
    locations.append({"location": {**_location(d.path, base, d.line, d.column, d.end_line, d.end_column),
                                   "message": {"text": f"{d.code} {d.rule}"}}})
    return {"threadFlows": [{"locations": locations}]}


def _sarif_fix(fix: Fix, base: Path) -> dict:
    by_path: dict[str, list] = {}
    for e in fix.edits:
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
        "description": {"text": f"{fix.title} ({fix.applicability})"},
        "artifactChanges": [
            {"artifactLocation": _artifact(p, base), "replacements": reps} for p, reps in by_path.items()
        ],
    }


def _location(path, base: Path, line, column, end_line=None, end_column=None) -> dict:
    region = {"startLine": line, "startColumn": column}
    if end_line is not None:
        region["endLine"] = end_line
        region["endColumn"] = end_column
    return {"physicalLocation": {"artifactLocation": _artifact(path, base), "region": region}}


def _sarif_level(sev: Severity) -> str:
    return {"error": "error", "warning": "warning"}.get(sev.value, "note")
