"""Hover on a flagged call: the JAX error it prevents first, then the call path that reaches it
(each step a link), then the fix and the rule's docs. The diagnostic's own message is not
repeated: the editor shows it beside the hover already."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from shardlint.analysis.diagnostics import Diagnostic
from shardlint.analysis.rules import ALL_RULES

from .. import convert
from . import diagnostics, feature

if TYPE_CHECKING:
    from ..lsp import ShardlintServer

# The rule messages quote the error this very call meets (axis names filled in) as "JAX raises `…`".
_QUOTED = re.compile(r"JAX raises `([^`]+)`")


@feature(types.TEXT_DOCUMENT_HOVER)
async def hover(ls: ShardlintServer, params: types.HoverParams):
    found = await diagnostics.settled(ls, params.text_document.uri)
    if found is None:
        return None
    path, root = found
    lines_of = ls.lines_of({})
    lines = lines_of(str(path))
    at = convert.engine_position(lines, params.position, ls.encoding)
    hits = [d for d in root.results.get(str(path), []) if (d.line, d.column) <= at < (d.end_line, d.end_column)]
    if not hits:
        return None
    markdown = types.MarkupKind.Markdown in (ls.cap("text_document.hover.content_format", []) or [])
    parts = [render(d, root.folder, ls.uri_for, markdown) for d in hits]
    d = hits[0]
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText,
                                     value=("\n\n---\n\n" if markdown else "\n\n").join(parts)),
        range=convert.span(lines, d.line, d.column, d.end_line, d.end_column, ls.encoding))


def render(d: Diagnostic, folder: Path, uri_for, markdown: bool) -> str:
    rule = ALL_RULES.get(d.code)
    if rule is None:
        return f"{d.code}: {d.message}"
    quoted = _QUOTED.search(d.message)
    error = quoted.group(1) if quoted else rule.jax_error
    steps = []
    for i, r in enumerate(d.related, 1):
        where = f"{convert.shown_path(r.path, folder)}:{r.line}"
        if markdown:
            steps.append(f"{i}. [{where}]({uri_for(r.path)}#L{r.line}) {r.message}")
        else:
            steps.append(f"{i}. {where} {r.message}")
    if markdown:
        out = [f"**JAX raises** ({rule.code} `{rule.name}`):", f"```text\n{error}\n```"]
        if steps:
            out += ["**Call path:**", "\n".join(steps)]
        out.append(f"**Fix:** {rule.fix} ([docs]({rule.url}))")
    else:
        out = [f"JAX raises ({rule.code} {rule.name}):", error]
        if steps:
            out += ["Call path:", "\n".join(steps)]
        out.append(f"Fix: {rule.fix}\nDocs: {rule.url}")
    return "\n\n".join(out)

