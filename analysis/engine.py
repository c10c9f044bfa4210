"""Orchestrates the floors for a set of parsed files: prefilter → index → contexts (the
interpreter runs every entry point) → rules → diagnostics, reported in project files."""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import json
import logging
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from . import prefilter
from .config import Config
from .diagnostics import Diagnostic, Related
from .index import ModuleFinder, resolve_relative
from .interp import Interpreter
from .interp.frames import Context, Layer, Site
from .interp.values import MeshV
from .jaxfacts import NEWEST_KNOWN, parse_version
from .resolve import JediResolver
from .rules import mosaic, protocol, scope, versions
from .rules.facts import Facts
from .verdicts import verdicts


def _code_fingerprint() -> str:
    """A digest of the analysis code itself: diagnostics cached by another shardlint (whose
    rules or fix facts differ) are never reused."""
    h = hashlib.sha256()
    for path in sorted(Path(__file__).resolve().parent.rglob("*.py")):
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


ENGINE_VERSION = _code_fingerprint()
log = logging.getLogger(__name__)
RULE_FAMILIES = (scope, mosaic, protocol, versions)


_VERSION_RE = r"^_version\s*(?::\s*str)?\s*=\s*[\"']([0-9.]+)"

# Run in the analysis interpreter: its import path and its jax version, without importing jax.
_PROBE = (
    "import sys\n"
    "del sys.path[0]\n"  # `-c` puts the working folder first: never import the project's modules
    "import json, os, re, importlib.util as u\n"
    "s = u.find_spec('jax')\n"
    "v = None\n"
    "if s and s.origin:\n"
    "    try:\n"
    "        m = re.search(%r, open(os.path.join(os.path.dirname(s.origin), 'version.py')).read(), re.M)\n"
    "        v = m.group(1) if m else None\n"
    "    except OSError:\n"
    "        pass\n"
    "print(json.dumps([sys.path, v]))\n"
) % _VERSION_RE


def _local_jax_version() -> str | None:
    spec = importlib.util.find_spec("jax")
    if spec is None or not spec.origin:
        return None
    try:
        text = Path(spec.origin).with_name("version.py").read_text()
    except OSError:
        return None
    m = re.search(_VERSION_RE, text, re.M)
    return m.group(1) if m else None


@functools.lru_cache(maxsize=8)
def _interpreter_info(python: str | None) -> tuple[tuple[str, ...], str | None]:
    """(import path, jax version) of the analysis interpreter, without importing jax there."""
    if python and os.path.abspath(python) != os.path.abspath(sys.executable):
        try:
            out = subprocess.run([python, "-c", _PROBE], capture_output=True, text=True, timeout=20,
                                 cwd=os.path.dirname(os.path.abspath(python)))
            paths, ver = json.loads(out.stdout)
            return tuple(p for p in paths if p), ver
        except (OSError, ValueError, subprocess.SubprocessError):
            return (), None
    paths = tuple(p for p in sys.path if "site-packages" in p or p.endswith("dist-packages"))
    return paths, _local_jax_version()


def analysis_python(config: Config) -> str | None:
    if config.python:
        p = Path(config.python)
        if not p.is_absolute():
            p = Path(config.root) / p
        return str(p)
    venv = os.environ.get("VIRTUAL_ENV")
    if venv:
        cand = Path(venv) / "bin" / "python"
        if cand.exists():
            return str(cand)
    return None


def target_version(config: Config) -> str:
    if config.jax_version:
        return config.jax_version
    _, ver = _interpreter_info(analysis_python(config))
    return ver or NEWEST_KNOWN


def environment_fingerprint(config: Config) -> str:
    return f"{analysis_python(config)}|{target_version(config)}"


def analyze(files: dict, config: Config, roots: list[Path]) -> list[Diagnostic]:
    sys_path, _ = _interpreter_info(analysis_python(config))
    finder = ModuleFinder(files, roots, list(sys_path))
    version = target_version(config)
    resolver = JediResolver(analysis_python(config), str(config.root))
    interp = Interpreter(finder, resolver, parse_version(version) or ())
    run = prefilter.relevant(files)
    for path in sorted(run):
        mod = finder.module_for_path(path)
        if mod is not None and mod.tree is not None:
            _guarded(f"module {mod.name}", interp.run_module, mod)
    for path in sorted(run):
        name = os.path.basename(path)
        if name.startswith("test_") or name.endswith("_test.py"):
            mod = finder.module_for_path(path)
            for q in _test_functions(mod.tree):
                # a test runner's fixtures may enter a mesh the code does not show
                _guarded(f"test {q} ({path})", interp.run_entry_function, mod, q, Context().in_mode("mesh_maybe"),
                         f"test {q}")
    for path, function, args in lowering_targets(config, files, finder, run):
        modname, _, qual = function.partition(":")
        mod = finder.module_for_path(path) if path else finder.find(modname)
        if mod is None or not mod.in_project:
            continue
        args_from = None
        if args:
            amodname, _, attr = args.partition(":")
            amod = mod if amodname == modname else finder.find(amodname)
            if amod is not None:
                args_from = (amod, attr)
        site = interp.entry_site(mod, qual) or Site(mod.path, 1, 0, 1, 0, function)
        ctx = Context((Layer("jit", site, frozenset(), api="lowering target"),))
        _guarded(f"lowering target {function}", interp.run_entry_function, mod, qual, ctx,
                 f"lowering target {function}", args_from)
    facts = Facts(
        events=list(interp.events.values()),
        kernel_events=interp.kernel_events,
        smap_checks=interp.smap_checks,
        config=config,
        jax_version=version,
        files=files,
        meshes=_module_meshes(interp, finder, files),
    )
    out = []
    for fam in RULE_FAMILIES:
        found = _guarded(f"the {fam.__name__.rsplit('.', 1)[-1]} rules", fam.check, facts)
        out.extend(found or ())
    out = verdicts(out, facts.contexts)
    return [d for d in (_into_project(d, files) for d in out) if d is not None]


