"""The parsed view of one file that every fixer works on (its text, its libcst tree with
positions, parents and scopes), and the node queries the fixers share."""

from __future__ import annotations

import re

import libcst as cst
from libcst.metadata import MetadataWrapper, ParentNodeProvider, PositionProvider, ScopeProvider

from ..fixfacts import SiteRef
from ..source import line_starts


def lines_with_ends(text: str) -> list[str]:
    """The lines of `text` with their endings (split where `source.split_lines` splits)."""
    starts = line_starts(text)
    return [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)]) if a < b]


class SourceModule:
    """One file's current text and its libcst tree, located and linked to parents."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self.lines = lines_with_ends(text)
        first = self.lines[0] if self.lines else ""
        self.newline = first[len(first.rstrip("\r\n")):] or "\n"
        self.module = cst.parse_module(text)
        self._wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
        self.pos = self._wrapper.resolve(PositionProvider)
        self.parent = self._wrapper.resolve(ParentNodeProvider)
        self._scopes = None
        # every word of the text: a name the fix makes up is none of them
        self.names = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text))

    @property
    def scopes(self):
        """node -> its libcst Scope (computed when a fix first spells a name)."""
        if self._scopes is None:
            self._scopes = self._wrapper.resolve(ScopeProvider)
        return self._scopes

    # -- locating nodes ------------------------------------------------------------------------

    def node_at(self, span: SiteRef, types: tuple) -> cst.CSTNode | None:
        """The outermost node of one of `types` whose range is exactly `span`."""
        want = (span.line, span.column - 1, span.end_line, span.end_column - 1)
        best = None
        for node, r in self.pos.items():
            if isinstance(node, types) and (r.start.line, r.start.column, r.end.line, r.end.column) == want:
                if best is None or self.is_ancestor(node, best):
                    best = node
        return best

    def is_ancestor(self, a, b) -> bool:
        cur = self.parent.get(b)
        while cur is not None:
            if cur is a:
                return True
            cur = self.parent.get(cur)
        return False

    def encloses(self, outer, node) -> bool:
        return outer is not None and (outer is node or self.is_ancestor(outer, node))

    def function_at(self, line: int, name: str | None) -> cst.FunctionDef | None:
        for node, r in self.pos.items():
            if isinstance(node, cst.FunctionDef) and r.start.line == line:
                if name is None or node.name.value == name:
                    return node
        return None

    def function_of(self, node):
        """The def or lambda around `node`, or None at module level."""
        cur = self.parent.get(node)
        while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.Lambda)):
            cur = self.parent.get(cur)
        return cur

    def def_named(self, name: str) -> cst.FunctionDef | None:
        """The one module-level `def name`."""
        found = [s for s in self.module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
        return found[0] if len(found) == 1 else None

    def statement_of(self, node) -> cst.CSTNode:
        """The innermost statement containing `node` that starts its own line (so that a new
        statement can go right above it, at its indentation)."""
        cur = node
        while cur is not None:
            if isinstance(cur, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
                parent = self.parent.get(cur)
                is_elif = isinstance(cur, cst.If) and isinstance(parent, cst.If) and parent.orelse is cur
                if not is_elif and self._starts_line(cur):
                    return cur
            cur = self.parent.get(cur)
        raise LookupError("no statement")

    def start_of(self, stmt) -> tuple[int, int]:
        """(line, 0-based column) where `stmt` starts, decorators included."""
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) and stmt.decorators:
            r = self.pos[stmt.decorators[0]]
        else:
            r = self.pos[stmt]
        return r.start.line, r.start.column

    def _starts_line(self, stmt) -> bool:
        line, col = self.start_of(stmt)
        return self.line_text(line)[:col].strip() == ""

    def top_level_of(self, node) -> cst.CSTNode:
        cur = node
        while not isinstance(self.parent.get(cur), cst.Module):
            cur = self.parent[cur]
        return cur

    def assigned_value(self, at, name: str):
        """The value of the one plain assignment `name = value` in the function around `at`, else
        in the functions around that one (a closure's), else at module level; None when there is
        not exactly one, or where a function on the way takes `name` as a parameter."""
        scope = self.function_of(at) or self.module
        while True:
            if isinstance(scope, (cst.FunctionDef, cst.Lambda)) and any(
                    p.name.value == name for p in (*scope.params.posonly_params, *scope.params.params,
                                                   *scope.params.kwonly_params)):
                return None
            if isinstance(scope, (cst.FunctionDef, cst.Module)):
                body = scope.body.body if isinstance(scope, cst.FunctionDef) else scope.body
                values = [small.value for stmt in body if isinstance(stmt, cst.SimpleStatementLine)
                          for small in stmt.body if isinstance(small, cst.Assign) and len(small.targets) == 1
                          and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name]
                if values:
                    return values[0] if len(values) == 1 else None
            if isinstance(scope, cst.Module):
                return None
            scope = self.function_of(scope) or self.module

    # -- text ----------------------------------------------------------------------------------

    def line_text(self, line: int) -> str:
        if 0 < line <= len(self.lines):
            return self.lines[line - 1].rstrip("\r\n")
        return ""

    def text_of(self, node) -> str:
        return self.module.code_for_node(node)

    def fresh(self, base: str, taken: set[str] = frozenset()) -> str:
        name, n = base, 1
        while name in self.names or name in taken:
            n += 1
            name = f"{base}_{n}"
        return name


# -- node queries --------------------------------------------------------------------------------

def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


def dotted(node) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{dotted(node.value)}.{node.attr.value}"
    raise TypeError(f"not a dotted name: {type(node).__name__}")


def callee_name(func) -> str | None:
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return func.value if isinstance(func, cst.Name) else None


def literal_str(node) -> str | None:
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def int_pair(node) -> tuple[int, int] | None:
    if isinstance(node, cst.Tuple) and len(node.elements) == 2:
        values = [e.value for e in node.elements]
        if all(isinstance(v, cst.Integer) for v in values):
            return int(values[0].value, 0), int(values[1].value, 0)
    return None


def is_docstring(stmt) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(
        stmt.body[0], cst.Expr) and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))


def keyword_index(call: cst.Call, keyword: str) -> int | None:
    return next((i for i, a in enumerate(call.args) if a.keyword is not None and a.keyword.value == keyword), None)


def argument(call: cst.Call, keyword: str, position: int) -> cst.BaseExpression | None:
    """The argument given as `keyword=`, else the `position`-th positional one, or None."""
    idx = keyword_index(call, keyword)
    if idx is not None:
        return call.args[idx].value
    positional = [a for a in call.args if a.keyword is None and a.star == ""]
    return positional[position].value if len(positional) > position else None


def bind_args(call: cst.Call, params: tuple[str, ...]) -> dict | None:
    """The arguments of `call` by parameter name (positional ones by their place in `params`);
    None when one is starred, given twice, or beyond `params` by position."""
    out: dict = {}
    for i, arg in enumerate(call.args):
        key = arg.keyword.value if arg.keyword is not None else (params[i] if i < len(params) else None)
        if arg.star or key is None or key in out:
            return None
        out[key] = arg.value
    return out


def assigned_name(stmt, call) -> str | None:
    """`name` where `stmt` is exactly `name = call`."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1 \
                and isinstance(small.targets[0].target, cst.Name):
            return small.targets[0].target.value
    return None
