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
    """The check without a tree (the parser and symbol table, then `ast.parse` for what they
    reject) gives `ast.parse`'s verdict and message on real files and on what the symbol table
    alone rejects (`nonlocal` at module level, duplicate arguments)."""
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


# ------------------------------------------------------------------ a new version from the old tree

_SNIPPETS = ["", "x = 1", "def f():", "    return 1", "    y = 2", "(", ")", "'''", '"""', "# c", "@dec",
             "\\", "if x:", "pass", "; z = 3", "class C:", "é = 'ü'", "lambda: 0", "    ", "\t", "\x0c",
             "@(", "f)", "x = [", "]", "async def g(): await h()", "match x:", "    case 1: pass"]


def _edit(rng, text: str) -> str:
    """One random edit of a line, as typing, pasting and deleting make them."""
    lines = text.split("\n")
    i = rng.randrange(len(lines) + 1)
    kind = rng.random()
    if kind < 0.35:
        lines.insert(i, rng.choice(_SNIPPETS))
    elif kind < 0.55 and lines:
        del lines[min(i, len(lines) - 1)]
    elif kind < 0.65 and len(lines) > 3:
        j = rng.randrange(len(lines) - 2)
        del lines[j:j + rng.randrange(1, 3)]
    elif lines:
        j = min(i, len(lines) - 1)
        k = rng.randrange(len(lines[j]) + 1)
        lines[j] = lines[j][:k] + rng.choice(_SNIPPETS + ["\n", "\r\n"]) + lines[j][k:]
    return "\n".join(lines)


