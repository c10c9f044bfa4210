"""The one entry of the engine: paths (or in-memory buffers) in, diagnostics out.

`check()` serves the CLI (`plan()` splits its paths into projects, each with its own config);
`Project` serves the language server (open buffers override disk, files are re-read only when
their content hash changes)."""

from __future__ import annotations

import contextlib
import gc
import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Sequence

import pathspec

from . import engine, notebook, suppressions
from .config import CONFIG_NAMES, DEFAULT_INCLUDE, Config, exclude_spec, find_config, include_spec
from .diagnostics import Diagnostic
from .rules import RULES
from .source import DecodeError, SourceFile, digest, parse_text, read_file

CACHE_DIR = ".shardlint_cache"
CACHE_VERSION = "1"
# `.ipynb_checkpoints` holds Jupyter's autosaved copies of notebooks, `.virtual_documents`
# jupyterlab-lsp's copies of their code.
_SKIP_DIRS = {".git", ".hg", ".svn", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache",
              ".tox", ".nox", ".venv", "venv", "node_modules", CACHE_DIR, ".eggs", "site-packages",
              ".ipynb_checkpoints", ".virtual_documents"}


@dataclass
class CheckResult:
    diagnostics: list[Diagnostic]
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    files: int = 0
    shown: dict[str, str] = field(default_factory=dict)  # absolute path -> path as shown
    # path as shown -> the program of each notebook checked (its cells, for positions)
    programs: dict[str, notebook.Program] = field(default_factory=dict)


def discover(paths: Sequence[str | Path], config: Config, *, force_exclude: bool = False,
             split_projects: bool = False) -> list[tuple[Path, str]]:
    """(absolute path, path as shown) of every file under `paths` that `include` matches (Python
    files and notebooks), leaving out what
    `exclude` matches and what git ignores (unless `respect-gitignore = false`); with
    `split_projects`, also the folders that are projects of their own (another config governs
    them). A file named explicitly is kept unless `force_exclude`."""
    out: dict[Path, str] = {}
    ignores = _GitIgnores() if config.respect_gitignore else None
    own = find_config(Path(config.root)) if split_projects else None
    for given in paths:
        p = Path(given)
        if p.is_file():
            if not force_exclude or not _excluded(p, config, ignores=ignores):
                out.setdefault(p.resolve(), str(given))
            continue
        for dirpath, dirnames, filenames in os.walk(p):
            dirnames[:] = sorted(
                d for d in dirnames
                if d not in _SKIP_DIRS and not d.endswith(".egg-info")
                and not _excluded(Path(dirpath, d), config, is_dir=True, ignores=ignores)
                and not (split_projects and _other_project(Path(dirpath, d), own))
            )
            for fn in sorted(filenames):
                full = Path(dirpath, fn)
                if _included(full, config) and not _excluded(full, config, ignores=ignores):
                    shown = os.path.normpath(os.path.join(str(given), os.path.relpath(full, p)))
                    out.setdefault(full.resolve(), shown)
    return list(out.items())


DEFAULT_INCLUDE_SUFFIXES = tuple(p.lstrip("*") for p in DEFAULT_INCLUDE)


def _included(path: Path, config: Config) -> bool:
    if config.include == DEFAULT_INCLUDE:
        return path.name.endswith(DEFAULT_INCLUDE_SUFFIXES)
    try:
        rel = path.resolve().relative_to(Path(config.root).resolve()).as_posix()
    except ValueError:
        rel = path.name
    return include_spec(config).match_file(rel)


def _other_project(folder: Path, own: Path | None) -> bool:
    """A folder under a project that is a project of its own: its files are governed by
    another config (or it is another repository)."""
    if not any((folder / n).exists() for n in (*CONFIG_NAMES, ".git")):
        return False
    return find_config(folder) != own or (folder / ".git").exists()


