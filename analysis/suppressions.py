"""Suppression comments, and the report of those that suppress nothing (SHL301).

- `# shardlint: ignore` on a line: every code there; `# shardlint: ignore[SHL001, pallas-call-vma-check]`:
  those rules, by code or by name.
- `# noqa: SHL001, E501`: the shardlint codes in it (other tools' codes are theirs; a bare
  `# noqa` is theirs too: it never hides a lowering error).
- `# shardlint: ignore-file`: the whole file.

Only real comments count (the text is tokenized). An unknown rule, a repeated one, and a
suppression that matches nothing reported on its line are reported as SHL301, with a fix that
removes them (as Ruff's RUF100 does for `noqa`)."""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass

from .diagnostics import Diagnostic, Edit, Fix
from .rules import ALL_RULES, UNUSED_SUPPRESSION
from .source import SourceFile

# The bracket holds codes or rule names; an unclosed one is no blanket ignore.
IGNORE_RE = re.compile(r"#\s*shardlint:\s*ignore(?:\[([^\]]*)\])?(?![-\w\[])")
_IGNORE_FILE_RE = re.compile(r"#\s*shardlint:\s*ignore-file\b")
_MALFORMED_RE = re.compile(r"#\s*shardlint:\s*ignore\[[^\]]*$")
_NOQA_RE = re.compile(r"#\s*noqa:\s*(?P<codes>[A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*)", re.I)
_ITEM_RE = re.compile(r"[^,\s]+")
_BY_NAME = {r.name: r.code for r in ALL_RULES.values()}


@dataclass(frozen=True)
class Item:
    """One rule in a suppression's list, as written, with its columns (0-based, in characters)."""
    text: str
    code: str | None  # None: no such rule
    start: int
    end: int


@dataclass(frozen=True)
class Directive:
    kind: str  # "ignore" | "noqa"
    line: int
    start: int  # columns (0-based) of the directive within its line
    end: int
    items: tuple[Item, ...]  # empty: every code (a bare `# shardlint: ignore`)
    list_start: int  # columns of the list inside the brackets / after `noqa:`
    list_end: int
    comment: tuple[int, int]  # columns of the whole comment
    others: tuple[Item, ...] = ()  # other tools' codes in a noqa list: never touched


@dataclass(frozen=True)
class Suppressions:
    whole_file: bool
    by_line: dict[int, tuple[Directive, ...]]
    malformed: tuple[tuple[int, int, int], ...] = ()  # (line, start, end) of `ignore[` never closed


def of(sf: SourceFile) -> Suppressions:
    """The suppressions of `sf`, kept by digest (not by text: a cache keyed by the text would
    keep every version of a buffer being edited alive)."""
    found = _BY_DIGEST.get(sf.digest)
    if found is None:
        if len(_BY_DIGEST) >= _BY_DIGEST_MAX:
            _BY_DIGEST.clear()
        found = _BY_DIGEST[sf.digest] = _scan(sf.text)
    return found


_NONE = Suppressions(False, {})
_BY_DIGEST: dict[str, Suppressions] = {}
_BY_DIGEST_MAX = 4096


def _scan(text: str) -> Suppressions:
    lowered = text.lower()
    if "shardlint:" not in lowered and not ("noqa" in lowered and "shl" in lowered):
        return _NONE  # no directive of ours (a `# noqa:` matters only where it names an SHL code)
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return _NONE
    whole_file = False
    by_line: dict[int, list[Directive]] = {}
    malformed = []
    for tok in tokens:
        s, (line, col) = tok.string, tok.start
        comment = (col, col + len(s))
        if _IGNORE_FILE_RE.search(s):
            whole_file = True
        for m in IGNORE_RE.finditer(s):
            if m.group(1) is None:
                d = Directive("ignore", line, col + m.start(), col + m.end(), (), 0, 0, comment)
            else:
                items = tuple(_item(x.group(0), col + m.start(1) + x.start()) for x in _ITEM_RE.finditer(m.group(1)))
                d = Directive("ignore", line, col + m.start(), col + m.end(), items,
                              col + m.start(1), col + m.end(1), comment)
            by_line.setdefault(line, []).append(d)
        for m in _MALFORMED_RE.finditer(s):
            malformed.append((line, col + m.start(), col + m.end()))
        for m in _NOQA_RE.finditer(s):
            found = [(x.group(0), col + m.start("codes") + x.start()) for x in _ITEM_RE.finditer(m.group("codes"))]
            ours = tuple(_item(t, at) for t, at in found if t.upper().startswith("SHL"))
            if ours:
                others = tuple(Item(t, None, at, at + len(t)) for t, at in found if not t.upper().startswith("SHL"))
                by_line.setdefault(line, []).append(Directive(
                    "noqa", line, col + m.start(), col + m.end(), ours, col + m.start("codes"),
                    col + m.end("codes"), comment, others))
    return Suppressions(whole_file, {k: tuple(v) for k, v in by_line.items()}, tuple(malformed))


