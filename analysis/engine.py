"""Orchestrates the floors for a set of parsed files: prefilter → index → contexts (the
interpreter runs every entry point) → rules → diagnostics, reported in project files."""

from __future__ import annotations

import ast
import logging
import os
import re
from dataclasses import replace
from functools import partial
from pathlib import Path

from . import importscan, prefilter
from .config import Config
from .diagnostics import Diagnostic, Related, Severity
from .fixfacts import EveryCount
from .environment import _interpreter_info, analysis_python, framework_version, target_version
from .index import ModuleFinder, resolve_relative
from .interp import Interpreter
from .interp.calls import CALL_RUNS, ENTRY_RUNS, Budget
from .interp.frames import Context, Layer, Site
from .interp.values import ClassV, MeshV, join
from .jaxfacts import parse_version
from .resolve import JediResolver
from .rules import mosaic, protocol, scope, versions
from .rules.axisnames import logical_rules
from .rules.facts import Facts
from .verdicts import verdicts

log = logging.getLogger(__name__)
RULE_FAMILIES = (scope, mosaic, protocol, versions)


# The device counts a program that does not fix its own (a mesh over `jax.devices()`) is run
# again with, those of one accelerator host (GPU nodes, TPU hosts): an error it raises on every
# one of them is reported.
DEVICE_COUNTS = (4, 8)


def analyze(files: dict, config: Config, roots: list[Path], imported: frozenset = frozenset()) -> list[Diagnostic]:
    """The diagnostics of `files`. `imported`: the project files another one (not a test)
    imports, which run as the program's modules: their `if __name__ == "__main__":` blocks (a
    library's demo) are not the program's code."""
    sys_path, _ = _interpreter_info(analysis_python(config))
    finder = ModuleFinder(files, roots, list(sys_path))
    version = target_version(config)
    resolver = JediResolver(analysis_python(config), str(config.root))
    run = prefilter.relevant(files)
    entries = _entries(config, files, finder, run)
    flax = parse_version(framework_version(config) or "") or ()
    interp = Interpreter(finder, resolver, parse_version(version) or (), flax)
    interp.imported = imported
    # the entry points that asked how many devices there are, unknown then: judged on each count
    # even where a later entry lays the devices out (another script of the project, whose
    # layout says nothing of theirs)
    counted = []
    for entry in entries:
        interp.count_consulted = False
        _run_entry(interp, entry)
        if interp.count_consulted:
            counted.append(entry)
    out = _diagnose(interp, config, version, files, finder)
    if counted and not interp.distributed:
        out.extend(_on_every_count(counted, out, config, (version, flax), files, finder, resolver, imported))
    return out


def _entries(config: Config, files: dict, finder: ModuleFinder, run: set) -> list[tuple]:
    """(what, how an interpreter runs it) for each entry point, in order: the top level of every
    file worth running, the test functions of test files, the lowering targets."""
    out = []
    for path in sorted(run):
        mod = finder.module_for_path(path)
        if mod is not None and mod.tree is not None:
            out.append((f"module {mod.name}", lambda interp, mod=mod: interp.run_module(mod)))
    for path in sorted(run):
        name = os.path.basename(path)
        if name.startswith("test_") or name.endswith("_test.py"):
            mod = finder.module_for_path(path)
            for q in _test_functions(mod.tree):
                # a test runner's fixtures may enter a mesh the code does not show
                out.append((f"test {q} ({path})", lambda interp, mod=mod, q=q: interp.run_entry_function(
                    mod, q, Context().in_mode("mesh_maybe"), f"test {q}")))
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
        out.append((f"lowering target {function}", partial(_lowering_target, mod, qual, function, args_from)))
    return out


def _lowering_target(mod, qual: str, function: str, args_from, interp: Interpreter) -> None:
    site = interp.entry_site(mod, qual) or Site(mod.path, 1, 0, 1, 0, function)
    ctx = Context((Layer("jit", site, frozenset(), api="lowering target"),))
    interp.run_entry_function(mod, qual, ctx, f"lowering target {function}", args_from)


