"""Renderers for `shardlint check` / `shardlint lower`: text, json, sarif (2.1.0), github, and the
`--statistics` table. A diagnostic's fix (the one `--fix` or `--unsafe-fixes` applies) is
passed alongside it: the engine's diagnostics carry none, fixes are built on demand."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

from shardlint.analysis.diagnostics import Diagnostic, Fix, Related, Severity

FORMATS = ("text", "json", "sarif", "github")
SRCROOT = "%SRCROOT%"


@functools.lru_cache(maxsize=None)
def version() -> str:
    """shardlint's version, from its installed metadata (read on demand: importing
    importlib.metadata costs a third of a run that finds its results stored)."""
    try:
        from importlib.metadata import version as _pkg_version

        return _pkg_version("shardlint")
    except Exception:  # pragma: no cover - running from a source tree without metadata
        return "0.0.0"


def __getattr__(name: str):
    """`output.VERSION`, the name the VS Code extension's launcher (any release of it) reads to
    probe an interpreter's shardlint: still there, read when asked for."""
    if name == "VERSION":
        return version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Cells:
    """Where positions are for people: in a notebook, (cell, line in the cell, column) instead of
    the line of its program (`programs`: path as shown → the notebook's program). Cells are
    numbered from 1, markdown and raw cells included."""

    def __init__(self, programs: dict[str, notebook.Program] | None = None):
        self.programs = programs or {}

    def at(self, path: str, line: int, column: int) -> tuple[int | None, int, int]:
        program = self.programs.get(path)
        if program is None:
            return None, line, column
        from shardlint.analysis import notebook

        return notebook.where(program, line, column)

    def related(self, r: Related) -> tuple[int | None, Related]:
        program = self.programs.get(r.path)
        if program is None:
            return None, r
        from shardlint.analysis import notebook

        cell, line, col = notebook.where(program, r.line, r.column)
        return cell, Related(r.path, line, col, notebook.related_message(program, Path(r.path).name, r.message))

    def label(self, path: str, line: int, column: int) -> str:
        """`train.ipynb:cell 2:5:9`, or `train.py:41:5`."""
        cell, line, column = self.at(path, line, column)
        return f"{path}:cell {cell}:{line}:{column}" if cell is not None else f"{path}:{line}:{column}"

    def in_file(self, path: str, line: int, column: int) -> tuple[int, int, str]:
        """(line, column) in the file itself — in a notebook, inside the JSON string holding the
        cell's line, where a viewer of the file (code scanning, annotations) can point — and the
        cell position to name in a message ("" outside notebooks)."""
        program = self.programs.get(path)
        if program is None:
            return line, column, ""
        cell, ln, col = program.locate(line, column)
        raw = program.notebook.cell_raw_position(cell, ln, col)
        where = f"cell {cell.number}, line {ln}, column {col}"
        return (raw or (1, 1)) + (where,)


def render(diags: list[Diagnostic], fmt: str, *, color: bool = False, notes: list[str] = (),
           fixes: dict[int, Fix] | None = None, unsafe: bool = False, base: Path | None = None,
           programs: dict[str, notebook.Program] | None = None) -> str:
    """`fixes` maps `id(diagnostic)` to its fix; `unsafe`: `--unsafe-fixes` was given (its fixes
    count as applicable); `base`: the folder SARIF's relative URIs start from; `programs`: the
    notebooks among the paths (see `Cells`)."""
    fixes = fixes or {}
    cells = Cells(programs)
    if fmt == "json":
        return json.dumps([_json(d, fixes.get(id(d)), cells) for d in diags], indent=2) + "\n"
    if fmt == "sarif":
        return json.dumps(sarif(diags, fixes, base or Path.cwd(), cells), indent=2) + "\n"
    if fmt == "github":
        return "".join(_github(d, cells) + "\n" for d in diags)
    return _text(diags, color=color, notes=notes, fixes=fixes, unsafe=unsafe, cells=cells)


def _json(d: Diagnostic, fix: Fix | None, cells: Cells) -> dict:
    js = d.to_json()
    cell, js["line"], js["column"] = cells.at(d.path, d.line, d.column)
    if cell is not None:
        _, js["end_line"], js["end_column"] = cells.at(d.path, d.end_line, d.end_column)
        js["cell"] = cell
    related = []
    for r in d.related:
        rcell, r = cells.related(r)
        item = {"path": r.path, "line": r.line, "column": r.column, "message": r.message}
        related.append(item if rcell is None else {**item, "cell": rcell})
    js["related"] = related
    fix = fix if fix is not None else d.fix
    if fix is not None:
        js["fix"] = {"title": fix.title, "applicability": fix.applicability,
                     "edits": [_json_edit(e, cells) for e in fix.edits]}
    return js


def _json_edit(e, cells: Cells) -> dict:
    cell, line, column = cells.at(e.path, e.line, e.column)
    _, end_line, end_column = cells.at(e.path, e.end_line, e.end_column)
    out = {"path": e.path, "line": line, "column": column, "end_line": end_line,
           "end_column": end_column, "new_text": e.new_text}
    return out if cell is None else {**out, "cell": cell}


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


