"""The suppression every diagnostic offers, last: `# shardlint: ignore[CODE]` on its line (merged
into an ignore comment already there). Editor only: fix-all and `--fix` never apply it."""

from __future__ import annotations

import io
import tokenize
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, Edit, Fix
from ..suppressions import IGNORE_RE

if TYPE_CHECKING:
    from .registry import FixContext

TITLE_SUPPRESS = "Suppress with "


def is_suppression(fix: Fix) -> bool:
    return fix.title.startswith(TITLE_SUPPRESS)


def suppression(diag: Diagnostic, ctx: "FixContext") -> Fix | None:
    mod = ctx.module(diag.path)
    if mod is None:
        return None
    line = diag.line
    text = mod.line_text(line)
    if not text and line > len(mod.lines):
        return None
    comment = None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(mod.text).readline):
            if tok.type == tokenize.COMMENT and tok.start[0] == line:
                comment = tok
            elif tok.type in (tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)) \
                    and tok.start[0] <= line < tok.end[0]:
                return None  # the line ends inside a string: a comment cannot go there
    except (tokenize.TokenError, SyntaxError):
        return None
    title = f"{TITLE_SUPPRESS}`# shardlint: ignore[{diag.code}]`"
    if comment is not None:
        m = IGNORE_RE.search(comment.string)
        if m:
            if m.group(1) is None or not m.group(1).strip():
                return None  # already ignores every code on this line
            codes = [c.strip().upper() for c in m.group(1).split(",") if c.strip()]
            if diag.code in codes:
                return None
            insert_at = comment.start[1] + m.start(1) + len(m.group(1).rstrip())
            return Fix(title, "safe", (Edit(diag.path, line, insert_at + 1, line, insert_at + 1, f", {diag.code}"),))
    if text.rstrip().endswith("\\"):
        return None
    end = len(text.rstrip())
    return Fix(title, "safe", (Edit(diag.path, line, end + 1, line, len(text) + 1,
                                    f"  # shardlint: ignore[{diag.code}]"),))