def _excluded(path: Path, config: Config, is_dir: bool = False, ignores: "_GitIgnores | None" = None) -> bool:
    spec = exclude_spec(config)
    if spec is not None:
        try:
            rel = path.resolve().relative_to(Path(config.root).resolve()).as_posix()
        except ValueError:
            rel = path.as_posix()
        if spec.match_file(rel + "/" if is_dir else rel):
            return True
    return ignores is not None and ignores.ignored(path, is_dir)


class _GitIgnores:
    """What git ignores: the `.gitignore` files from the repository root down to a path (a
    deeper file overrides a shallower one), then `.git/info/exclude`. Outside a repository
    nothing is ignored, as git does."""

    def __init__(self):
        # folder -> (base folder, patterns) in force inside it, deepest first; None: no repository
        self._rules: dict[Path, tuple[tuple[Path, pathspec.PathSpec], ...] | None] = {}

    def _for(self, folder: Path):
        if folder in self._rules:
            return self._rules[folder]
        if (folder / ".git").exists():
            rules = self._read(folder, folder / ".git" / "info" / "exclude")
        elif folder.parent == folder:
            rules = None
        else:
            rules = self._for(folder.parent)
        if rules is not None:
            rules = self._read(folder, folder / ".gitignore") + rules
        self._rules[folder] = rules
        return rules

    @staticmethod
    def _read(base: Path, file: Path) -> tuple[tuple[Path, pathspec.PathSpec], ...]:
        if not file.is_file():
            return ()
        try:
            lines = file.read_text(encoding="utf-8", errors="replace").splitlines()
            return ((base, pathspec.GitIgnoreSpec.from_lines(lines)),)
        except (OSError, ValueError, TypeError):
            return ()  # an unreadable or broken ignore file ignores nothing

    def ignored(self, path: Path, is_dir: bool) -> bool:
        path = path.resolve()
        for base, spec in self._for(path.parent) or ():
            res = spec.check_file(path.relative_to(base).as_posix() + ("/" if is_dir else ""))
            if res.include is not None:
                return res.include
        return False


def postprocess(diags: Iterable[Diagnostic], files: dict, config: Config) -> list[Diagnostic]:
    """Apply select/ignore, per-file-ignores, severity overrides and suppression comments;
    report the suppressions that suppress nothing (SHL301); sort; dedupe. A suppression that
    matches a diagnostic of a rule the config turns off still counts as used: it is right
    under another config."""
    out = {}
    usage: dict[str, suppressions.Usage] = {}
    for d in diags:
        sf = files.get(d.path)
        if sf is not None:
            if d.path not in usage:
                usage[d.path] = suppressions.Usage(suppressions.of(sf))
            hidden = usage[d.path].suppresses(d.code, d.line)
        else:
            hidden = False
        if hidden or not config.enabled_in(d.code, d.path):
            continue
        rule = RULES.get(d.code)
        if rule is not None:
            d = replace(d, severity=config.severity_of(d.code, d.severity))
        # One diagnostic per call and rule, whatever number of contexts reach it.
        out.setdefault((d.path, d.line, d.column, d.code), d)
    code = suppressions.UNUSED_SUPPRESSION.code
    for path, sf in files.items():
        if sf.tree is None or not config.enabled_in(code, path):
            continue  # a file that does not parse has no verdicts: its suppressions wait
        use = usage.get(path) or suppressions.Usage(suppressions.of(sf))
        for d in use.unused(sf):
            d = replace(d, severity=config.severity_of(d.code, d.severity))
            out.setdefault((d.path, d.line, d.column, d.code), d)
    return sorted(out.values(), key=Diagnostic.sort_key)


def parse_error(sf: SourceFile) -> Diagnostic:
    line, col, msg = sf.syntax_error
    rule = RULES["SHL000"]
    return Diagnostic(sf.path, line, col, line, col + 1, rule.code, rule.name, rule.severity,
                      f"SyntaxError: {msg}. JAX never sees this module: importing it raises "
                      f"SyntaxError. The rest of the project is still checked.")


