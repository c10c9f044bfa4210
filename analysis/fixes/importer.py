"""Names and imports: how a file can already write a qualified name at a place (through the
imports libcst's scope analysis sees there), the imports a fix adds when it cannot, and the
imports a fix makes unused.

A fix asks an `Importer` for a spelling (`jax`, `P`, `shard_map`); the importer answers with a
name the file binds there, else an attribute of a module the file imports, else a name it will
import; `with_imports` then puts the import edits in front of the fix's own."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import BuiltinScope, ClassScope, ImportAssignment

from .. import apis
from ..diagnostics import Edit
from .edits import insert_lines, replace_node
from .tree import SourceModule, dotted, is_docstring, walk

PSPEC = ("jax.sharding.PartitionSpec", "jax.P", "jax.sharding.P")


def bindings_at(mod: SourceModule, node) -> dict[str, str]:
    """local name -> qualified name, for the names imports bind where `node` is (innermost
    scope first; a name also assigned otherwise there, or imported as two things, is none)."""
    scope = mod.scopes.get(node)
    found: list[tuple[int, tuple[int, int], str, str]] = []
    seen: set[str] = set()
    depth = 0
    while scope is not None and not isinstance(scope, BuiltinScope):
        if depth == 0 or not isinstance(scope, ClassScope):  # a class body is not seen from its methods
            for name in sorted({a.name for a in scope.assignments} - seen):
                seen.add(name)
                qual = _imported_as(scope.assignments[name], name)
                if qual is not None and "." not in name:
                    found.append((depth, _where(mod, scope.assignments[name]), name, qual))
        scope = scope.parent
        depth += 1
    return {name: qual for _, _, name, qual in sorted(found)}


def api_name(mod: SourceModule, call: cst.Call) -> str | None:
    """The canonical name of the API a call's callee is bound to where it is written, else None."""
    try:
        head, *rest = dotted(call.func).split(".")
    except TypeError:
        return None
    bound = bindings_at(mod, call).get(head)
    return apis.canonical(".".join([bound, *rest])) if bound is not None else None


def _imported_as(assignments, name: str) -> str | None:
    quals = set()
    for a in assignments:
        if not isinstance(a, ImportAssignment) or a.get_module_name_for_import().startswith("."):
            return None
        quals |= {q.name for q in a.get_qualified_names_for(name)}
    return quals.pop() if len(quals) == 1 else None


def _where(mod: SourceModule, assignments) -> tuple[int, int]:
    starts = [mod.pos[a.node].start for a in assignments if a.node in mod.pos]
    first = min(((p.line, p.column) for p in starts), default=(0, 0))
    return first


def spell(mod: SourceModule, quals, at, via_module: bool = True) -> str | None:
    """How the file can already write one of the qualified names `quals` at `at`: a name bound
    to it; else, with `via_module`, an attribute of a bound module; else None."""
    quals = tuple(quals)
    bindings = bindings_at(mod, at)
    for local, bound in bindings.items():
        if bound in quals:
            return local
    if not via_module:
        return None
    for qual in quals:
        parts = qual.split(".")
        for i in range(len(parts) - 1, 0, -1):
            prefix = ".".join(parts[:i])
            for local, bound in bindings.items():
                if bound == prefix:
                    return ".".join([local] + parts[i:])
    return None


