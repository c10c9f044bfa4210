"""Suppression comments through the console script: codes and rule names, `# noqa` for shardlint
codes only, and SHL301 for suppressions that suppress nothing, with the fix that removes them."""

from __future__ import annotations

import pytest

from test_cli import check_json, codes, jit_pair, run, write


@pytest.mark.parametrize("psend_c, precv_c, want", [
    # Breakage 3: a rule name made `ignore[...]` a blanket ignore of the line.
    ("  # shardlint: ignore[pallas-call-vma-check]", "",
     [("bad.py", 7, "SHL002"), ("bad.py", 7, "SHL301"), ("bad.py", 8, "SHL001")]),
    ("  # shardlint: ignore[psend-outside-shard-map]", "  # shardlint: ignore[precv-outside-shard-map]", []),
    ("  # shardlint: ignore[Psend-Outside-Shard-Map, SHL001]", "  # shardlint: ignore[SHL001]",
     [("bad.py", 7, "SHL301")]),
    # `# noqa` honours shardlint codes, and only those.
    ("  # noqa: SHL002", "  # NOQA:SHL001,E501", []),
    ("  # noqa: E501", "  # noqa", [("bad.py", 7, "SHL002"), ("bad.py", 8, "SHL001")]),
    ("  # noqa: E501  # shardlint: ignore[SHL002]", "", [("bad.py", 8, "SHL001")]),
])
def test_codes_names_and_noqa(tmp_path, psend_c, precv_c, want):
    write(tmp_path, {"bad.py": jit_pair(psend_c, precv_c)})
    assert codes(check_json("--no-cache", ".", cwd=tmp_path)[1]) == want


@pytest.mark.parametrize("comment, words", [
    ("  # shardlint: ignore[SHL0001]", ["`SHL0001`", "no rule named"]),
    ("  # shardlint: ignore[no-such-rule]", ["`no-such-rule`", "no rule named"]),
    ("  # noqa: SHL0001", ["`SHL0001`", "noqa"]),
    ("  # shardlint: ignore[SHL002, SHL002]", ["repeated"]),
    ("  # shardlint: ignore[SHL002, psend-outside-shard-map]", ["repeated"]),
])
def test_unknown_and_repeated_codes_are_reported(tmp_path, comment, words):
    """Breakage 3: a misspelt code (`ignore[SHL0001]`) was never reported."""
    write(tmp_path, {"bad.py": jit_pair(comment)})
    _, diags = check_json("--no-cache", ".", cwd=tmp_path)
    (report,) = [d for d in diags if d["code"] == "SHL301"]
    assert report["line"] == 7 and report["severity"] == "warning"
    assert report["rule"] == "unused-suppression"
    assert all(w in report["message"] for w in words), report["message"]
    line = jit_pair(comment).splitlines()[6]
    assert report["column"] == line.index("#") + 1


UNUSED = '''\
import jax

x = 1  # shardlint: ignore
y = 2  # shardlint: ignore[SHL001]
z = 3  # noqa: SHL002, E501
w = 4  # shardlint: ignore[SHL001]  # why: see below
v = 5  # shardlint: ignore[SHL001] since 2024
u = 6  # noqa: E501  # shardlint: ignore[SHL005]
# shardlint: ignore
t = 7  # shardlint: ignore[SHL001, SHL301]
'''

UNUSED_FIXED = '''\
import jax

x = 1
y = 2
z = 3  # noqa: E501
w = 4  # why: see below
v = 5  # since 2024
u = 6  # noqa: E501
t = 7  # shardlint: ignore[SHL001, SHL301]
'''


def test_unused_suppressions_are_reported_and_fixed(tmp_path):
    """Breakage 3: an ignore that suppresses nothing was never reported."""
    write(tmp_path, {"m.py": UNUSED})
    rc, diags = check_json("--no-cache", ".", cwd=tmp_path)
    assert rc == 1
    assert [(d["line"], d["code"]) for d in diags] == [(n, "SHL301") for n in (3, 4, 5, 6, 7, 8, 9)]
    assert all(d["fix"] and d["fix"]["applicability"] == "safe" for d in diags)
    p = run("check", "--no-cache", "--fix", ".", cwd=tmp_path)
    assert p.returncode == 0, p.stdout
    assert "Fixed 7 problems in 1 file." in p.stdout
    assert (tmp_path / "m.py").read_text() == UNUSED_FIXED


def test_a_used_suppression_of_a_rule_turned_off_is_not_reported(tmp_path):
    write(tmp_path, {"bad.py": jit_pair("  # shardlint: ignore[SHL002]"),
                     "pyproject.toml": '[tool.shardlint]\nignore = ["SHL002"]\n'})
    assert codes(check_json("--no-cache", ".", cwd=tmp_path)[1]) == [("bad.py", 8, "SHL001")]


def test_shl301_follows_select_ignore_and_ignore_file(tmp_path):
    write(tmp_path, {"m.py": "x = 1  # shardlint: ignore[SHL001]\n",
                     "f.py": "# shardlint: ignore-file\nx = 1  # shardlint: ignore[SHL001]\n"})
    assert codes(check_json("--no-cache", ".", cwd=tmp_path)[1]) == [("m.py", 1, "SHL301")]
    assert check_json("--no-cache", "--ignore", "SHL301", ".", cwd=tmp_path) == (0, [])


def test_a_file_that_does_not_parse_keeps_its_suppressions(tmp_path):
    write(tmp_path, {"broken.py": "x = 1  # shardlint: ignore[SHL001]\ndef (:\n"})
    assert [d["code"] for d in check_json("--no-cache", ".", cwd=tmp_path)[1]] == ["SHL000"]


def test_an_unclosed_list_is_malformed_not_a_blanket_ignore(tmp_path):
    write(tmp_path, {"bad.py": jit_pair("  # shardlint: ignore[SHL002")})
    _, diags = check_json("--no-cache", ".", cwd=tmp_path)
    assert codes(diags) == [("bad.py", 7, "SHL002"), ("bad.py", 7, "SHL301"), ("bad.py", 8, "SHL001")]
    assert "never closed" in next(d for d in diags if d["code"] == "SHL301")["message"]
