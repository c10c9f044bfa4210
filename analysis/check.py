"""The one entry of the engine: paths (or in-memory buffers) in, diagnostics out.

`check()` serves the CLI (`plan()` splits its paths into projects, each with its own config);
`Project` serves the language server (open buffers override disk, files are re-read only when
their content hash changes)."""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import re
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from collections.abc import Callable, Iterable, Sequence

from . import environment, source
from .config import CONFIG_NAMES, DEFAULT_INCLUDE, Config, exclude_spec, find_config, include_spec
from .diagnostics import Diagnostic
from .source import DecodeError, NotebookError, SourceFile, parse_text
from .store import CACHE_DIR, Record, Store

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
             split_projects: bool = False) -> list[tuple[str, str]]:
    """(absolute real path, path as shown) of every file under `paths` that `include` matches (Python
    files and notebooks), leaving out what
    `exclude` matches and what git ignores (unless `respect-gitignore = false`); with
    `split_projects`, also the folders that are projects of their own (another config governs
    them). A file named explicitly is kept unless `force_exclude`."""
    out: dict[str, str] = {}
    ignores = _GitIgnores() if config.respect_gitignore else None
    own = find_config(Path(config.root)) if split_projects else None
    for given in paths:
        p = Path(given)
        if p.is_file():
            if not force_exclude or not _excluded(p, config, ignores=ignores):
                out.setdefault(str(p.resolve()), str(given))
            continue
        if p.is_dir():
            walk = _Walk(config, ignores, own if split_projects else _NO_SPLIT, out)
            walk.folder(str(p), os.path.realpath(p), str(given))
    return list(out.items())


_NO_SPLIT = object()


class _Walk:
    """One folder's walk for `discover`: top-down, folders and files in name order, as
    `os.walk` visits them, with paths built as strings. Only a symbolic link is resolved (the
    real path of a folder is its parent's plus its name: a linked folder is never entered)."""

    def __init__(self, config: Config, ignores: "_GitIgnores | None", own, out: dict[str, str]):
        self.config = config
        self.ignores = ignores
        self.own = own
        self.out = out
        self.spec = exclude_spec(config)
        self.root = os.path.realpath(config.root)
        self.default_include = config.include == DEFAULT_INCLUDE

    def folder(self, path: str, real: str, shown: str, entries: list | None = None) -> None:
        if entries is None:
            entries = _entries(path)
            if entries is None:
                return
        subdirs = []
        for e in entries:
            if _is_dir(e):
                subdirs.append(e)
                continue
            name = e.name
            if self.default_include:
                if not name.endswith(DEFAULT_INCLUDE_SUFFIXES):
                    continue
            elif not include_spec(self.config).match_file(self._relative(os.path.join(real, name), name)):
                continue
            if e.is_symlink():
                full = Path(e.path)
                if _excluded(full, self.config, ignores=self.ignores):
                    continue
                self.out.setdefault(str(full.resolve()), os.path.normpath(os.path.join(shown, name)))
                continue
            target = os.path.join(real, name)
            if not self._excluded(target, real, False, e.path):
                self.out.setdefault(target, os.path.normpath(os.path.join(shown, name)))
        for e in subdirs:
            name = e.name
            if name in _SKIP_DIRS or name.endswith(".egg-info") or e.is_symlink():
                continue  # os.walk lists a linked folder but does not enter it
            target = os.path.join(real, name)
            if self._excluded(target, real, True, e.path):
                continue
            inner = _entries(e.path)
            if inner is None:
                continue
            if self.own is not _NO_SPLIT and _may_be_project(inner) and _other_project(Path(e.path), self.own):
                continue
            self.folder(e.path, target, os.path.join(shown, name), inner)

    def _relative(self, real: str, outside: str) -> str:
        """`real` relative to the config's folder (posix), or `outside` when it lies outside."""
        if real.startswith(self.root) and real[len(self.root):len(self.root) + 1] == os.sep:
            rel = real[len(self.root) + 1:]
            return rel if os.sep == "/" else rel.replace(os.sep, "/")
        return outside

    def _excluded(self, real: str, parent: str, is_dir: bool, walked: str) -> bool:
        """Whether `exclude` or git ignores the entry at `real` (`walked`: its path as walked)."""
        if self.spec is not None and self.spec.match_file(
                self._relative(real, Path(walked).as_posix()) + ("/" if is_dir else "")):
            return True
        return self.ignores is not None and self.ignores.ignored_in(parent, real, is_dir)