def _text(diags: list[Diagnostic], *, color: bool, notes, fixes: dict[int, Fix], unsafe: bool,
          cells: Cells) -> str:
    out = []
    sev_color = {"error": "31", "warning": "33", "information": "36", "hint": "36"}

    def c(s, code):
        return f"\x1b[{code}m{s}\x1b[0m" if color else s

    for d in diags:
        sev = d.severity.value
        fix = fixes.get(id(d))
        mark = f" {c('[*]', '32')}" if applies(fix, unsafe) else ""
        at = cells.label(d.path, d.line, d.column)[len(d.path):]
        head = f"{c(d.path, '1')}{at}: {c(d.code, sev_color[sev])} [{sev}]{mark} {d.message}"
        out.append(head)
        for r in d.related:
            _, shown = cells.related(r)
            out.append(f"    {cells.label(r.path, r.line, r.column)}: {shown.message}")
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
    from shardlint.analysis.rules import ALL_RULES

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


def _github(d: Diagnostic, cells: Cells) -> str:
    """A workflow annotation. In a notebook it points at the line of the .ipynb file that holds
    the code (what the pull request's diff shows) and names the cell."""
    level = {"error": "error", "warning": "warning"}.get(d.severity.value, "notice")
    line, column, where = cells.in_file(d.path, d.line, d.column)
    end_line, end_column, _ = cells.in_file(d.path, d.end_line, d.end_column)
    title = d.code + " " + d.rule + (f" ({where.split(',')[0]})" if where else "")
    message = d.code + " " + (f"{where}: " if where else "") + d.message
    props = (
        f"file={_esc_prop(d.path)},line={line},col={column},endLine={end_line},"
        f"endColumn={end_column},title={_esc_prop(title)}"
    )
    return f"::{level} {props}::{_esc_data(message)}"


def _artifact(path: str, base: Path) -> dict:
    """A SARIF artifactLocation: a percent-encoded URI relative to `base` (uriBaseId
    %SRCROOT%), or an absolute file URI for a file outside it."""
    from urllib.parse import quote

    full = Path(os.path.abspath(path))
    try:
        rel = full.relative_to(base)
    except ValueError:
        return {"uri": full.as_uri()}
    return {"uri": quote(rel.as_posix(), safe="/"), "uriBaseId": SRCROOT}


def sarif(diags: list[Diagnostic], fixes: dict[int, Fix] | None = None, base: Path | None = None,
          cells: Cells | None = None) -> dict:
    """A SARIF 2.1.0 log. Relative URIs start at `base` (the repository root where there is one:
    GitHub code scanning resolves relative URIs against the checkout). A location in a notebook
    is the line of the .ipynb file holding the code (inside the JSON string of the cell's
    line), the cell named in its message and in the `cell`/`cellLine`/`cellColumn` properties."""
    from shardlint.analysis.rules import ALL_RULES

    fixes = fixes or {}
    cells = cells or Cells()
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
        _, _, where = cells.in_file(d.path, d.line, d.column)
        res = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _sarif_level(d.severity),
            "message": {"text": f"{where[0].upper()}{where[1:]}: {d.message}" if where else d.message},
            "locations": [_location(d.path, base, d.line, d.column, d.end_line, d.end_column, cells)],
        }
        if d.related:
            res["relatedLocations"] = [
                {**_location(r.path, base, r.line, r.column, cells=cells), "id": i,
                 "message": {"text": cells.related(r)[1].message}}
                for i, r in enumerate(d.related)
            ]
        flow = _code_flow(d, base, cells)
        if flow is not None:
            res["codeFlows"] = [flow]
        fix = fixes.get(id(d))
        if fix is not None and not any(e.path in cells.programs for e in fix.edits):
            # (a fix in a notebook edits a cell's text, which no region of the JSON file is)
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
                        "version": version(),
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


def _code_flow(d: Diagnostic, base: Path, cells: Cells) -> dict | None:
    """The entry point → call path that reaches the diagnostic, ending at it. Related
    locations that are no step of the path (where a transformation is applied, library code)
    stay in relatedLocations only."""
    steps = [r for r in d.related if not r.message.endswith("applied here") and r.message != "library code"]
    if not steps:
        return None
    locations = [{"location": {**_location(r.path, base, r.line, r.column, cells=cells),
                               "message": {"text": cells.related(r)[1].message}}}
                 for r in steps]
    locations.append({"location": {**_location(d.path, base, d.line, d.column, d.end_line, d.end_column, cells),
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


def _location(path, base: Path, line, column, end_line=None, end_column=None, cells: Cells | None = None) -> dict:
    cells = cells or Cells()
    start_line, start_column, where = cells.in_file(path, line, column)
    region = {"startLine": start_line, "startColumn": start_column}
    if end_line is not None:
        region["endLine"], region["endColumn"], _ = cells.in_file(path, end_line, end_column)
    out = {"physicalLocation": {"artifactLocation": _artifact(path, base), "region": region}}
    if where:
        cell, ln, col = cells.at(path, line, column)
        out["properties"] = {"cell": cell, "cellLine": ln, "cellColumn": col}
    return out


def _sarif_level(sev: Severity) -> str:
    return {"error": "error", "warning": "warning"}.get(sev.value, "note")
