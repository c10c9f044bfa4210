"""The store: what one analysis leaves for the next, under the project root in
`.shardlint_cache/`, shared by the CLI and the language server (an editor restart is warm too).

Per file (absolute path): its size and mtime, the digest of its bytes, and why it was skipped
if it cannot be decoded. A file whose size and mtime match is not even read; one whose digest
matches is never parsed.

Per setting (the analysis code, the configuration, the analysis interpreter and what is
installed in it, the import roots), a record: the digest of every file analysed, the files
outside the project the analysis read (with their stat), and the diagnostics located in each
file. A run re-analyses only the files connected through imports, in either direction, to one
whose content changed, appeared or went (see `check.analyse`), leaving out a changed file
whose change the analysis cannot have seen (in the bodies of functions it never read: see
`check._unseen_changes`); the others keep their diagnostics.

What only such a run needs is kept apart, in `imports.json`, and read only then: each file's
import statements (`importscan.scan_imports`), each record's import graph, and each record's
shapes of the files it read as skeletons (`skeleton.shape`, the bodies it read). A run that finds
nothing changed reads `store.json` alone (its size is most of what such a run costs). Both
files carry the stamp of the save that wrote them: imports that do not belong to the store
read are ignored (a record without its graph is analysed again).

JSON only (never pickle: a cloned repository could plant one). A broken, unreadable or foreign
store is ignored; a read-only tree runs without one."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import time
from pathlib import Path

from . import importscan
from .diagnostics import Diagnostic
from .environment import CODE_VERSION, environment_state, remember_interpreter
from .source import DecodeError, SourceFile, decode, digest

CACHE_DIR = ".shardlint_cache"
STORE_FILE = "store.json"
IMPORTS_FILE = "imports.json"
FORMAT = 2
MAX_RECORDS = 4
# A file modified this close to when it was stat'ed may change again within the file system's
# timestamp granularity without its mtime moving: its stat is not trusted next time.
_RACY_NS = 2_000_000_000
# What a text parses as depends on the Python parsing it (`def f[T]()` is 3.12's): whether a
# file parses is kept for this one only.
_PYTHON = "%d.%d" % sys.version_info[:2]


class Store:
    """The store of one project root; `Store(None)` keeps nothing (`--no-cache`)."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        # abs path -> [size, mtime_ns or None, digest, skipped reason or None]
        self.files: dict[str, list] = {}
        self.records: dict[str, dict | Record] = {}  # setting key -> record (stored form until used)
        self.interpreters: dict[str, list] = {}  # python -> [stamp, [sys.path, jax version]]
        self.stamp: str | None = None  # the save that wrote what was read
        # {"scans": {abs path: import scan}, "graphs": {setting key: graph}, "parses": {abs path:
        # digest of its text when this Python saw it parse}} once read
        self._imports: dict | None = None
        self._dirty = False
        self._imports_dirty = False

    @classmethod
    def open(cls, root: Path) -> "Store":
        store = cls(Path(root) / CACHE_DIR)
        raw = _read(store.folder / STORE_FILE)
        if raw is None:
            return store
        try:
            store.files = dict(raw["files"])
            store.records = dict(raw["records"])
            store.interpreters = dict(raw.get("interpreters", {}))
            store.stamp = str(raw["stamp"])
            for python, (stamp, info) in store.interpreters.items():
                remember_interpreter(python, stamp, info)
        except (KeyError, TypeError, ValueError):
            return cls(store.folder)
        return store

    def _imports_doc(self) -> dict:
        """The imports half of the store, read on first use (empty when it is missing, broken or
        from another save than the store read)."""
        if self._imports is None:
            doc = {"scans": {}, "graphs": {}, "parses": {}, "shapes": {}}
            raw = _read(self.folder / IMPORTS_FILE) if self.folder is not None and self.stamp else None
            if raw is not None and raw.get("stamp") == self.stamp \
                    and isinstance(raw.get("scans"), dict) and isinstance(raw.get("graphs"), dict):
                parses = raw.get("parses") if raw.get("python") == _PYTHON else None
                shapes = raw.get("shapes")
                doc = {"scans": raw["scans"], "graphs": raw["graphs"],
                       "parses": parses if isinstance(parses, dict) else {},
                       "shapes": shapes if isinstance(shapes, dict) else {}}
            self._imports = doc
        return self._imports

    # ------------------------------------------------------------------------------ files

    def source(self, full: str | Path) -> SourceFile:
        """The file at `full` (absolute): not read when its stat matches the store (its text is
        read on first use), not parsed when its digest does. Raises OSError, or DecodeError
        for a file that is not text."""
        key = str(full)
        st = os.stat(key)
        if key.endswith(".ipynb"):
            return self._notebook(key, st)
        known = self.files.get(key)
        if known is not None and known[0] == st.st_size and known[1] == st.st_mtime_ns:
            if known[3] is not None:
                raise DecodeError(known[3])
            return SourceFile(key, None, known[2], load=lambda: self._reload(key))
        data = Path(key).read_bytes()
        dig = digest(data)
        mtime = None if time.time_ns() - st.st_mtime_ns < _RACY_NS else st.st_mtime_ns
        try:
            text = decode(data)
        except DecodeError as e:
            self._put_file(key, [len(data), mtime, dig, str(e)])
            raise
        sf = SourceFile(key, text, dig)
        if known is not None and known[2] == dig:  # touched, not changed: its imports are known
            self._remember_scan(key, dig)
        self._put_file(key, [len(data), mtime, dig, None], scan=importscan.imports_of(sf))
        return sf

    def _notebook(self, key: str, st: os.stat_result) -> SourceFile:
        """A notebook is read every time (its program is built from its cells) and stored with
        that program's digest. Raises OSError or NotebookError."""
        from . import notebook

        data = Path(key).read_bytes()
        mtime = None if time.time_ns() - st.st_mtime_ns < _RACY_NS else st.st_mtime_ns
        try:
            sf = notebook.load_text(key, notebook.decode(data))
        except notebook.NotebookError as e:
            self._put_file(key, [len(data), mtime, digest(data), str(e)])
            raise
        self._put_file(key, [len(data), mtime, sf.digest, None], scan=importscan.imports_of(sf))
        return sf

    def known_digest(self, full: str) -> str | None:
        """The stored digest of the file at `full` (absolute) if its stat still matches, else
        None (also for a file that cannot be read or decoded)."""
        known = self.files.get(full)
        if known is None or known[3] is not None:
            return None
        try:
            st = os.stat(full)
        except OSError:
            return None
        return known[2] if known[0] == st.st_size and known[1] == st.st_mtime_ns else None

    def remember_imports(self, files: dict[str, SourceFile]) -> None:
        """Hand `importscan` the stored import statements of `files` (those whose digest is the
        stored one), before it is asked for all of them: none of them is then read for that."""
        for path, sf in files.items():
            known = self.files.get(path)
            if known is not None and known[2] == sf.digest:
                self._remember_scan(path, sf.digest)

    def _remember_scan(self, key: str, dig: str) -> None:
        scan = self._imports_doc()["scans"].get(key) if self.folder is not None else None
        if scan is not None:
            importscan.remember_imports(dig, scan)

    def _reload(self, key: str) -> tuple[str, str]:
        """(text, digest) of a file whose stat matched: read now that something needs it."""
        data = Path(key).read_bytes()
        return decode(data), digest(data)

    def _put_file(self, key: str, entry: list, scan: tuple | None = None) -> None:
        if self.files.get(key) != entry:
            self.files[key] = entry
            self._dirty = True
        if scan is not None and self.folder is not None:
            stored = [[level, module, list(names)] for level, module, names in scan]
            scans = self._imports_doc()["scans"]
            if scans.get(key) != stored:
                scans[key] = stored
                self._dirty = self._imports_dirty = True

    def forget_file(self, key: str) -> None:
        if self.files.pop(key, None) is not None:
            self._dirty = True
        if self._imports is not None:
            found = [self._imports[part].pop(key, None) for part in ("scans", "parses")]
            if found != [None, None]:
                self._imports_dirty = True

    def parses(self, key: str, dig: str) -> bool:
        """Whether the file at `key` (absolute) was seen to parse when its digest was `dig`."""
        return self.folder is not None and self._imports_doc()["parses"].get(key) == dig

    def parsed(self) -> dict[str, str]:
        """Path -> digest of the text it had when it was seen to parse."""
        return self._imports_doc()["parses"] if self.folder is not None else {}

    def remember_parses(self, key: str, dig: str) -> None:
        if self.folder is not None:
            parses = self._imports_doc()["parses"]
            if parses.get(key) != dig:
                parses[key] = dig
                self._dirty = self._imports_dirty = True

    # ---------------------------------------------------------------------------- records

    @staticmethod
    def key(config, roots) -> str:
        """The setting a record belongs to."""
        state = [CODE_VERSION, _plain(config), environment_state(config), sorted(str(r) for r in roots)]
        return digest(json.dumps(state, sort_keys=True, default=str).encode())

    def record(self, key: str) -> "Record | None":
        found = self.records.get(key)
        if found is None or isinstance(found, Record):
            return found
        try:
            rec = Record(found["digests"], None, found["external"], found["diags"],
                         load_graph=lambda: (self._graph(key), self._shapes(key)))
        except (KeyError, TypeError, AttributeError):
            del self.records[key]
            return None
        self.records[key] = rec
        return rec

    def _graph(self, key: str) -> dict[str, set[str]] | None:
        found = self._imports_doc()["graphs"].get(key)
        if isinstance(found, Record):
            return found.graph
        try:
            return {p: set(d) for p, d in found.items()} if found is not None else None
        except (AttributeError, TypeError):
            return None

    def _shapes(self, key: str) -> dict[str, tuple]:
        found = self._imports_doc()["shapes"].get(key)
        if isinstance(found, Record):
            return found.shapes
        try:
            return {p: (str(shape), {int(line): str(d) for line, d in reads}, str(seen))
                    for p, (shape, reads, seen) in found.items()}
        except (AttributeError, TypeError, ValueError):
            return {}

    def put_record(self, key: str, record: "Record") -> None:
        """Keep `record` for its setting (its graph and shapes are stored with the imports when
        saved)."""
        if self.folder is None:
            return
        doc = self._imports_doc()
        self.records.pop(key, None)
        self.records[key] = record
        doc["graphs"][key] = doc["shapes"][key] = record  # in stored form once saved
        while len(self.records) > MAX_RECORDS:
            oldest = next(iter(self.records))
            doc["graphs"].pop(oldest, None)
            doc["shapes"].pop(oldest, None)
            self.records.pop(oldest)
        self._dirty = self._imports_dirty = True

    def remember_interpreter(self, python: str | None, stamp: list, info) -> None:
        if python and self.interpreters.get(python) != [stamp, list(info)]:
            self.interpreters[python] = [stamp, list(info)]
            self._dirty = True

    def save(self) -> None:
        """Write the store (each file atomically, the imports first: a concurrent run reads the
        old store or this one, and imports of another save are not used)."""
        if self.folder is None or not self._dirty:
            return
        stamp = self.stamp
        try:
            self.folder.mkdir(exist_ok=True)
            gi = self.folder / ".gitignore"
            if not gi.exists():
                gi.write_text("# Created by shardlint.\n*\n")
            if self._imports_dirty or stamp is None:
                stamp = os.urandom(8).hex()
                doc = self._imports_doc()
                graphs, shapes = doc["graphs"], doc["shapes"]
                for k, g in graphs.items():
                    if isinstance(g, Record):
                        graphs[k] = {p: sorted(d) for p, d in g.graph.items()}
                for k, r in shapes.items():
                    if isinstance(r, Record):
                        shapes[k] = {p: [shape, sorted(reads.items()), seen]
                                     for p, (shape, reads, seen) in r.shapes.items()}
                _write(self.folder / IMPORTS_FILE, {"format": FORMAT, "stamp": stamp, "python": _PYTHON, **doc})
            records = {k: r.state() if isinstance(r, Record) else r for k, r in self.records.items()}
            _write(self.folder / STORE_FILE, {"format": FORMAT, "code": CODE_VERSION, "stamp": stamp,
                                              "files": self.files, "records": records,
                                              "interpreters": self.interpreters})
            self.stamp = stamp
            self._dirty = self._imports_dirty = False
        except OSError:
            pass  # a read-only tree just runs without a store


