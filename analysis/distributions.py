"""Which installed packages cannot reach JAX. The interpreter follows calls into installed
code, but a package that neither depends on JAX nor mentions it (a template engine, a C
parser, a terminal UI) can run no collective, kernel or transformation of its own: running its
functions only costs time (a template compiled at import, in EasyDeL, was a fifth of a whole
check). Such a function is not run unless it is handed something of the program's that it
might call back (see `CallMixin.run_function`).

A top-level package is JAX-free when all of these hold, read from the analysis interpreter's
import path without importing anything:
- it is a regular package or a module (a namespace package is shared by distributions);
- the distribution that installs it is found (its `.dist-info` lists it), and neither it nor
  anything it requires, transitively and under any extra, is `jax` or `jaxlib`;
- none of its own files mentions `jax` (an optional backend that imports JAX when it is there
  declares no requirement).
Anything not known for sure (no metadata, unreadable files) is taken to reach JAX."""

from __future__ import annotations

import os
import re

_JAX_DISTS = frozenset({"jax", "jaxlib"})
_REQUIREMENT = re.compile(r"^Requires-Dist:\s*([A-Za-z0-9][A-Za-z0-9._-]*)", re.MULTILINE)


def normalized(name: str) -> str:
    """A distribution's name as PEP 503 compares names."""
    return re.sub(r"[-_.]+", "-", name).lower()


class Installed:
    """The packages on one import path (`sys_path`: the folders of installed packages)."""

    def __init__(self, sys_path: list[str]):
        self.sys_path = [os.path.realpath(p) for p in sys_path]
        self._free: dict[tuple[str, str], bool] = {}  # (folder, top-level name) -> JAX-free
        self._by_path: dict[str, bool] = {}  # module file -> JAX-free
        self._dists: dict[str, dict[str, str]] = {}  # folder -> normalized name -> .dist-info path
        self._tops: dict[str, dict[str, list[str]]] = {}  # folder -> top-level name -> .dist-info paths
        self._reaches: dict[str, bool] = {}  # .dist-info path -> requires JAX (transitively)

    def jax_free(self, path: str) -> bool:
        """Whether the installed module at `path` belongs to a JAX-free package."""
        known = self._by_path.get(path)
        if known is None:
            known = self._by_path[path] = self._jax_free(path)
        return known

    def _jax_free(self, path: str) -> bool:
        real = os.path.realpath(path)
        for folder in self.sys_path:
            if real.startswith(folder + os.sep):
                top = real[len(folder) + 1:].split(os.sep)[0]
                top = top[:-3] if top.endswith(".py") else top
                key = (folder, top)
                if key not in self._free:
                    self._free[key] = self._package_free(folder, top)
                return self._free[key]
        return False

    def _package_free(self, folder: str, top: str) -> bool:
        package = os.path.join(folder, top)
        if os.path.isdir(package):
            if not os.path.isfile(os.path.join(package, "__init__.py")):
                return False  # a namespace package: several distributions may share it
            sources = _sources(package)
        elif os.path.isfile(package + ".py"):
            sources = [package + ".py"]
        else:
            return False
        dist = self._dist_of(folder, top)
        if dist is None or self._requires_jax(dist):
            return False
        try:
            for src in sources:
                with open(src, "rb") as f:
                    if b"jax" in f.read():
                        return False
        except OSError:
            return False
        return True

    def _listing(self, folder: str) -> dict[str, str]:
        found = self._dists.get(folder)
        if found is None:
            found = {}
            try:
                names = os.listdir(folder)
            except OSError:
                names = []
            for n in names:
                if n.endswith(".dist-info"):
                    found.setdefault(normalized(n[:-len(".dist-info")].split("-")[0]), os.path.join(folder, n))
            self._dists[folder] = found
        return found

    def _dist_of(self, folder: str, top: str) -> str | None:
        """The .dist-info of the one distribution that installs `top` in `folder`: the one named
        like it when it lists it, else the one that does (none when several or none do)."""
        named = self._listing(folder).get(normalized(top))
        if named is not None and top in _installs(named):
            return named
        tops = self._tops.get(folder)
        if tops is None:
            tops = self._tops[folder] = {}
            for dist in self._listing(folder).values():
                for t in _installs(dist):
                    tops.setdefault(t, []).append(dist)
        owners = tops.get(top, [])
        return owners[0] if len(owners) == 1 else None

    def _requires_jax(self, dist: str) -> bool:
        """Whether `dist` requires JAX: itself or what it requires, transitively, under any
        extra (what it requires that is not installed is not followed)."""
        known = self._reaches.get(dist)
        if known is None:
            known = self._reaches[dist] = self._closure_requires_jax(dist)
        return known

    def _closure_requires_jax(self, dist: str) -> bool:
        seen, todo = {dist}, [dist]
        while todo:
            try:
                with open(os.path.join(todo.pop(), "METADATA"), encoding="utf-8", errors="replace") as f:
                    metadata = f.read()
            except OSError:
                return True  # nothing says what it requires
            for name in map(normalized, _REQUIREMENT.findall(metadata)):
                if name in _JAX_DISTS:
                    return True
                needed = next((d for d in (self._listing(p).get(name) for p in self.sys_path) if d), None)
                if needed is not None and needed not in seen:
                    seen.add(needed)
                    todo.append(needed)
        return False


def _installs(dist: str) -> set[str]:
    """The top-level names a distribution installs: its `top_level.txt`, else the first part
    of each path its RECORD lists (without its metadata, caches and scripts)."""
    try:
        with open(os.path.join(dist, "top_level.txt"), encoding="utf-8", errors="replace") as f:
            return {line.strip() for line in f if line.strip()}
    except OSError:
        pass
    out = set()
    try:
        with open(os.path.join(dist, "RECORD"), encoding="utf-8", errors="replace") as f:
            for line in f:
                first = line.split(",", 1)[0].split("/", 1)[0]
                if first and not first.endswith((".dist-info", ".data")) and first not in ("..", "__pycache__"):
                    out.add(first[:-3] if first.endswith(".py") else first)
    except OSError:
        pass
    return out


def _sources(package: str) -> list[str]:
    out = []
    for here, dirs, files in os.walk(package):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        out.extend(os.path.join(here, f) for f in files if f.endswith(".py"))
    return out
