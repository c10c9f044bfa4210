"""Planting code in the function bodies an analysis did not read (as the store recorded them):
a collective no mesh binds, an error wherever it runs. A stored run that keeps its results for
such an edit (see `check._unseen_changes`) must report what a fresh run reports."""

from __future__ import annotations

import json
from pathlib import Path

from shardlint.analysis import skeleton, source
from shardlint.analysis.store import CACHE_DIR, IMPORTS_FILE

PLANT = 'import jax; jax.lax.psum(0, "planted_axis"); '
_COMPOUND = ("if ", "if(", "elif", "else", "for ", "while ", "with ", "try", "except", "finally", "def ", "class ",
             "async ", "@", "match ", "case ")


def stored_reads(root: Path) -> dict[str, set[int]]:
    """file -> the lines of the bodies its last analysis read, from the store's one record."""
    doc = json.loads((root / CACHE_DIR / IMPORTS_FILE).read_text())
    (shapes,) = doc["shapes"].values()
    return {p: {line for line, _ in reads} for p, (_, reads, _) in shapes.items()}


def plant_in_unread_bodies(f: Path, reads: dict[str, set[int]], *, read_ones: bool = False) -> bool:
    """PLANT at the start of each function body of `f` its stored analysis did not read (with
    `read_ones`: did read), where the text is still accepted; whether any was planted."""
    read = reads.get(str(f.resolve()))
    text = f.read_text(encoding="utf-8")
    found = skeleton.shape(text)
    if read is None or found is None:
        return False
    lines = text.split("\n")
    planted = False
    for line in sorted(set(found[1]) & read if read_ones else set(found[1]) - read):
        first = lines[line - 1]
        if first.strip() and not first.lstrip().startswith(_COMPOUND):  # those take no `;` before them
            indent = len(first) - len(first.lstrip())
            lines[line - 1] = first[:indent] + PLANT + first[indent:]
            planted = True
    new = "\n".join(lines)
    if not planted or not source.accepted(new):
        return False
    f.write_text(new, encoding="utf-8")
    return True