def _run_entry(interp: Interpreter, entry: tuple) -> None:
    what, run = entry
    interp.budget = budget = Budget()
    _guarded(what, run, interp)
    if budget.cut_calls:
        log.info("analysing %s: %s ran past %d function runs and %s cut there (what the rest reaches is checked)",
                 what, ", ".join(dict.fromkeys(f"{n}()" for n in budget.cut_calls)), CALL_RUNS,
                 "was" if len(budget.cut_calls) == 1 else "were")
    if budget.left <= 0:
        log.info("analysing %s stopped following calls after %d function runs", what, ENTRY_RUNS)


def _diagnose(interp: Interpreter, config: Config, version, files: dict, finder: ModuleFinder) -> list[Diagnostic]:
    """What the rules find in what the interpreter recorded, located in project files."""
    facts = Facts(
        events=list(interp.events.values()),
        kernel_events=interp.kernel_events,
        smap_checks=interp.smap_checks,
        jit_outputs={site: join(values) for site, values in interp.jit_outputs.items()},
        jit_smaps=interp.jit_smaps,
        jit_pmaps=interp.jit_pmaps,
        jit_calls=interp.jit_calls,
        config=config,
        jax_version=version,
        files=files,
        meshes=_module_meshes(interp, finder, files),
        logical_rules=logical_rules(v for path, act in interp.modules.items()
                                    if path in files and not act.lazy for v in act.env.values()),
        flax_version=interp.flax_version,
        decided_ifs=interp.decided_ifs,
    )
    out = []
    for fam in RULE_FAMILIES:
        found = _guarded(f"the {fam.__name__.rsplit('.', 1)[-1]} rules", fam.check, facts)
        out.extend(found or ())
    # Diagnostics in an installed library's code move into the project first: two programs that
    # reach the same library line are two places, each judged on its own paths.
    moved, contexts = [], {}
    for d in out:
        m = _into_project(d, files)
        if m is not None:
            moved.append(m)
            contexts[id(m)] = facts.contexts.get(id(d), (None, None))
    return verdicts(moved, contexts)


def _on_every_count(entries: list, found: list[Diagnostic], config: Config, versions: tuple, files: dict,
                    finder: ModuleFinder, resolver, imported: frozenset) -> list[Diagnostic]:
    """The errors the entry points that take their device count from the machine raise with
    each of DEVICE_COUNTS devices, where the analysis with the count unknown found none there.
    A fix is kept only where it is the same for every count (facts that differ by the count go
    together, and only the fixes all of them write alike are offered). Where every count fails,
    each at places of its own (an off-by-one perm on 4 devices, uneven layers on 8), each
    count's errors are reported, with no fix. The counts after one that adds no error are not
    run. `versions`: the target JAX version (text) and Flax's (a tuple)."""
    version, flax = versions
    known = {_place(d) for d in found}
    runs = []
    for n in DEVICE_COUNTS:
        interp = Interpreter(finder, resolver, parse_version(version) or (), flax)
        interp.assumed_devices = n
        interp.imported = imported
        for entry in entries:
            _run_entry(interp, entry)
        runs.append({place: d for d in _diagnose(interp, config, version, files, finder)
                     if d.severity == Severity.ERROR and (place := _place(d)) not in known})
        if not runs[-1]:
            return []
    common = set.intersection(*(set(r) for r in runs))
    if not common:
        return [replace(d, message=f"{d.message} (The program takes its device count from the machine: this holds "
                                   f"on {n} devices; on {_other_counts(n)} it fails elsewhere.)",
                        fix=None, fix_facts=())
                for n, r in zip(DEVICE_COUNTS, runs) for _, d in sorted(r.items())]
    counts = " and ".join(map(str, DEVICE_COUNTS))
    out = []
    for place in sorted(common):
        d = runs[0][place]
        same_fix = all(r[place].fix == d.fix for r in runs[1:])
        facts = d.fix_facts
        if any(r[place].fix_facts != facts for r in runs[1:]):
            facts = (EveryCount(tuple(r[place].fix_facts for r in runs)),)
        out.append(replace(d, message=f"{d.message} (The program takes its device count from the machine; this "
                                      f"holds on {counts} devices alike.)",
                           fix=d.fix if same_fix else None, fix_facts=facts))
    return out


def _other_counts(n: int) -> str:
    return " and ".join(str(m) for m in DEVICE_COUNTS if m != n)


