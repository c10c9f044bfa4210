"""The README's rule table and rule reference are generated from the registry
(`python -m shardlint.analysis.rules --write README.md`): a rule added, renamed or reworded in
the registry without regenerating them fails here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from shardlint.analysis.rules import ALL_RULES
from shardlint.analysis.rules.reference import render

README = Path(__file__).resolve().parent.parent / "README.md"
CLI = [sys.executable, "-m", "shardlint.analysis.rules"]


def test_readme_rule_sections_are_generated_from_the_registry():
    text = README.read_text(encoding="utf-8")
    assert render(text) == text, "stale: run python -m shardlint.analysis.rules --write README.md"


def test_check_fails_on_a_stale_readme_and_write_mends_it(tmp_path):
    stale = tmp_path / "README.md"
    text = README.read_text(encoding="utf-8")
    stale.write_text(text.replace("Default severity: warning.", "Default severity: ?.", 1), encoding="utf-8")
    check = subprocess.run(CLI + ["--check", str(stale)], capture_output=True, text=True)
    assert check.returncode == 1 and "stale" in check.stderr
    assert subprocess.run(CLI + ["--write", str(stale)], capture_output=True, text=True).returncode == 0
    assert stale.read_text(encoding="utf-8") == README.read_text(encoding="utf-8")


def test_markers_missing_is_a_clear_error(tmp_path):
    bare = tmp_path / "README.md"
    bare.write_text("# no rule sections here\n", encoding="utf-8")
    proc = subprocess.run(CLI + ["--check", str(bare)], capture_output=True, text=True)
    assert proc.returncode == 2 and "markers" in proc.stderr


def test_markdown_has_every_rule():
    out = subprocess.run(CLI + ["--markdown"], capture_output=True, text=True, check=True).stdout
    for r in ALL_RULES.values():
        assert f"### {r.code} {r.name}\n" in out
