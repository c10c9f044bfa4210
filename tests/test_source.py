"""Source files: line splitting with the editor's terminators, trees built on demand and
released, and whether a file parses decided without a tree the same way `ast.parse` decides."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import pytest

from shardlint.analysis import source
from shardlint.analysis.source import parse_text, split_lines

TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("text, lines", [
    ("a\nb\n", ["a", "b", ""]),
    ("a\r\nb\rc", ["a", "b", "c"]),
    ("x = 1\x0c\ny = 2\n", ["x = 1\x0c", "y = 2", ""]),  # a form feed stays in its line
    ("s = 'é\x1c\x1d\x1e\x85\u2028\u2029'\nt\n", ["s = 'é\x1c\x1d\x1e\x85\u2028\u2029'", "t", ""]),
    ("", [""]),
])
def test_split_lines_splits_at_editor_terminators_only(text, lines):
    assert split_lines(text) == lines


def test_columns_after_a_form_feed_and_non_ascii_text():
    """`ast` counts lines as the tokenizer does (a form feed is inside a line) and columns in
    UTF-8 bytes: positions must land on the same characters an editor shows."""
    text = "\x0c\nimport jax\nv = 'ünï' ; w = jax.lax.psum(v, 'x')\n"
    sf = parse_text("/p/m.py", text)
    call = next(n for n in ast.walk(sf.tree) if isinstance(n, ast.Call))
    line, end_line = call.lineno, call.end_lineno
    col, end_col = sf.char_col(line, call.col_offset), sf.char_col(end_line, call.end_col_offset)
    shown = split_lines(text)[line - 1]
    assert (line, end_line) == (3, 3)
    assert shown[col - 1:end_col - 1] == "jax.lax.psum(v, 'x')"


def test_trees_are_built_on_demand_and_released():
    sf = parse_text("/p/m.py", "import jax\nx = 1\n")
    assert not sf.parsed
    assert sf.syntax_error is None and not sf.parsed  # checked without a tree
    assert isinstance(sf.tree, ast.Module) and sf.parsed
    sf.release()
    assert not sf.parsed and sf.syntax_error is None
    assert isinstance(sf.tree, ast.Module)


def _corpus_texts():
    for p in sorted(TESTS.rglob("*.py")):
        if "__pycache__" not in p.parts:
            yield p.read_text(encoding="utf-8", errors="replace")
    yield from ["def f(:\n", "return 1\n", "nonlocal x\n", "def f(a, a): pass\n", "await x\n",
                "x = 1\n\x00\n", "(" * 300 + ")" * 300, "f'{'\n", "'\\N{foo}'\n", "x = 08\n"]


def test_the_syntax_check_agrees_with_ast_parse():
    """The check without a tree (the bytecode compiler, then `ast.parse` for what it rejects)
    gives `ast.parse`'s verdict and message on real files and on what the compiler alone
    rejects (`return` outside a function, duplicate arguments)."""
    for text in _corpus_texts():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                ast.parse(text)
                want = None
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                want = "error"
        checked = parse_text("/p/m.py", text).syntax_error
        parsed = parse_text("/p/m.py", text)
        parsed.tree  # noqa: B018 - parse first: the tree's verdict
        assert (checked is None) == (want is None), text[:80]
        assert checked == parsed.syntax_error, text[:80]


def test_observe_sees_parses_and_reads(tmp_path):
    (tmp_path / "lib.py").write_text("x = 1\n")
    seen = []
    with source.observe(lambda: seen.append(1)) as obs:
        sf = source.read_file(tmp_path / "lib.py", "lib.py")
        sf.tree  # noqa: B018
    assert seen == [1]
    st = (tmp_path / "lib.py").stat()
    assert obs.reads == {str(tmp_path / "lib.py"): [st.st_size, st.st_mtime_ns]}