def _entries(folder: str) -> list | None:
    """The entries of `folder` by name, or None when it cannot be read (os.walk skips it)."""
    if _LISTED is not None and folder in _LISTED:
        return _LISTED[folder]
    try:
        with os.scandir(folder) as it:
            found = sorted(it, key=lambda e: e.name)
    except OSError:
        found = None
    if _LISTED is not None:
        _LISTED[folder] = found
    return found


# folder -> its entries, within `listed_once`
_LISTED: dict[str, list | None] | None = None


@contextlib.contextmanager
def listed_once():
    """Each folder listed once within: a command's `plan` (looking for nested projects) and its
    walks see the same listings, read once. A fix rewrites files and lists nothing anew."""
    global _LISTED
    _LISTED = {}
    try:
        yield
    finally:
        _LISTED = None


def _is_dir(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _may_be_project(entries: list) -> bool:
    """Whether a folder with these entries has a config file or a `.git` (see `_other_project`)."""
    return any(e.name in _PROJECT_MARKS for e in entries)


DEFAULT_INCLUDE_SUFFIXES = tuple(p.lstrip("*") for p in DEFAULT_INCLUDE)
_PROJECT_MARKS = frozenset((*CONFIG_NAMES, ".git"))


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
        # folder (real path) -> (base folder, patterns) in force inside it, deepest first; None:
        # no repository
        self._rules: dict[str, tuple[tuple[str, object], ...] | None] = {}

    def _for(self, folder: str):
        if folder in self._rules:
            return self._rules[folder]
        parent = os.path.dirname(folder)
        if os.path.exists(os.path.join(folder, ".git")):
            rules = self._read(folder, os.path.join(folder, ".git", "info", "exclude"))
        elif parent == folder:
            rules = None
        else:
            rules = self._for(parent)
        if rules is not None:
            rules = self._read(folder, os.path.join(folder, ".gitignore")) + rules
        self._rules[folder] = rules
        return rules

    @staticmethod
    def _read(base: str, file: str) -> tuple[tuple[str, object], ...]:
        if not os.path.isfile(file):
            return ()
        import pathspec

        try:
            with open(file, encoding="utf-8", errors="replace") as f:
                lines = f.read().splitlines()
            return ((base, pathspec.GitIgnoreSpec.from_lines(lines)),)
        except (OSError, ValueError, TypeError):
            return ()  # an unreadable or broken ignore file ignores nothing

    def ignored(self, path: Path, is_dir: bool) -> bool:
        real = str(path.resolve())
        return self.ignored_in(os.path.dirname(real), real, is_dir)

    def ignored_in(self, folder: str, real: str, is_dir: bool) -> bool:
        """Whether `real` (a real path in the real folder `folder`) is ignored."""
        for base, spec in self._for(folder) or ():
            rel = os.path.relpath(real, base)
            if os.sep != "/":
                rel = rel.replace(os.sep, "/")
            res = spec.check_file(rel + ("/" if is_dir else ""))
            if res.include is not None:
                return res.include
        return False


def postprocess(diags: Iterable[Diagnostic], files: dict, config: Config) -> list[Diagnostic]:
    """Apply select/ignore, per-file-ignores, severity overrides and suppression comments;
    report the suppressions that suppress nothing (SHL301); sort; dedupe. A suppression that
    matches a diagnostic of a rule the config turns off still counts as used: it is right
    under another config."""
    from . import suppressions
    from .rules import RULES

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
        if sf.syntax_error or not config.enabled_in(code, path):
            continue  # a file that does not parse has no verdicts: its suppressions wait
        use = usage.get(path) or suppressions.Usage(suppressions.of(sf))
        for d in use.unused(sf):
            d = replace(d, severity=config.severity_of(d.code, d.severity))
            out.setdefault((d.path, d.line, d.column, d.code), d)
    return sorted(out.values(), key=Diagnostic.sort_key)


def parse_error(sf: SourceFile) -> Diagnostic:
    from .rules import RULES

    line, col, msg = sf.syntax_error
    rule = RULES["SHL000"]
    return Diagnostic(sf.path, line, col, line, col + 1, rule.code, rule.name, rule.severity,
                      f"SyntaxError: {msg}. JAX never sees this module: importing it raises "
                      f"SyntaxError. The rest of the project is still checked.")


def analyze_sources(files: dict[str, SourceFile], config: Config, roots: list[Path],
                    imported: frozenset = frozenset()) -> list[Diagnostic]:
    """Diagnostics for files keyed by absolute path string (the engine reports them so). The
    engine runs first: it parses what it analyses, and the syntax check of the rest then needs
    no tree. `imported`: the project files another one imports."""
    from . import engine, notebook

    diags = engine.analyze(files, config, roots, imported)
    diags.extend(parse_error(sf) for sf in files.values() if sf.syntax_error)
    diags.extend(d for sf in files.values() for d in notebook.syntax_errors(sf))
    return postprocess(diags, files, config)


def _parse_overlay(key: str, value, previous: SourceFile | None = None) -> SourceFile:
    """An open buffer: Python text (an edit of `previous`, whose tree it may reuse), or a
    notebook (its editor's cells, or its JSON text)."""
    from . import notebook

    if notebook.is_notebook(key):
        return notebook.load(key, value)
    return parse_text(key, value, previous=previous)


def load_files(found: list[tuple[str, str]], overlays: dict | None = None, store: Store | None = None):
    """(files by absolute path, path as shown by absolute path, skipped (shown, why)). Files on
    disk come through `store` (not read when their stat matches it); `overlays` (by absolute
    Path) stand for the files they name."""
    store = store or Store(None)
    buffers = {str(p): text for p, text in (overlays or {}).items()}
    files: dict[str, SourceFile] = {}
    shown: dict[str, str] = {}
    skipped: list[tuple[str, str]] = []
    for key, as_shown in found:
        try:
            if key in buffers:
                files[key] = _parse_overlay(key, buffers[key])
            else:
                files[key] = store.source(key)
            shown[key] = as_shown
        except (DecodeError, NotebookError) as e:
            skipped.append((as_shown, str(e)))
        except OSError as e:
            skipped.append((as_shown, e.strerror or str(e)))
    return files, shown, skipped


def analyse(files: dict[str, SourceFile], config: Config, roots: list[Path], store: Store, *,
            imports=None, progress: Callable[[int, int], None] | None = None,
            jobs: int | None = None, analysed: set[str] | None = None) -> list[Diagnostic]:
    """The diagnostics of `files`, re-analysing only what their last analysis in `store` (same
    setting) cannot vouch for: the files connected through imports, in either direction, to
    one whose digest changed, that appeared or went. Verdicts flow along imports (an entry
    point reaches a helper in another module), never between unconnected files, so the others
    keep their diagnostics, and nothing at all is read or parsed when nothing changed.
    `imports`: an `engine.Imports` to reuse; `progress(done, total)` hears of files analysed;
    `jobs` caps the processes used; `analysed` receives the files analysed again."""
    key = store.key(config, roots)
    _remember_interpreter(store, config)
    rec = store.record(key)
    before = {p: sf.digest for p, sf in files.items()}
    if rec is not None and rec.external_changed():
        rec = None
    if rec is not None and rec.digests == before:
        return sorted((d for p in files for d in rec.diagnostics(p)), key=Diagnostic.sort_key)
    from . import engine, parallel

    if rec is not None and rec.graph is None:
        rec = None  # the store lost its import graph: what is connected to a change is unknown
    if imports is None or imports.layout != (frozenset(files), tuple(roots)):
        imports = engine.Imports(files, roots)
    if rec is None or rec.digests.keys() != before.keys():
        store.remember_imports(files)
        graph = engine.import_graph(files, roots, imports=imports)
    changed: set[str] = set()
    unseen: set[str] = set()
    if rec is None:
        affected = set(files)
    else:
        changed = {p for p, d in before.items() if rec.digests.get(p) != d} | (rec.digests.keys() - before.keys())
        if rec.digests.keys() == before.keys():
            graph = {p: rec.graph.get(p, set()) for p in files}
            graph.update(engine.import_graph(files, roots, only=changed, imports=imports))
            unseen = _unseen_changes(changed, files, rec, graph)
        affected = _connected(changed - unseen, graph, rec.graph) & files.keys() if changed - unseen else set()
    if analysed is not None:
        analysed.update(affected)
    for p in affected:
        # Known to parse: what the store saw parse, and what changed and is accepted (a few files).
        if store.parses(p, before[p]) or (p in changed and type(files[p]) is SourceFile
                                          and source.accepted(files[p].text)):
            files[p].vouched = before[p]
    work = functools.partial(_analyse_observed, config=config, roots=roots,
                             stems=_stems(files) if store.folder is not None else None,
                             imported=frozenset(d for p, deps in graph.items() if not _is_test(p)
                                                for d in deps if d != p))
    source.VOUCHED = store.parsed()  # the installed libraries read
    try:
        fresh, external, shapes = parallel.analyse_components(
            {p: files[p] for p in sorted(affected)}, graph, work, progress=progress, jobs=jobs) \
            if affected else ([], {}, {})
    finally:
        source.VOUCHED = {}
    result: dict[str, list[Diagnostic]] = {p: [] for p in affected}
    for d in fresh:
        result.setdefault(d.path, []).append(d)
    for p in files.keys() - affected:
        result[p] = rec.diagnostics(p)
    for p in affected | unseen:
        if files[p].parses:
            store.remember_parses(p, files[p].digest)
    for p in external:
        if p in source.PARSED:
            store.remember_parses(p, source.PARSED[p])
    # A file read lazily may have changed since it was stat'ed: what was analysed is recorded
    # (and a file not analysed keeps the digest it was vouched for, so the next run sees it).
    digests = {p: (files[p].digest if p in affected else before[p]) for p in files}
    kept = {p: v for p, v in (rec.shapes if rec else {}).items() if p in files and p not in affected}
    store.put_record(key, Record(digests, graph, {**(rec.external if rec else {}), **external}, result,
                                 {**kept, **shapes}))
    return sorted((d for ds in result.values() for d in ds), key=Diagnostic.sort_key)


def _unseen_changes(changed: set[str], files: dict[str, SourceFile], rec: Record,
                    graph: dict[str, set[str]]) -> set[str]:
    """The changed files whose change the last analysis cannot have seen: it read them as
    skeletons (see `skeleton.shape`), and what changed is in the bodies of functions it never
    read, or in comments and blank lines after the last line of code. Their text still parses,
    imports what it imported, and what the analysis reads of the whole text is the same
    (`_read_whole`); no stored diagnostic is in them or has a fix there. The analysis would
    see what it saw, and find what it found."""
    from . import skeleton

    out: set[str] = set()
    reported = stems = None
    for p in sorted(changed):
        old, sf = rec.shapes.get(p), files.get(p)
        if old is None or sf is None or not _seen_in_part(sf) or graph.get(p) != rec.graph.get(p, set()):
            continue
        new = skeleton.shape(sf.text)
        if new is None or new[0] != old[0] or any(new[1].get(line) != d for line, d in old[1].items()):
            continue
        stems = stems or _stems(files)
        if _read_whole(sf, stems) != old[2] or not source.accepted(sf.text):
            continue
        if reported is None:
            reported = _reported_in(rec)
        if p not in reported:
            out.add(p)
    return out


def _seen_in_part(sf: SourceFile) -> bool:
    """Whether a file is one whose analysis may be kept when only text it did not read
    changes: a Python file (a notebook is read as its cells)."""
    return type(sf) is SourceFile and sf.path.endswith(".py")


def _stems(files: dict) -> frozenset[str]:
    """The names of the project's modules, as `prefilter.relevant` looks for them."""
    from . import prefilter

    return frozenset(map(prefilter.stem, files))


_DIRECTIVE = re.compile(r"shardlint|(?i:noqa)")


def _read_whole(sf: SourceFile, stems: frozenset[str]) -> str:
    """A digest of what of a file's text the analysis reads whole, outside its tree: what
    makes it worth running (`prefilter.relevant`: a JAX word, else the names of project
    modules it mentions), and each comment that may be a suppression, with its line."""
    from . import prefilter

    text = sf.text
    worth = "jax" if prefilter.mentioned(sf) else " ".join(sorted(stems.intersection(prefilter.words(sf))))
    parts, line, pos = [worth], 1, 0
    low = text.lower()
    for m in _DIRECTIVE.finditer(text) if "noqa" in low or "shardlint" in low else ():
        start = text.rfind("\n", 0, m.start()) + 1
        if start < pos:
            continue  # on the line already taken
        end = text.find("\n", m.end())
        end = len(text) if end == -1 else end
        line += text.count("\n", pos, start)
        pos = end
        parts.append(f"{line}:{text[start:end]}")
    return source.digest("\n".join(parts).encode("utf-8", "surrogatepass"))


def _reported_in(rec: Record) -> set[str]:
    """The files a stored diagnostic is in, or whose text its fix edits or refers to: a fix
    (a codemod's output) may come from the whole text."""
    out = set()
    for p in rec.diags:
        for d in rec.diagnostics(p):
            out.add(d.path)
            out.update(e.path for e in (d.fix.edits if d.fix is not None else ()))
            out.update(s.path for f in d.fix_facts for s in f.sites())
    return out


def _is_test(path: str) -> bool:
    """A test module (pytest's names): importing the program's script does not make it a library."""
    name = os.path.basename(path)
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"


def _analyse_observed(files: dict[str, SourceFile], config: Config, roots: list[Path],
                      stems: frozenset[str] | None = None, imported: frozenset = frozenset()):
    """analyze_sources, the files outside the project it read (with their stat), and (given
    the `stems` of the whole project, for the store) the shape of each file it saw as a
    skeleton (`skeleton.shape`, with the bodies it read, and `_read_whole`). A body that a file
    vouched for as parsing (see `skeleton`) turns out not to: again, with whole trees."""
    from . import skeleton

    skeleton.broken = False
    with source.observe() as obs:
        diags = analyze_sources(files, config, roots, imported)
        if skeleton.broken:
            source.VOUCHED = {}
            for sf in files.values():
                if sf.vouched is not None:
                    sf.vouched = None
                    sf.forget()
            diags = analyze_sources(files, config, roots, imported)
    seen = {}
    for p, sf in files.items() if stems is not None else ():
        tree = sf.tree if sf.parsed else None
        shape = getattr(tree, "shardlint_shape", None)
        if shape is not None and _seen_in_part(sf):
            seen[p] = (shape, dict(tree.shardlint_reads), _read_whole(sf, stems))
    return diags, {p: st for p, st in obs.reads.items() if p not in files}, seen


def _remember_interpreter(store: Store, config: Config) -> None:
    python = environment.analysis_python(config)
    if environment.is_foreign(python):
        info = environment._interpreter_info(python)
        store.remember_interpreter(python, environment.interpreter_stamp(python, info[0]), info)


class _Collector:
    """The cyclic collector in a long-lived process (the server). Off while an analysis runs
    (it would re-walk every tree being built, again and again) and until the tidy after it:
    one collection of the young generations frees what the analysis left in cycles (its trees
    among it), the trees let go meanwhile are freed, and the collector is back on. The tidy
    costs as much as a third of an analysis, so it waits until the answer is out: the server
    asks for it once it has published (`tidy`), and otherwise it comes `IDLE_S` after the
    analysis. Either way it overlaps the wait for the next keystroke; a burst of analyses with
    no pause tidies every `BURST`, and never lets more than one batch of released trees wait."""

    IDLE_S = 0.05
    BURST = 10

    def __init__(self):
        self._lock = threading.Lock()
        self._busy = 0
        self._held = False  # the collector is off because of us
        self._since = 0  # analyses since the last tidy
        self._timer: threading.Timer | None = None
        self._graveyard: list[SourceFile] = []

    @contextlib.contextmanager
    def pause(self):
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._busy == 0:
                self._free_graveyard()
                if self._since >= self.BURST:
                    self._collect()
            self._busy += 1
            if gc.isenabled():
                gc.disable()
                self._held = True
        try:
            yield
        finally:
            with self._lock:
                self._busy -= 1
                self._since += 1
                if self._busy == 0 and self._held:
                    self._timer = threading.Timer(self.IDLE_S, self._tidy)
                    self._timer.daemon = True
                    self._timer.start()

    def release_later(self, sf: SourceFile) -> None:
        """Let go of `sf`'s tree when idle (freeing a big tree costs milliseconds)."""
        self._graveyard.append(sf)

    def tidy(self) -> None:
        """Tidy now, unless an analysis is running or nothing was analysed since the last tidy."""
        with self._lock:
            if self._busy or not self._held:
                return
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._tidy_locked()

    def _tidy(self) -> None:
        with self._lock:
            if self._busy:
                return
            self._timer = None
            self._tidy_locked()

    def _tidy_locked(self) -> None:
        self._free_graveyard()
        self._collect()
        if self._held:
            gc.enable()
            self._held = False

    def _free_graveyard(self) -> None:
        for sf in self._graveyard:
            sf.release()
        self._graveyard.clear()

    def _collect(self) -> None:
        gc.collect(1)
        self._since = 0


_COLLECTOR = _Collector()


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
          force_exclude: bool = False, split_projects: bool = False,
          progress: Callable[[int, int], None] | None = None) -> CheckResult:
    """Check `paths` (files or folders). Diagnostics carry paths as given (relative stays
    relative). `force_exclude` and `split_projects`: see `discover`; `progress(done, total)`
    hears of files analysed.

    With `project` (the folder of `config`), the whole project is analysed and only the
    diagnostics located in `paths`, or whose call path passes through them, are reported: a
    changed file's verdict needs the entry points that reach it, wherever they are."""
    with _no_gc():
        return _check(paths, config, use_cache=use_cache, overlays=overlays, project=project,
                      force_exclude=force_exclude, split_projects=split_projects, progress=progress)