def _guarded(what: str, fn, *args):
    """Run one entry point (or rule family); an internal error in it is logged with where it
    happened, and everything else is still checked."""
    try:
        return fn(*args)
    except Exception as e:  # a bug of the engine's must not cost the other entry points their diagnostics
        where = getattr(e, "shardlint_site", None)
        at = f" at {where[0]}:{where[1]}" if where else ""
        log.warning("internal error while analysing %s%s: %s: %s (the rest of the project is still checked)",
                    what, at, type(e).__name__, e)
        log.debug("internal error", exc_info=True)
        return None


CONVENTIONAL_ARGS = ("ARGS", "EXAMPLE_ARGS", "example_args")


def lowering_targets(config: Config, files: dict, finder: ModuleFinder, run: set) -> list[tuple]:
    """(file or None, function, args) of the configured lowering targets; without any, the
    conventional ones (their file known: module names may repeat across script folders)."""
    if config.lowering.targets:
        return [(None, t.function, t.args) for t in config.lowering.targets]
    return conventional_targets({p: files[p] for p in run}, finder)


def conventional_targets(files: dict, finder: ModuleFinder) -> list[tuple[str, str, str]]:
    """A module that defines both a top-level `run` function and example arguments (`ARGS`,
    `EXAMPLE_ARGS` or `example_args`) is a lowering target `module:run` with `module:ARGS`,
    for `shardlint lower` and for the static check alike, when none are configured.
    Returns (file, function, args)."""
    out = []
    for path in sorted(files):
        sf = files[path]
        if sf.tree is None or not path.endswith(".py"):
            continue  # only a module can be imported and lowered (a notebook's top level runs)
        defs = {st.name for st in sf.tree.body if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef))}
        if "run" not in defs:
            continue
        names = _top_level_names(sf.tree)
        args = next((a for a in CONVENTIONAL_ARGS if a in names), None)
        if args is None:
            continue
        mod = finder.module_for_path(path)
        out.append((path, f"{mod.name}:run", f"{mod.name}:{args}"))
    return out


def _top_level_names(tree) -> set:
    names = set()
    for st in tree.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(st.name)
        elif isinstance(st, ast.Assign):
            names.update(t.id for t in st.targets if isinstance(t, ast.Name))
        elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
            names.add(st.target.id)
    return names


def _test_functions(tree) -> list[str]:
    out = []
    for st in tree.body if tree is not None else ():
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name.startswith("test"):
            out.append(st.name)
        elif isinstance(st, ast.ClassDef) and st.name.startswith("Test"):
            for m in st.body:
                if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name.startswith("test"):
                    out.append(f"{st.name}.{m.name}")
    return out


def _module_meshes(interp: Interpreter, finder: ModuleFinder, files: dict) -> dict:
    """Meshes bound to module-level names of project files (a wrap fix reuses them)."""
    out: dict = {}
    for path in files:
        mod = finder.by_path.get(path)
        act = interp.modules.get(path) if mod is not None else None
        if act is None or act.lazy:
            continue
        for name, v in act.env.items():
            if isinstance(v, MeshV):
                out.setdefault(path, []).append((name, v))
    return out


def _into_project(d: Diagnostic, files: dict) -> Diagnostic | None:
    """Diagnostics inside code outside the project (an installed library) move to the last
    project frame of the call path that reaches them: the line the user can change. Fix facts
    with a place outside the project go: a fix never edits an installed library."""
    kept = tuple(f for f in d.fix_facts if all(s.path in files for s in f.sites()))
    if len(kept) != len(d.fix_facts):
        d = replace(d, fix_facts=kept)
    if d.path in files:
        return d
    for r in reversed(d.related):
        if r.path in files and not r.message.endswith("applied here"):
            msg = f"{d.message} (in {d.path}:{d.line}, reached through this call)"
            sf = files[r.path]
            text = sf.line_text(r.line)
            end = len(text) + 1
            return replace(d, path=r.path, line=r.line, column=r.column, end_line=r.line, end_column=end,
                           message=msg, related=d.related + (Related(d.path, d.line, d.column, "library code"),))
    return None


@functools.lru_cache(maxsize=4096)
def _imported_names(digest: str, module_name: str, is_package: bool, tree) -> tuple:
    """Module names each import statement of a file may refer to (cached by content)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.append(tuple(a.name for a in node.names))
        elif isinstance(node, ast.ImportFrom):
            base = resolve_relative(node, module_name, is_package)
            if base:
                out.append((base, *(f"{base}.{a.name}" for a in node.names)))
    return tuple(out)


def import_graph(files: dict, config: Config, roots: list[Path]) -> dict[str, set[str]]:
    """file -> project files it imports (for re-checking dependants in the server)."""
    finder = ModuleFinder(files, roots, [])
    out: dict[str, set[str]] = {}
    for path, sf in files.items():
        deps: set[str] = set()
        mod = finder.module_for_path(path)
        if sf.tree is None or mod is None:
            out[path] = deps
            continue
        for names in _imported_names(sf.digest, mod.name, mod.is_package, sf.tree):
            for n in names:
                m = finder.find(n, mod)
                if m is not None and m.in_project and m.path != path:
                    deps.add(m.path)
        out[path] = deps
    return out