def analyze_sources(files: dict[str, SourceFile], config: Config, roots: list[Path]) -> list[Diagnostic]:
    """Diagnostics for parsed files keyed by absolute path string (the engine reports them so)."""
    diags = [parse_error(sf) for sf in files.values() if sf.syntax_error]
    diags.extend(d for sf in files.values() for d in notebook.syntax_errors(sf))
    diags.extend(engine.analyze(files, config, roots))
    return postprocess(diags, files, config)


def _cache_key(files: dict[str, SourceFile], config: Config) -> str:
    h = "|".join(f"{p}:{sf.digest}" for p, sf in sorted(files.items()))
    return digest(f"{CACHE_VERSION}|{engine.ENGINE_VERSION}|{config.fingerprint()}|"
                  f"{engine.environment_fingerprint(config)}|{h}".encode())


def _cache_dir(config: Config) -> Path:
    return Path(config.root) / CACHE_DIR


def _cache_load(config: Config, key: str) -> list[dict] | None:
    try:
        return json.loads((_cache_dir(config) / f"{key}.json").read_text())
    except (OSError, ValueError):
        return None


def _cache_store(config: Config, key: str, diags: list[Diagnostic]) -> None:
    d = _cache_dir(config)
    try:
        d.mkdir(exist_ok=True)
        gi = d / ".gitignore"
        if not gi.exists():
            gi.write_text("# Created by shardlint.\n*\n")
        for old in d.glob("*.json"):
            old.unlink()
        tmp = d / f"{key}.tmp"
        tmp.write_text(json.dumps([x.to_state() for x in diags]))
        tmp.replace(d / f"{key}.json")
    except OSError:
        pass  # a read-only tree just runs uncached


def _read(full: Path, key: str) -> SourceFile:
    """A file of the project; raises OSError, DecodeError or NotebookError."""
    if notebook.is_notebook(full):
        return notebook.read(full, key)
    return read_file(full, key)


def _parse_overlay(key: str, value) -> SourceFile:
    """An open buffer: Python text, or a notebook (its editor's cells, or its JSON text)."""
    if notebook.is_notebook(key):
        return notebook.load(key, value)
    return parse_text(key, value)


def load_files(found: list[tuple[Path, str]], overlays: dict | None = None):
    files: dict[str, SourceFile] = {}
    shown: dict[str, str] = {}
    skipped: list[tuple[str, str]] = []
    for full, as_shown in found:
        key = str(full)
        try:
            if overlays and full in overlays:
                files[key] = _parse_overlay(key, overlays[full])
            else:
                files[key] = _read(full, key)
            shown[key] = as_shown
        except (DecodeError, notebook.NotebookError) as e:
            skipped.append((as_shown, str(e)))
        except OSError as e:
            skipped.append((as_shown, e.strerror or str(e)))
    return files, shown, skipped


@contextlib.contextmanager
def _no_gc():
    """Parsing keeps every tree alive: the cyclic collector would re-walk them all after each
    file (quadratic). Nothing built here is cyclic garbage worth collecting mid-run."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def check(paths: Sequence[str | Path], config: Config, *, use_cache: bool = True,
          overlays: dict[Path, str] | None = None, project: Path | None = None,
          force_exclude: bool = False, split_projects: bool = False) -> CheckResult:
    """Check `paths` (files or folders). Diagnostics carry paths as given (relative stays
    relative). `force_exclude` and `split_projects`: see `discover`.

    With `project` (the folder of `config`), the whole project is analysed and only the
    diagnostics located in `paths`, or whose call path passes through them, are reported: a
    changed file's verdict needs the entry points that reach it, wherever they are."""
    with _no_gc():
        return _check(paths, config, use_cache=use_cache, overlays=overlays, project=project,
                      force_exclude=force_exclude, split_projects=split_projects)