def _check(paths, config: Config, *, use_cache: bool, overlays, project, force_exclude,
           split_projects, progress) -> CheckResult:
    found = discover(paths, config, force_exclude=force_exclude, split_projects=split_projects)
    # A buffer with no file behind it yet (standard input named by --stdin-filename).
    found += [(str(p), os.path.relpath(p)) for p in (overlays or {}) if not p.exists() and str(p) not in dict(found)]
    report = None
    if project is not None:
        report = {full for full, _ in found}
        root = Path(project).resolve()
        if not any(Path(p).is_dir() and Path(p).resolve() == root for p in paths):  # else walked already
            as_given = any(Path(p).is_absolute() for p in paths)
            found = _merge(found, discover([project if as_given else os.path.relpath(project)], config,
                                           split_projects=split_projects))
        roots = [root]
    else:
        roots = sorted({Path(config.root)} | {Path(p).resolve() if Path(p).is_dir() else Path(p).resolve().parent
                                              for p in paths})
    store = Store.open(config.root) if use_cache else Store(None)
    files, shown, skipped = load_files(found, overlays, store)
    diags = analyse(files, config, roots, store, progress=progress)
    store.save()
    if report is not None:
        diags = [d for d in diags if d.path in report or any(r.path in report for r in d.related)]
        skipped = [(p, why) for p, why in skipped if _abs(p) in report]
    programs = {shown[p]: sf.program for p, sf in files.items() if getattr(sf, "program", None) is not None}
    return CheckResult([_show(d, shown) for d in diags], skipped, len(files), shown, programs)