class Importer:
    """The names one fix writes at `at` and the imports they need."""

    def __init__(self, mod: SourceModule, at):
        self.mod = mod
        self.at = at
        self.imports: list[str] = []
        self._names: dict[str, str] = {}

    def name(self, quals: tuple[str, ...], module: str, attr: str, local: str) -> str:
        """A spelling of `module.attr` (any of `quals`): a name the file binds to it; else
        `local`, imported (`from module import attr as local`) when that name is free; else an
        attribute of a module the file imports; else a fresh alias, imported."""
        key = quals[0]
        if key not in self._names:
            spelled = spell(self.mod, quals, self.at, via_module=False)
            if spelled is None and local in self.mod.names:
                spelled = spell(self.mod, quals, self.at)
            if spelled is None:
                spelled = local if local not in self.mod.names else self.mod.fresh(local)
                self.imports.append(f"from {module} import {attr}" + (f" as {spelled}" if spelled != attr else ""))
            self._names[key] = spelled
        return self._names[key]

    def jax_attribute(self, qual: str) -> str:
        """`qual` (a name under `jax.`) as the file can write it (`Mesh`, `jax.sharding.Mesh`,
        `jx.sharding.Mesh`), else as an attribute of `jax`, imported."""
        return spell(self.mod, (qual,), self.at) or f"{self.jax()}.{qual.split('.', 1)[1]}"

    def jax(self) -> str:
        if "jax" not in self._names:
            local = next((n for n, bound in bindings_at(self.mod, self.at).items() if bound == "jax"), None)
            if local is None:
                local = "jax"
                self.imports.append("import jax")
            self._names["jax"] = local
        return self._names["jax"]

    def pspec(self) -> str:
        return self.name(PSPEC, "jax.sharding", "PartitionSpec", "P")

    def partial(self) -> str:
        return self.name(("functools.partial",), "functools", "partial", "partial")

    def shard_map(self, modern: bool) -> str:
        """`jax.shard_map` (`modern`), else the experimental one."""
        if modern:
            return spell(self.mod, ("jax.shard_map",), self.at) or f"{self.jax()}.shard_map"
        return self.name(("jax.experimental.shard_map.shard_map",), "jax.experimental.shard_map", "shard_map",
                         "shard_map")

    def with_imports(self, edits: list[Edit], anchor) -> tuple[Edit, ...]:
        """`edits`, sorted, with the imports after the last top-level import above `anchor`."""
        edits = list(edits)
        if self.imports:
            self.imports = _merged(self.imports)
            top_line = self.mod.start_of(self.mod.top_level_of(anchor))[0]
            lines = []
            for line in self.imports:
                extended = self._extended(line, top_line, edits)
                if extended is None:
                    lines.append(line)
                else:
                    edits.append(extended)
            if lines:
                ends = [e for e in import_ends(self.mod) if e < top_line]
                at = max(ends) + 1 if ends else _after_docstring(self.mod)
                # LSP: inserts at one position land in array order; imports go before a mesh
                edits.insert(0, insert_lines(self.mod, at, lines))
        return tuple(sorted(edits, key=lambda e: (e.line, e.column)))

    def _extended(self, line: str, top_line: int, edits: list[Edit]) -> Edit | None:
        """`from m import a` as an edit of the file's one-line `from m import b` above
        `top_line` that no other edit touches (`from m import b, a`); None where it has none."""
        if not line.startswith("from "):
            return None
        new = cst.parse_statement(line).body[0]
        module = dotted(new.module)
        for stmt in self.mod.module.body:
            if self.mod.pos[stmt].start.line >= top_line:
                break
            old = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if isinstance(old, cst.ImportFrom) and not old.relative and old.module is not None \
                    and dotted(old.module) == module and not isinstance(old.names, cst.ImportStar) \
                    and old.lpar is None and self.mod.pos[old].start.line == self.mod.pos[old].end.line \
                    and not any(e.line <= self.mod.pos[old].start.line <= e.end_line for e in edits):
                names = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in (*old.names, *new.names)]
                return replace_node(self.mod, old, self.mod.module.code_for_node(old.with_changes(names=names)))
        return None


def _merged(imports: list[str]) -> list[str]:
    """`from m import a` lines of one module merged into one (`from m import a, b`), in order."""
    names: dict[str, list[str]] = {}
    order: list[tuple[str, str]] = []  # ("from", module) or ("line", an import statement)
    for line in imports:
        module, sep, what = line.removeprefix("from ").partition(" import ")
        if not line.startswith("from ") or not sep:
            order.append(("line", line))
        elif module in names:
            names[module].append(what)
        else:
            names[module] = [what]
            order.append(("from", module))
    return [f"from {x} import {', '.join(names[x])}" if kind == "from" else x for kind, x in order]


def import_ends(mod: SourceModule) -> list[int]:
    """The last line of each top-level import statement (an `if`/`try` holding imports counts
    as one, to its end)."""
    ends: list[int] = []
    for stmt in mod.module.body:
        if _imports(stmt):
            ends.append(mod.pos[stmt].end.line)
        elif isinstance(stmt, (cst.If, cst.Try)) and any(_imports(s) for s in stmt.body.body):
            # `try: import x / except ImportError:` and `if TYPE_CHECKING:` bind names too
            ends.append(mod.pos[stmt].end.line)
    return ends


def _imports(stmt) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and any(
        isinstance(small, (cst.Import, cst.ImportFrom)) for small in stmt.body)


def _after_docstring(mod: SourceModule) -> int:
    body = mod.module.body
    if body and is_docstring(body[0]):
        return mod.pos[body[0]].end.line + 1
    return 1


def drop_imported(names: list[str], mod: SourceModule) -> list[Edit]:
    """Edits taking `names` (each used once, by the code the fix removes) out of the module's
    top-level `from ... import` statements."""
    uses = {n: 0 for n in names}
    for node in walk(mod.module):
        if isinstance(node, cst.Name) and node.value in uses and not isinstance(mod.parent.get(node), cst.ImportAlias):
            uses[node.value] += 1
    gone = {n for n, k in uses.items() if k == names.count(n)}
    edits = []
    for stmt in mod.module.body:
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                and isinstance(stmt.body[0], cst.ImportFrom) and not isinstance(stmt.body[0].names, cst.ImportStar)):
            continue
        imp = stmt.body[0]
        kept = [a for a in imp.names if a.asname is not None or dotted(a.name) not in gone]
        if len(kept) == len(imp.names):
            continue
        r = mod.pos[stmt]
        if not kept:
            edits.append(Edit(mod.path, r.start.line, 1, r.end.line + 1, 1, ""))
        else:
            new = imp.with_changes(names=[a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in kept])
            edits.append(replace_node(mod, imp, mod.module.code_for_node(new)))
    return edits