def _read(path: Path) -> dict | None:
    """A store file of this format and analysis code, or None."""
    try:
        raw = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT or (
            "code" in raw and raw["code"] != CODE_VERSION):
        return None
    return raw


def _write(path: Path, doc: dict) -> None:
    """Write `doc` to `path` atomically; raises OSError (the temporary file removed)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(doc, separators=(",", ":")))
        tmp.replace(path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


class Record:
    """One setting's last analysis: `diags` maps a file to its diagnostics (decoded from their
    stored form on first use); `graph` (file -> project files it imports) is read on first
    use, and is None when the store has lost it."""

    def __init__(self, digests: dict[str, str], graph: dict[str, set[str]] | None, external: dict[str, list],
                 diags: dict[str, list], shapes: dict[str, tuple] | None = None, *, load_graph=None):
        self.digests = digests
        self._graph = graph
        self._shapes = shapes or {}
        self._load_graph = load_graph
        self.external = external
        self.diags = diags

    @property
    def graph(self) -> dict[str, set[str]] | None:
        self._load()
        return self._graph

    @property
    def shapes(self) -> dict[str, tuple]:
        """file -> (digest of its skeleton, {line: digest} of the bodies the analysis read,
        what made it worth analysing), for the files the analysis saw only so (see
        `check._unseen_changes`)."""
        self._load()
        return self._shapes

    def _load(self) -> None:
        if self._load_graph is not None:
            self._graph, self._shapes = self._load_graph()
            self._load_graph = None

    def diagnostics(self, path: str) -> list[Diagnostic]:
        found = self.diags.get(path, [])
        if found and isinstance(found[0], dict):
            found = self.diags[path] = [Diagnostic.from_state(x) for x in found]
        return found

    def state(self) -> dict:
        """The stored form (the graph is stored with the imports)."""
        return {
            "digests": self.digests,
            "external": self.external,
            "diags": {p: [d if isinstance(d, dict) else d.to_state() for d in ds]
                      for p, ds in self.diags.items() if ds},
        }

    def external_changed(self) -> bool:
        """Whether a file read from outside the project (an installed library read as source)
        changed since."""
        return any(stat_of(p) != st for p, st in self.external.items())


def stat_of(path: str) -> list | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _plain(v):
    """A JSON-able, order-independent form of a configuration value (sets sorted)."""
    if dataclasses.is_dataclass(v):
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, dict):
        return sorted([str(k), _plain(x)] for k, x in v.items())
    if isinstance(v, (set, frozenset)):
        return sorted(str(_plain(x)) for x in v)
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v if isinstance(v, (int, float, bool, type(None))) else str(v)