def _merge(first: list[tuple[str, str]], more: list[tuple[str, str]]) -> list[tuple[str, str]]:
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
    """Folders under `folder` that are projects of their own (in the order `os.walk` meets
    them; a linked folder can be one, but the walk does not enter it)."""
    out: list[Path] = []
    own = find_config(folder)

    def walk(path: str, entries: list) -> None:
        keep = []
        for e in entries:
            if e.name in _SKIP_DIRS or e.name.endswith(".egg-info") or not _is_dir(e):
                continue
            if e.is_symlink():
                inner = None
                mark = _other_project(Path(e.path), own)
            else:
                inner = _entries(e.path)
                mark = inner is not None and _may_be_project(inner) and _other_project(Path(e.path), own)
            if mark:
                sub = Path(e.path)
                out.append(sub)
                out.extend(_nested_projects(sub))
            elif inner is not None:
                keep.append((e.path, inner))
        for path, inner in keep:
            walk(path, inner)

    top = _entries(str(folder))
    if top is not None:
        walk(str(folder), top)
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
    re-analysing only what is connected to a file whose content changed (`analyse`), with the
    CLI's store: a restart of the editor is warm. Trees are kept between analyses only for
    the files analysed last, up to `TREE_BUDGET_CHARS` of their source."""

    TREE_BUDGET_CHARS = 1_000_000  # about 33 MB of `ast` objects
    SAVE_EVERY_S = 30.0
    # The folder is walked, and its files' stats checked, again at most this often (and after
    # `forget`, which the server calls on a watched file's change): on a big workspace the walk
    # and the stats cost far more than the edit they would answer.
    REDISCOVER_S = 5.0

    def __init__(self, root: Path, config: Config, store: Store | None = None):
        self.root = Path(root).resolve()
        self.config = config
        self.overlays: dict[Path, str] = {}
        self.store = store if store is not None else Store.open(self.root)
        self._sources: dict[str, SourceFile] = {}  # the last of each file (reused while it holds)
        self._buffered: set[str] = set()  # the files whose last source was an open buffer
        self._imports = None
        self._saved_at: float | None = None
        self._found: list[str] | None = None
        self._found_at = 0.0

    def set_config(self, config: Config) -> None:
        self.config = config
        self._found = None

    def open(self, path: Path, text: str) -> None:
        self.overlays[Path(path).resolve()] = text

    def close(self, path: Path) -> None:
        self.overlays.pop(Path(path).resolve(), None)

    def forget(self, path: Path) -> None:
        key = str(Path(path).resolve())
        self._sources.pop(key, None)
        self._buffered.discard(key)
        self.store.forget_file(key)
        self._found = None

    def _discovered(self) -> tuple[list[str], bool]:
        """The files of the folder, and whether they were walked now (their stats are then
        checked too)."""
        now = time.monotonic()
        if self._found is None or now - self._found_at >= self.REDISCOVER_S:
            self._found = [full for full, _ in discover([self.root], self.config)]
            self._found_at = now
            return self._found, True
        return self._found, False

    def _load(self) -> tuple[dict[str, SourceFile], list[tuple[str, str]]]:
        overlays = {str(p): v for p, v in self.overlays.items() if p.suffix in DEFAULT_INCLUDE_SUFFIXES}
        found, walked = self._discovered()
        paths = set(found) | overlays.keys()
        files: dict[str, SourceFile] = {}
        skipped = []
        for key in sorted(paths):
            prev = self._sources.get(key)
            if key not in overlays and prev is not None and key not in self._buffered and (
                    not walked or self.store.known_digest(key) == prev.digest):
                files[key] = prev  # unchanged on disk (as far as stats checked now say): not even a new object
                continue
            full = Path(key)
            try:
                sf = _parse_overlay(key, overlays[key], prev) if key in overlays else self.store.source(full)
            except (DecodeError, NotebookError, OSError) as e:
                self._sources.pop(key, None)
                self._buffered.discard(key)
                if not isinstance(e, OSError) or full.exists():
                    skipped.append((key, e.strerror or str(e) if isinstance(e, OSError) else str(e)))
                continue
            if prev is not None and prev.digest == sf.digest:
                sf = prev
            elif prev is not None:
                _COLLECTOR.release_later(prev)  # an older import index may hold it: not its tree
            files[key] = self._sources[key] = sf
            if key in overlays:
                self._buffered.add(key)
            else:
                self._buffered.discard(key)
        for gone in self._sources.keys() - files.keys():
            del self._sources[gone]
            self._buffered.discard(gone)
        return files, skipped

    def diagnostics(self) -> tuple[dict[str, list[Diagnostic]], list[tuple[str, str]]]:
        with _COLLECTOR.pause():
            return self._diagnostics()

    @staticmethod
    def tidy() -> None:
        """Free what the last analyses left (see `_Collector`): for the caller to ask once their
        answer is out, before the next edit comes."""
        _COLLECTOR.tidy()

    def _diagnostics(self):
        from . import engine

        files, skipped = self._load()
        roots = [self.root]
        if self._imports is None or self._imports.layout != (frozenset(files), tuple(roots)):
            self._imports = engine.Imports(files, roots)
        analysed: set[str] = set()
        diags = analyse(files, self.config, roots, self.store, imports=self._imports, analysed=analysed)
        result: dict[str, list[Diagnostic]] = {p: [] for p in files}
        for d in diags:
            result.setdefault(d.path, []).append(d)
        self._release_trees(analysed)
        now = time.monotonic()
        if self._saved_at is None or now - self._saved_at >= self.SAVE_EVERY_S:
            self.store.save()
            self._saved_at = now
        return result, skipped

    def _release_trees(self, analysed: set[str]) -> None:
        """Keep the trees of the files analysed last (the smallest first, within the budget:
        an edit re-analyses its own file and what is connected to it); release the others."""
        budget = self.TREE_BUDGET_CHARS
        for path in sorted(analysed, key=lambda p: len(self._sources[p].text) if p in self._sources else 0):
            sf = self._sources.get(path)
            if sf is not None and sf.parsed:
                budget -= len(sf.text)
                if budget < 0:
                    _COLLECTOR.release_later(sf)
        for path, sf in self._sources.items():
            if path not in analysed and sf.parsed:
                _COLLECTOR.release_later(sf)
