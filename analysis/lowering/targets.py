"""Static facts about lowering targets, without importing the project or JAX: where a target's
module and `def` are, which project files it imports (to know which saves affect it), and which
pyproject.toml line configured each lowering key (configuration problems are reported there)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from ..config import Config, Target
from ..source import DecodeError, read_file

_HEADER_RE = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")
_KEY_RE = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")


def module_file(root: Path, module: str) -> Path | None:
    """The file of a dotted module under `root` (a module or a package's __init__)."""
    base = Path(root).joinpath(*module.split("."))
    for cand in (base.with_suffix(".py"), base / "__init__.py"):
        if cand.is_file():
            return cand.resolve()
    return None


def _parse(path: Path) -> ast.Module | None:
    try:
        return read_file(path, str(path)).tree
    except (DecodeError, OSError):
        return None


@dataclass(frozen=True)
class Definition:
    file: Path
    line: int  # the `def` (or assignment) line, 1-based
    column: int  # 1-based column of the name
    end_line: int  # last line of the definition


def definition(root: Path, target: Target) -> Definition | None:
    """Where `module:qualname` is defined: a `def`/`class` (through nested classes), or the
    assignment that binds it (`step = jax.jit(_step)`)."""
    module, _, qualname = target.function.partition(":")
    path = module_file(root, module)
    if path is None:
        return None
    tree = _parse(path)
    if tree is None:
        return None
    body, node = tree.body, None
    for part in qualname.split("."):
        node = _find(body, part)
        if node is None:
            return None
        body = getattr(node, "body", [])
    col = node.col_offset + 1
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        col += len("async def " if isinstance(node, ast.AsyncFunctionDef) else
                   "class " if isinstance(node, ast.ClassDef) else "def ")
    return Definition(path, node.lineno, col, node.end_lineno or node.lineno)


def _find(body: list, name: str):
    found = None
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            found = node
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            found = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            found = node
    return found


def import_closure(root: Path, module: str) -> set[Path]:
    """Project files that `module` imports, transitively, itself included."""
    root = Path(root).resolve()
    start = module_file(root, module)
    if start is None:
        return set()
    seen: set[Path] = set()
    todo = [(start, module)]
    while todo:
        path, name = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        tree = _parse(path)
        if tree is None:
            continue
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for dep in _imported_modules(tree, package):
            parts = dep.split(".")
            for i in range(1, len(parts) + 1):  # a package's __init__ runs too
                sub = ".".join(parts[:i])
                f = module_file(root, sub)
                if f is not None and f not in seen:
                    todo.append((f, sub))
    return seen


def _imported_modules(tree: ast.Module, package: str) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod:
                out.append(mod)
                out.extend(f"{mod}.{a.name}" for a in node.names)
    return out


@dataclass(frozen=True)
class KeyLines:
    """1-based pyproject.toml lines of the lowering keys (0 when absent)."""
    file: Path
    text: list[str]
    lowering: int = 0  # the [tool.shardlint.lowering] header
    python: int = 0  # lowering.python, else tool.shardlint.python
    launcher: int = 0
    functions: tuple[int, ...] = ()
    args: tuple[int, ...] = ()

    def span(self, line: int) -> tuple[int, int, int, int]:
        """(line, column, end_line, end_column) covering the text of `line`."""
        line = line or self.lowering or 1
        text = self.text[line - 1] if 0 < line <= len(self.text) else ""
        start = len(text) - len(text.lstrip())
        return line, start + 1, line, max(len(text.rstrip()), start + 1) + 1


def key_lines(config: Config) -> KeyLines:
    file = Path(config.config_file) if config.config_file else Path(config.root) / "pyproject.toml"
    try:
        text = file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        text = []
    table, lowering, python_low, python_top, launcher = "", 0, 0, 0, 0
    for i, raw in enumerate(text, 1):
        h = _HEADER_RE.match(raw)
        if h and raw.lstrip().startswith("["):
            table = h.group(1).replace('"', "").replace("'", "").replace(" ", "")
            if table == "tool.shardlint.lowering" and not lowering:
                lowering = i
            continue
        k = _KEY_RE.match(raw)
        if not k:
            continue
        key = k.group(1)
        if table == "tool.shardlint.lowering" and key == "python" and not python_low:
            python_low = i
        elif table == "tool.shardlint" and key == "python" and not python_top:
            python_top = i
        elif table == "tool.shardlint.lowering" and key == "launcher" and not launcher:
            launcher = i
    functions, args = [], []
    for t in config.lowering.targets:
        fl = t.line or _line_with(text, t.function, 0)  # 0: not in pyproject.toml (a target by convention)
        functions.append(fl)
        args.append(_line_with(text, t.args, fl) if t.args else fl)
    python = python_low or (python_top if not config.lowering.python else 0)
    return KeyLines(file, text, lowering, python or lowering, launcher or lowering, tuple(functions), tuple(args))


def _line_with(text: list[str], needle: str, start: int) -> int:
    for quote in ('"', "'"):
        for i in range(max(start, 1), len(text) + 1):
            if f"{quote}{needle}{quote}" in text[i - 1]:
                return i
    return start
