"""The README's rule table is the registry: exactly the codes, names and default severities of
`shardlint.analysis.rules.RULES`, in order; and every rule's documentation link (the LSP's
`codeDescription`, SARIF's `helpUri`) lands on an anchor the README has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shardlint.analysis.rules import ALL_RULES, DOCS_URL, RULES

README = Path(__file__).resolve().parent.parent / "README.md"
HEADER = re.compile(r"^\|\s*code\s*\|\s*name\s*\|\s*severity\s*\|\s*what it catches\s*\|\s*$", re.I)


def rule_table() -> list[list[str]]:
    if not README.is_file():
        pytest.skip("README.md is not written yet")
    lines = README.read_text(encoding="utf-8").splitlines()
    start = next((i for i, line in enumerate(lines) if HEADER.match(line.strip())), None)
    if start is None:
        pytest.skip("README.md has no `| code | name | severity | what it catches |` table yet")
    rows = []
    for line in lines[start + 2:]:
        if not line.strip().startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows.append(cells)
    return rows


def test_rule_table_matches_registry():
    rows = rule_table()
    assert all(len(r) >= 4 for r in rows), rows
    got = [(r[0].strip("`"), r[1].strip("`"), r[2].lower()) for r in rows]
    want = [(r.code, r.name, r.severity.value) for r in RULES.values()]
    assert got == want
    assert all(r[3] for r in rows), "a rule without a description"


def github_anchors(text: str) -> set[str]:
    """Anchors GitHub makes for the headings of a Markdown file, plus explicit HTML anchors."""
    anchors = set(re.findall(r'<a\s+(?:id|name)="([^"]+)"', text))
    seen: dict[str, int] = {}
    for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        anchors.add(slug if n == 0 else f"{slug}-{n}")
    return anchors


def test_rule_links_land_on_readme_anchors():
    rule_table()
    assert DOCS_URL.split("#")[0].endswith("README.md")
    anchors = github_anchors(README.read_text(encoding="utf-8"))
    missing = [r.url for r in ALL_RULES.values() if r.url.split("#", 1)[1] not in anchors]
    assert not missing, f"rule links with no README anchor: {missing}"