def _check(paths, config: Config, *, use_cache: bool, overlays, project, force_exclude,
           split_projects) -> CheckResult:
    found = discover(paths, config, force_exclude=force_exclude, split_projects=split_projects)
    # A buffer with no file behind it yet (standard input named by --stdin-filename).
    found += [(p, os.path.relpath(p)) for p in (overlays or {}) if not p.exists() and p not in dict(found)]
    report = None
    if project is not None:
        report = {str(full) for full, _ in found}
        as_given = any(Path(p).is_absolute() for p in paths)
        found = _merge(found, discover([project if as_given else os.path.relpath(project)], config,
                                       split_projects=split_projects))
        roots = [Path(project).resolve()]
    else:
        roots = sorted({Path(config.root)} | {Path(p).resolve() if Path(p).is_dir() else Path(p).resolve().parent
                                              for p in paths})
    files, shown, skipped = load_files(found, overlays)
    key = _cache_key(files, config) if use_cache else None
    diags = None
    if key is not None:
        cached = _cache_load(config, key)
        if cached is not None:
            diags = [Diagnostic.from_state(x) for x in cached]
    if diags is None:
        diags = analyze_sources(files, config, roots)
        if key is not None:
            _cache_store(config, key, diags)
    if report is not None:
        diags = [d for d in diags if d.path in report or any(r.path in report for r in d.related)]
        skipped = [(p, why) for p, why in skipped if _abs(p) in report]
    programs = {shown[p]: sf.program for p, sf in files.items() if getattr(sf, "program", None) is not None}
    return CheckResult([_show(d, shown) for d in diags], skipped, len(files), shown, programs)


def _merge(first: list[tuple[Path, str]], more: list[tuple[Path, str]]) -> list[tuple[Path, str]]:
    """`first`, then what `more` adds (a file keeps the way `first` shows it)."""
    seen = {full for full, _ in first}
    return first + [(full, sh) for full, sh in more if full not in seen]


def _abs(path: str) -> str:
    return str(Path(path).resolve())


@dataclass
class Group:
    """The paths of one run of `check` that share a config: a project (analysed whole, its
    reports narrowed to `paths`) or, outside any project, the paths alone."""
    config: Config
    project: Path | None
    paths: list[str] = field(default_factory=list)


def plan(paths: Sequence[str], configure: Callable[[Path], tuple[Config, Path | None]]) -> list[Group]:
    """Split the paths of a run by project: each path belongs to the project of the nearest
    config above it (`configure(path)` gives (config, project root or None)); a folder that
    holds other projects adds them, each with its own config."""
    groups: dict[Path | None, Group] = {}

    def add(path: str, at: Path) -> None:
        cfg, root = configure(at)
        g = groups.get(root)
        if g is None:
            g = groups[root] = Group(cfg, root)
        g.paths.append(path)

    for given in paths:
        p = Path(given)
        add(given, p)
        if p.is_dir():
            for nested in _nested_projects(p):
                add(os.path.normpath(os.path.join(given, os.path.relpath(nested, p))), nested)
    return list(groups.values())


def _nested_projects(folder: Path) -> list[Path]:
    """Folders under `folder` that are projects of their own."""
    out = []
    own = find_config(folder)
    for dirpath, dirnames, _ in os.walk(folder):
        keep = []
        for d in sorted(dirnames):
            if d in _SKIP_DIRS or d.endswith(".egg-info"):
                continue
            sub = Path(dirpath, d)
            if _other_project(sub, own):
                out.append(sub)
                out.extend(_nested_projects(sub))
            else:
                keep.append(d)
        dirnames[:] = keep
    return out


def _show(d: Diagnostic, shown: dict[str, str]) -> Diagnostic:
    def s(p: str) -> str:
        if p in shown:
            return shown[p]
        try:
            return os.path.relpath(p)
        except ValueError:
            return p

    fix = d.fix
    if fix is not None:
        fix = replace(fix, edits=tuple(replace(e, path=s(e.path)) for e in fix.edits))
    return replace(d, path=s(d.path), related=tuple(replace(r, path=s(r.path)) for r in d.related), fix=fix)