def _verdict(text: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return ast.dump(ast.parse(text), include_attributes=True)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None


@pytest.mark.parametrize("endings", ["\n", "\r\n", "\r"])
def test_an_edited_version_built_from_the_previous_tree_is_what_ast_parse_builds(endings):
    """A buffer's new version reuses the statements of the old tree the edit left alone (those
    after it moved by the lines it added or removed) and parses only the lines between: over
    random edits of real files (several in a row, each from the last), the tree, positions
    included, and the verdict are `ast.parse`'s."""
    import random

    rng = random.Random(12)
    texts = [t for t in _corpus_texts() if t.count("\n") > 20][::7]
    reused = 0
    for n in range(300):
        text = rng.choice(texts).replace("\n", endings)
        sf = parse_text("/p/m.py", text)
        sf.tree  # noqa: B018
        for _ in range(3):
            new = _edit(rng, text.replace(endings, "\n")).replace("\n", endings)
            nsf = parse_text("/p/m.py", new, previous=sf)
            tree = nsf.tree
            reused += nsf._positioned is not None
            assert (None if tree is None else ast.dump(tree, include_attributes=True)) == _verdict(new), (n, new)
            assert nsf.syntax_error == parse_text("/p/m.py", new).syntax_error
            if tree is None:
                break
            if nsf._positioned is not None:
                assert not sf.parsed  # the old version gave its statements up
            text, sf = new, nsf
    assert reused > 150  # many edits were spliced, not parsed whole


@pytest.mark.parametrize("endings", ["\n", "\r\n", "\r"])
def test_an_edit_that_ends_a_line_with_a_backslash_joins_it_to_the_next(endings):
    """A backslash typed at the end of a statement continues it into the next line, outside the
    lines the edit touched: `import jax\\` then `import numpy` is a syntax error, whatever the
    line endings (CPython parses a region ending `\\\r\n` on its own)."""
    old = endings.join(["import jax", "import numpy", "x = 1", ""])
    sf = parse_text("/p/m.py", old)
    sf.tree  # noqa: B018
    new = old.replace("import jax", "import jax\\", 1)
    nsf = parse_text("/p/m.py", new, previous=sf)
    assert nsf.tree is None and _verdict(new) is None
    assert nsf.syntax_error == parse_text("/p/m.py", new).syntax_error


def test_a_version_with_no_tree_before_it_is_parsed_whole():
    old = parse_text("/p/m.py", "x = 1\n")
    new = parse_text("/p/m.py", "x = 2\n", previous=old)
    assert new.tree is not None and new._positioned is None  # nothing to reuse: parsed whole
    old2 = parse_text("/p/m.py", "x = 1\ny = (\n")
    assert old2.tree is None
    assert parse_text("/p/m.py", "x = 1\ny = ()\n", previous=old2).tree is not None


def _python_roots() -> dict[str, Path]:
    import jax

    return {"tests": TESTS, "analysis": TESTS.parent / "analysis", "server": TESTS.parent / "server",
            "jax": Path(jax.__file__).parent}


def _ast_class(node: ast.AST) -> type:
    return next(c for c in type(node).__mro__ if c.__module__ == "ast")


def _same_tree(a: ast.AST, b: ast.AST) -> bool:
    """Whether two trees are equal, positions included (what `ast.dump` with attributes
    compares, at a fraction of its cost)."""
    todo = [(a, b)]
    while todo:
        x, y = todo.pop()
        if isinstance(x, ast.AST):
            if not isinstance(y, ast.AST) or _ast_class(x) is not _ast_class(y):
                return False
            for name in x._attributes:
                if getattr(x, name, None) != getattr(y, name, None):
                    return False
            todo.extend((getattr(x, name, None), getattr(y, name, None)) for name in x._fields)
        elif isinstance(x, list):
            if not isinstance(y, list) or len(x) != len(y):
                return False
            todo.extend(zip(x, y))
        elif type(x) is not type(y) or x != y:
            return False
    return True


@pytest.mark.parametrize("root", sorted(_python_roots()))
def test_trees_whose_bodies_are_parsed_when_read_are_the_trees_ast_parse_gives(root):
    """`skeleton.parse` cuts bodies by reading the text, not by tokenizing it: on every file of
    the tests, of shardlint and of JAX's package, the tree read to its leaves is `ast.parse`'s
    (positions included), and most files are cut."""
    from shardlint.analysis import skeleton

    cut = 0
    files = sorted(p for p in _python_roots()[root].rglob("*.py") if "__pycache__" not in p.parts)
    for path in files:
        text = path.read_text(encoding="utf-8")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                whole = ast.parse(text)
        except SyntaxError:
            continue
        lazy = skeleton.parse(text)
        if lazy is None:
            continue
        cut += 1
        assert _same_tree(lazy, whole), path
    assert not skeleton.broken
    assert cut > len(files) // 3


@pytest.mark.parametrize("text", [
    # a def in a docstring's example is no def
    'def f():\n    """\ndef g():\n    return 1\n"""\n    return 2\n\n\ndef h():\n    return 3\n',
    # a string that opens in a body and closes after a line as deep as the def
    'def f():\n    s = """\nx = 1\n"""\n    return s\n\n\ndef g():\n    return 1\n',
    # a bracket that stays open across such a line
    'def f():\n    return (1,\n2)\n\n\ndef g():\n    return 1\n',
    # the last def of a class, a one-line def, a decorated and an async one
    'class A:\n    def f(self):\n        return 1\n\n    @property\n    def g(self): return 2\n\n'
    '    async def h(self):\n        await x\n        return 3\n\n    def i(self):\n        return 4\n\nz = 1\n',
    # a header over several lines, with a comment after its colon
    'def f(\n    a,\n    b=(1, 2),\n) -> int:  # note\n    return a\n\n\ndef g():\n    pass\n',
    # the last def of a block, whose end is the block's: at the end of the text (no newline),
    # before a dedent, under an `if` with an `else`, after comments that quote
    'class A:\n    def f(self):\n        x = [1,\n             2]  # a list\n        # it\'s done\n\nz = 1\n'
    'if z:\n    def g():\n        return "é"\nelse:\n    pass\ndef h():\n    return 1',
    # a statement ending in `;` (the block ends after it), a comment beside a quote, a string last
    'def f():\n    g(1) ;  # x\n\n\ndef g():\n    return "#" # y\nclass B:\n    def h(self):\n'
    '        """Doc.\n\n        More."""\n    def i(self):\n        s = 1;\n',
    # a string whose last line looks like a comment
    'class A:\n    def f(self):\n        return """\n# a"""\nx = 1\n',
])
def test_skeleton_cuts_only_where_the_tree_stays_the_same(text):
    from shardlint.analysis import skeleton

    lazy = skeleton.parse(text)
    if lazy is not None:
        assert _same_tree(lazy, ast.parse(text))


def test_a_body_is_parsed_when_first_read_and_one_that_does_not_parse_is_reported():
    from shardlint.analysis import skeleton

    text = "def f():\n    return 1\n\n\ndef g():\n    return 1 +\n\n\nx = 1\n"
    tree = skeleton.parse(text)
    f, g = tree.body[0], tree.body[1]
    assert isinstance(f, ast.FunctionDef) and "_cut" in vars(f)
    assert ast.dump(f.body[0]) == ast.dump(ast.parse("return 1").body[0])
    assert (f.end_lineno, f.end_col_offset) == (2, 12)
    skeleton.broken = False
    try:
        g.body
        assert skeleton.broken
    finally:
        skeleton.broken = False