def _place(d: Diagnostic) -> tuple:
    return (d.path, d.line, d.column, d.code)


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
        if not path.endswith(".py") or "run" not in sf.text or sf.tree is None:
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
    """Meshes bound to module-level names of project files, or to attributes of their classes
    (`Pipeline.mesh`): a wrap fix reuses them."""
    out: dict = {}
    for path in files:
        mod = finder.by_path.get(path)
        act = interp.modules.get(path) if mod is not None else None
        if act is None or act.lazy:
            continue
        for name, v in act.env.items():
            if isinstance(v, MeshV):
                out.setdefault(path, []).append((name, v))
            elif isinstance(v, ClassV) and v.scope.module.path == path:
                out.setdefault(path, []).extend((f"{name}.{attr}", m) for attr, m in v.ns.items()
                                                if isinstance(m, MeshV))
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


def _imported_names(scanned: tuple, module_name: str, is_package: bool) -> list[tuple[str, ...]]:
    """Module names each import statement of a file may refer to."""
    out = []
    for level, module, names in scanned:
        if level < 0:
            out.append(names)
            continue
        base = resolve_relative(_From(level, module or None), module_name, is_package)
        if base:
            out.append((base, *(f"{base}.{n}" for n in names)))
    return out


class _From:
    """What `resolve_relative` reads of an `ast.ImportFrom`."""

    __slots__ = ("level", "module")

    def __init__(self, level: int, module: str | None):
        self.level = level
        self.module = module


_ATTR = re.compile(r"\.\s*(\w+)")


class Imports:
    """Resolves the import statements of files to the project files they may read, for one
    layout (the files and roots it was built for; reuse it while those stay the same). A
    superset: every import statement (as the interpreter resolves it), and the submodules of an
    imported package that the file names as attributes (`import pkg` then `pkg.sub.f()` reaches
    pkg/sub.py, which no statement imports)."""

    def __init__(self, files: dict, roots: list[Path]):
        self.layout = (frozenset(files), tuple(roots))
        self._files = files
        self._roots = roots
        self._finder: ModuleFinder | None = None  # built on first use: costly on a big project
        self._subs: dict[str, list[tuple[str, str]]] = {}  # folder -> [(module name, file)]
        self._resolved: dict[tuple[str, str], str | None] = {}  # (name, importing folder) -> file
        # Every dotted tail of a file's path ("c.d" for /a/b/c/d.py): a name resolves to a file
        # only if it is one (the finder joins the name's parts onto a folder), so the others
        # are never looked up.
        self._tails: set[str] = set()

    def deps(self, path: str, sf) -> set[str]:
        if self._finder is None:
            self._finder = ModuleFinder(self._files, self._roots, [])
            for p in self._files:
                d, fn = os.path.split(p)
                if fn == "__init__.py":
                    d, name = os.path.split(d)
                else:
                    name = fn[:-3]
                self._subs.setdefault(d, []).append((name, p))
                parts = [*d.split(os.sep), name]
                self._tails.update(".".join(parts[i:]) for i in range(1, len(parts)))
        deps: set[str] = set()
        mod = self._finder.module_for_path(path)
        if mod is None:
            return deps
        here = os.path.dirname(path)
        for names in _imported_names(importscan.imports_of(sf), mod.name, mod.is_package):
            for n in names:
                if n not in self._tails:
                    continue
                key = (n, here)
                if key not in self._resolved:
                    m = self._finder.find(n, mod)
                    self._resolved[key] = m.path if m is not None and m.in_project else None
                found = self._resolved[key]
                if found is not None and found != path:
                    deps.add(found)
        packages = [d for d in deps if d.endswith("__init__.py")]
        if packages:
            attrs = set(_ATTR.findall(sf.text))
            while packages:
                for name, sub in self._subs.get(os.path.dirname(packages.pop()), ()):
                    if name in attrs and sub not in deps and sub != path:
                        deps.add(sub)
                        if sub.endswith("__init__.py"):
                            packages.append(sub)
        return deps


def import_graph(files: dict, roots: list[Path], only=None, imports: Imports | None = None) -> dict[str, set[str]]:
    """file -> project files it may read through imports (for re-checking dependants), for
    every file or those in `only`; `imports` (built for these files and roots) is reused."""
    imports = imports or Imports(files, roots)
    return {path: imports.deps(path, files[path]) for path in (files if only is None else only)}