def _connected(start: set[str], *graphs: dict[str, set[str]]) -> set[str]:
    """Files reachable from `start` along import edges of any of `graphs`, in either direction."""
    adj: dict[str, set[str]] = {}
    for g in graphs:
        for f, deps in g.items():
            for dep in deps:
                adj.setdefault(f, set()).add(dep)
                adj.setdefault(dep, set()).add(f)
    seen = set(start)
    todo = list(start)
    while todo:
        cur = todo.pop()
        for nxt in adj.get(cur, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


class Project:
    """A workspace for the language server: files on disk under `root`, overridden by open
    buffers. `diagnostics()` returns diagnostics per absolute path (with absolute paths),
    re-parsing only changed files and re-analysing only what is connected to them."""

    def __init__(self, root: Path, config: Config):
        self.root = Path(root).resolve()
        self.config = config
        self.overlays: dict[Path, str] = {}
        self._disk: dict[Path, tuple[float, int, SourceFile | None, str | None]] = {}
        self.imports: dict[str, set[str]] = {}
        # The last analysis: (settings key, digest per file, diagnostics per file).
        self._last: tuple[str, dict[str, str], dict[str, list[Diagnostic]]] | None = None

    def set_config(self, config: Config) -> None:
        self.config = config
        self._last = None

    def open(self, path: Path, text: str) -> None:
        self.overlays[Path(path).resolve()] = text

    def close(self, path: Path) -> None:
        self.overlays.pop(Path(path).resolve(), None)

    def forget(self, path: Path) -> None:
        self._disk.pop(Path(path).resolve(), None)

    def _load(self) -> tuple[dict[str, SourceFile], list[tuple[str, str]]]:
        files: dict[str, SourceFile] = {}
        skipped = []
        paths = {full for full, _ in discover([self.root], self.config)} | {
            p for p in self.overlays if p.suffix in DEFAULT_INCLUDE_SUFFIXES}
        for full in sorted(paths):
            key = str(full)
            if full in self.overlays:
                try:
                    files[key] = _parse_overlay(key, self.overlays[full])
                except notebook.NotebookError as e:
                    skipped.append((key, str(e)))
                continue
            try:
                st = full.stat()
            except OSError:
                self._disk.pop(full, None)
                continue
            cached = self._disk.get(full)
            if cached and cached[0] == st.st_mtime and cached[1] == st.st_size:
                if cached[2] is not None:
                    files[key] = cached[2]
                else:
                    skipped.append((key, cached[3]))
                continue
            try:
                sf = _read(full, key)
                self._disk[full] = (st.st_mtime, st.st_size, sf, None)
                files[key] = sf
            except (DecodeError, notebook.NotebookError, OSError) as e:
                reason = str(e) if isinstance(e, DecodeError) else (e.strerror or str(e))
                self._disk[full] = (st.st_mtime, st.st_size, None, reason)
                skipped.append((key, reason))
        return files, skipped

    def diagnostics(self) -> tuple[dict[str, list[Diagnostic]], list[tuple[str, str]]]:
        with _no_gc():
            return self._diagnostics()

    def _diagnostics(self):
        """Re-analyse only what an edit can change: the files connected, through imports in
        either direction, to a file whose content changed. Verdicts flow along imports (an entry
        point reaches a helper in another module), never between unconnected files."""
        files, skipped = self._load()
        digests = {p: sf.digest for p, sf in files.items()}
        graph = engine.import_graph(files, self.config, [self.root])
        key = f"{self.config.fingerprint()}|{engine.environment_fingerprint(self.config)}"
        affected = set(files)
        previous: dict[str, list[Diagnostic]] = {}
        if self._last is not None and self._last[0] == key:
            _, old_digests, previous = self._last
            changed = {p for p in digests if old_digests.get(p) != digests[p]}
            changed |= {p for p in old_digests if p not in digests}
            affected = _connected(changed, graph, self.imports) & set(files)
        subset = {p: files[p] for p in affected}
        result: dict[str, list[Diagnostic]] = {
            p: ([] if p in affected else previous.get(p, [])) for p in files}
        if subset:
            for d in analyze_sources(subset, self.config, [self.root]):
                result.setdefault(d.path, []).append(d)
        self.imports = graph
        self._last = (key, digests, result)
        return result, skipped
