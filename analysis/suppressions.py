"""Suppression comments: `# shardlint: ignore`, `# shardlint: ignore[SHL001,SHL003]` on a line and
`# shardlint: ignore-file` for a whole file. Only real comments count (the text is tokenized)."""

from __future__ import annotations

import functools
import io
import re
import tokenize

from .source import SourceFile

IGNORE_RE = re.compile(r"#\s*shardlint:\s*ignore(?:\[([A-Za-z0-9_,\s]*)\])?(?!-)")
_IGNORE_FILE_RE = re.compile(r"#\s*shardlint:\s*ignore-file\b")
_NOQA_ALL = frozenset({"*"})


def suppressed(sf: SourceFile, code: str, line: int, end_line: int | None = None) -> bool:
    sup = _scan(sf.digest, sf.text)
    if not sup:
        return False
    if 0 in sup:
        return True
    for ln in range(line, (end_line or line) + 1):
        codes = sup.get(ln)
        if codes and ("*" in codes or code in codes):
            return True
    return False


@functools.lru_cache(maxsize=4096)
def _scan(digest: str, text: str) -> dict:
    """line -> frozenset of codes ("*" for all); line 0 means the whole file."""
    if "shardlint:" not in text:
        return {}
    out: dict = {}
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        tokens = []
    for tok in tokens:
        if tok.type != tokenize.COMMENT:
            continue
        s = tok.string
        if _IGNORE_FILE_RE.search(s):
            out[0] = _NOQA_ALL
            continue
        m = IGNORE_RE.search(s)
        if m:
            codes = m.group(1)
            if codes is None or not codes.strip():
                out[tok.start[0]] = _NOQA_ALL
            else:
                out[tok.start[0]] = frozenset(c.strip().upper() for c in codes.split(",") if c.strip())
    return out
