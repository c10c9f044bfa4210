"""The import statements of a file, found in its text without parsing it (the store keeps them
per file, so that a run finds what an edited file can affect without reading the others)."""

from __future__ import annotations

import re

_GAP = r"(?:[ \t\f]|\\\r?\n)*"  # blanks inside one logical line (continuations included)
# Literal first (the regex engine then searches for it fast); the word boundary before it is
# checked by `_word_start`.
_FROM = re.compile(r"from\b" + _GAP + r"((?:\." + _GAP + r")*)(\w+(?:" + _GAP + r"\." + _GAP + r"\w+)*)?"
                   + _GAP + r"\bimport\b")
_IMPORT = re.compile(r"import\b")
_COMMENT = re.compile(r"#[^\r\n]*")
_LOGICAL_END = re.compile(r"(?<!\\)(?:\r\n|\r|\n)|;")
_PAREN_LIST = re.compile(r"([^)#]*)(?:#[^\r\n]*|(\))|$)")
_FROM_NAME = re.compile(r"(\w+|\*)(?:\s+as\s+\w+)?")
_DOTTED = re.compile(r"(\w+(?:\s*\.\s*\w+)*)(?:\s+as\s+\w+)?")


_SCANS: dict[str, tuple] = {}  # digest -> scan_imports of that content
_STORED: dict[str, list] = {}  # digest -> a scan as an earlier run stored it (JSON lists)
_SCANS_MAX = 8192


def imports_of(sf) -> tuple:
    """The import statements of a file (`scan_imports`), kept by digest."""
    found = _SCANS.get(sf.digest)
    if found is None:
        stored = _STORED.pop(sf.digest, None)
        if stored is not None:
            found = tuple((level, module, tuple(names)) for level, module, names in stored)
        else:
            found = scan_imports(sf.text)
        if len(_SCANS) >= _SCANS_MAX:
            _SCANS.clear()
        _SCANS[sf.digest] = found
    return found


def remember_imports(digest: str, stored: list) -> None:
    """What `scan_imports` found in content of this digest, in an earlier run (the store)."""
    if len(_STORED) >= _SCANS_MAX:
        _STORED.clear()
    _STORED[digest] = stored


def scan_imports(text: str) -> tuple[tuple[int, str, tuple[str, ...]], ...]:
    """Every import statement of `text`, found without parsing it: (level, module, names) for
    `from {'.' * level}{module} import names`, (-1, "", dotted modules) for `import a.b, c`.
    A superset of what the syntax tree has (an `import` inside a string counts too), which is
    what dependency edges need: a missed import would let a stale verdict survive an edit."""
    if "import" not in text:
        return ()
    out = []
    taken = set()
    for m in _FROM.finditer(text):
        if not _word_start(text, m.start()):
            continue
        names = _FROM_NAME.findall(_import_list(text, m.end()))
        module = re.sub(r"[\s\\]", "", m.group(2) or "")
        out.append((m.group(1).count("."), module, tuple(names)))
        taken.add(m.end() - len("import"))
    for m in _IMPORT.finditer(text):
        if m.start() in taken or not _word_start(text, m.start()):
            continue
        names = tuple(re.sub(r"\s", "", n) for n in _DOTTED.findall(_import_list(text, m.end())))
        if names:
            out.append((-1, "", names))
    return tuple(out)


def _word_start(text: str, i: int) -> bool:
    return i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")


def _import_list(text: str, i: int) -> str:
    """The names after an `import` keyword at `i`: up to the closing parenthesis, else to the
    end of the logical line; comments and continuations taken out."""
    j = i
    while j < len(text) and text[j] in " \t\f\\\r\n" and not (text[j] in "\r\n" and text[j - 1] != "\\"):
        j += 1
    if j < len(text) and text[j] == "(":
        # To the first `)` outside a comment (a comment may hold one).
        parts = []
        k = j + 1
        while True:
            m = _PAREN_LIST.match(text, k)
            parts.append(m.group(1))
            k = m.end()
            if m.group(2) or k >= len(text):
                break
        chunk = "".join(parts)
    else:
        m = _LOGICAL_END.search(text, j)
        chunk = text[j:m.start() if m else len(text)]
    return _COMMENT.sub("", chunk).replace("\\", " ")