def _item(text: str, at: int) -> Item:
    code = text.upper() if text.upper() in ALL_RULES else _BY_NAME.get(text.lower())
    return Item(text, code, at, at + len(text))


class Usage:
    """Which suppressions of a file matched a diagnostic."""

    def __init__(self, sup: Suppressions):
        self.sup = sup
        self.used: set[tuple[int, int, int]] = set()  # (line, directive, item or -1 for all)

    def suppresses(self, code: str, line: int) -> bool:
        """Whether a suppression covers `code` on `line` (and note which did)."""
        hit = False
        for i, d in enumerate(self.sup.by_line.get(line, ())):
            if d.kind == "ignore" and not d.items:
                self.used.add((line, i, -1))
                hit = True
            for j, item in enumerate(d.items):
                if item.code == code:
                    self.used.add((line, i, j))
                    hit = True
        return hit or self.sup.whole_file

    def unused(self, sf: SourceFile) -> list[Diagnostic]:
        """SHL301 for every suppression that names no rule, repeats one or matched nothing:
        one diagnostic per suppression, its fix removing what is wrong."""
        if self.sup.whole_file:
            return []
        out = []
        for line, directives in sorted(self.sup.by_line.items()):
            for i, d in enumerate(directives):
                diag = self._check(sf, line, i, d)
                if diag is not None:
                    out.append(diag)
        rule = UNUSED_SUPPRESSION
        for line, start, end in self.sup.malformed:
            out.append(Diagnostic(sf.path, line, start + 1, line, end + 1, rule.code, rule.name, rule.severity,
                                  "Malformed suppression: the `[` of `# shardlint: ignore[` is never closed, so "
                                  "it suppresses nothing. Close the list: `# shardlint: ignore[SHL001]`."))
        return out

    def _check(self, sf: SourceFile, line: int, index: int, d: Directive) -> Diagnostic | None:
        rule = UNUSED_SUPPRESSION
        marker = "`# shardlint: ignore`" if d.kind == "ignore" else "`# noqa`"
        if not d.items:
            if (line, index, -1) in self.used:
                return None
            return self._diag(sf, d, f"Unused suppression: {marker} covers a line where nothing is "
                                     f"reported.", self._remove_directive(sf, d))
        unknown, repeated, unused, keep = [], [], [], []
        seen = set()
        for j, item in enumerate(d.items):
            if item.code is None:
                unknown.append(item.text)
            elif item.code in seen:
                repeated.append(item.text)
            elif item.code != rule.code and (line, index, j) not in self.used:
                unused.append(item.text)
            else:
                keep.append(item.text)
            if item.code is not None:
                seen.add(item.code)
        if not (unknown or repeated or unused):
            return None
        # The directive's own line may silence this report by naming the rule.
        if any(it.code == rule.code for other in self.sup.by_line.get(line, ()) for it in other.items):
            return None
        parts = []
        if unused:
            parts.append(f"nothing reported on this line for {_join(unused)}")
        if unknown:
            parts.append(f"no rule named {_join(unknown)} (see `shardlint rules`)")
        if repeated:
            parts.append(f"{_join(repeated)} repeated")
        msg = f"Unused suppression in {marker}: {'; '.join(parts)}."
        if keep or d.others:
            rest = ", ".join(keep + [o.text for o in d.others])
            fix = Edit(sf.path, line, d.list_start + 1, line, d.list_end + 1, rest)
        else:
            fix = self._remove_directive(sf, d)
        return self._diag(sf, d, msg, fix)

    @staticmethod
    def _diag(sf: SourceFile, d: Directive, msg: str, edit: Edit) -> Diagnostic:
        rule = UNUSED_SUPPRESSION
        return Diagnostic(sf.path, d.line, d.start + 1, d.line, d.end + 1, rule.code, rule.name, rule.severity,
                          msg, fix=Fix("Remove the unused suppression", "safe", (edit,)))

    @staticmethod
    def _remove_directive(sf: SourceFile, d: Directive) -> Edit:
        """The edit that takes the directive out of its comment, or the comment out of its line
        (the whole line when nothing else is on it)."""
        text = sf.line_text(d.line)
        c0, c1 = d.comment
        before, after = text[c0:d.start], text[d.end:c1]
        if not before.strip("# \t") and not after.strip():
            if not text[:c0].strip():
                return Edit(sf.path, d.line, 1, d.line + 1, 1, "")
            code_end = len(text[:c0].rstrip())
            return Edit(sf.path, d.line, code_end + 1, d.line, c1 + 1, "")
        if not before.strip("# \t"):
            # First in the comment: what follows stays a comment.
            rest = len(after) - len(after.lstrip())
            keep = "" if after.lstrip().startswith("#") else "# "
            return Edit(sf.path, d.line, d.start + 1, d.line, d.end + rest + 1, keep)
        # After other text in the comment: take it and the blanks before it.
        start = len(text[:d.start].rstrip())
        return Edit(sf.path, d.line, start + 1, d.line, d.end + 1, "")


def _join(items: list[str]) -> str:
    return ", ".join(f"`{x}`" for x in items)
