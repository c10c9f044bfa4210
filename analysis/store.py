"""The store: what one analysis leaves for the next, under the project root in
`.shardlint_cache/`, shared by the CLI and the language server (an editor restart is warm too).

Per file (absolute path): its size and mtime, the digest of its bytes, why it was skipped if it
cannot be decoded, and its import statements (`prefilter.scan_imports`). A file whose size and
mtime match is not even read; one whose digest matches is never parsed.

Per setting (the analysis code, the configuration, the analysis interpreter and what is
installed in it, the import roots), a record: the digest of every file analysed, the import
graph, the files outside the project the analysis read (with their stat), and the diagnostics
located in each file. A run re-analyses only the files connected through imports, in either
direction, to one whose content changed, appeared or went (see `check.analyse`); the others keep
their diagnostics.

JSON only (never pickle: a cloned repository could plant one). A broken, unreadable or foreign
store is ignored; a read-only tree runs without one."""

from __future__ import annotations

import dataclasses
import json
import os
import time
from pathlib import Path

from . import prefilter
from .diagnostics import Diagnostic
from .environment import CODE_VERSION, environment_state, remember_interpreter
from .source import DecodeError, SourceFile, decode, digest

CACHE_DIR = ".shardlint_cache"
STORE_FILE = "store.json"
FORMAT = 1
MAX_RECORDS = 4
# A file modified this close to when it was stat'ed may change again within the file system's
# timestamp granularity without its mtime moving: its stat is not trusted next time.
_RACY_NS = 2_000_000_000


class Store:
    """The store of one project root; `Store(None)` keeps nothing (`--no-cache`)."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        # abs path -> [size, mtime_ns or None, digest, skipped reason or None, import scan]
        self.files: dict[str, list] = {}
        self.records: dict[str, dict | Record] = {}  # setting key -> record (stored form until used)
        self.interpreters: dict[str, list] = {}  # python -> [stamp, [sys.path, jax version]]
        self._dirty = False

    @classmethod
    def open(cls, root: Path) -> "Store":
        store = cls(Path(root) / CACHE_DIR)
        try:
            raw = json.loads((store.folder / STORE_FILE).read_bytes())
        except (OSError, ValueError):
            return store
        if not isinstance(raw, dict) or raw.get("format") != FORMAT or raw.get("code") != CODE_VERSION:
            return store
        try:
            store.files = dict(raw["files"])
            store.records = dict(raw["records"])
            store.interpreters = dict(raw.get("interpreters", {}))
            for python, (stamp, info) in store.interpreters.items():
                remember_interpreter(python, stamp, info)
        except (KeyError, TypeError, ValueError):
            return cls(store.folder)
        return store

    # ------------------------------------------------------------------------------ files

    def source(self, full: Path) -> SourceFile:
        """The file at `full` (absolute): not read when its stat matches the store (its text is
        read on first use), not parsed when its digest does. Raises OSError, or DecodeError
        for a file that is not text."""
        key = str(full)
        st = os.stat(full)
        if full.suffix == ".ipynb":
            return self._notebook(key, full, st)
        known = self.files.get(key)
        if known is not None and known[0] == st.st_size and known[1] == st.st_mtime_ns:
            if known[3] is not None:
                raise DecodeError(known[3])
            prefilter.remember_imports(known[2], known[4])
            return SourceFile(key, None, known[2], load=lambda: self._reload(key))
        data = full.read_bytes()
        dig = digest(data)
        mtime = None if time.time_ns() - st.st_mtime_ns < _RACY_NS else st.st_mtime_ns
        try:
            text = decode(data)
        except DecodeError as e:
            self._put_file(key, [len(data), mtime, dig, str(e), []])
            raise
        sf = SourceFile(key, text, dig)
        if known is not None and known[2] == dig:
            prefilter.remember_imports(dig, known[4])
        scan = [[level, module, list(names)] for level, module, names in prefilter.imports_of(sf)]
        self._put_file(key, [len(data), mtime, dig, None, scan])
        return sf

    def _notebook(self, key: str, full: Path, st: os.stat_result) -> SourceFile:
        """A notebook is read every time (its program is built from its cells) and stored with
        that program's digest. Raises OSError or NotebookError."""
        from . import notebook

        data = full.read_bytes()
        mtime = None if time.time_ns() - st.st_mtime_ns < _RACY_NS else st.st_mtime_ns
        try:
            sf = notebook.load_text(key, notebook.decode(data))
        except notebook.NotebookError as e:
            self._put_file(key, [len(data), mtime, digest(data), str(e), []])
            raise
        scan = [[level, module, list(names)] for level, module, names in prefilter.imports_of(sf)]
        self._put_file(key, [len(data), mtime, sf.digest, None, scan])
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

    def _reload(self, key: str) -> tuple[str, str]:
        """(text, digest) of a file whose stat matched: read now that something needs it."""
        data = Path(key).read_bytes()
        return decode(data), digest(data)

    def _put_file(self, key: str, entry: list) -> None:
        if self.files.get(key) != entry:
            self.files[key] = entry
            self._dirty = True

    def forget_file(self, key: str) -> None:
        if self.files.pop(key, None) is not None:
            self._dirty = True

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
            rec = Record(found["digests"], {p: set(d) for p, d in found["graph"].items()},
                         found["external"], found["diags"])
        except (KeyError, TypeError, AttributeError):
            del self.records[key]
            return None
        self.records[key] = rec
        return rec

    def put_record(self, key: str, record: "Record") -> None:
        if self.folder is None:
            return
        self.records.pop(key, None)
        self.records[key] = record
        while len(self.records) > MAX_RECORDS:
            self.records.pop(next(iter(self.records)))
        self._dirty = True

    def remember_interpreter(self, python: str | None, stamp: list, info) -> None:
        if python and self.interpreters.get(python) != [stamp, list(info)]:
            self.interpreters[python] = [stamp, list(info)]
            self._dirty = True

    def save(self) -> None:
        """Write the store (atomically: a concurrent run reads the old one or this one)."""
        if self.folder is None or not self._dirty:
            return
        records = {k: r.state() if isinstance(r, Record) else r for k, r in self.records.items()}
        doc = {"format": FORMAT, "code": CODE_VERSION, "files": self.files, "records": records,
               "interpreters": self.interpreters}
        tmp = self.folder / f"{STORE_FILE}.{os.getpid()}.tmp"
        try:
            self.folder.mkdir(exist_ok=True)
            gi = self.folder / ".gitignore"
            if not gi.exists():
                gi.write_text("# Created by shardlint.\n*\n")
            tmp.write_text(json.dumps(doc, separators=(",", ":")))
            tmp.replace(self.folder / STORE_FILE)
            self._dirty = False
        except OSError:
            try:
                tmp.unlink()
            except OSError:
                pass  # a read-only tree just runs without a store


class Record:
    """One setting's last analysis: `diags` maps a file to its diagnostics (decoded from their
    stored form on first use)."""

    def __init__(self, digests: dict[str, str], graph: dict[str, set[str]], external: dict[str, list],
                 diags: dict[str, list]):
        self.digests = digests
        self.graph = graph
        self.external = external
        self.diags = diags

    def diagnostics(self, path: str) -> list[Diagnostic]:
        found = self.diags.get(path, [])
        if found and isinstance(found[0], dict):
            found = self.diags[path] = [Diagnostic.from_state(x) for x in found]
        return found

    def state(self) -> dict:
        """The stored form."""
        return {
            "digests": self.digests,
            "graph": {p: sorted(d) for p, d in self.graph.items()},
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
