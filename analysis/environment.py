"""What the analysis depends on besides the project's files: the analysis code itself, and the
interpreter whose environment the analysis reads (its import path, its JAX version).

Light on purpose: a run whose results are all in the store asks only this module (and the
store), never importing the interpreter."""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from pathlib import Path

from .config import Config
from .source import blake2b


def _code_fingerprint() -> str:
    """A digest of the analysis code itself (each file's name, size and modification time: an
    installed or edited copy of a file changes them, and reading them all would cost a tenth of
    a run that finds its results stored): diagnostics cached by another shardlint (whose rules
    or fix facts differ) are never reused."""
    h = blake2b(digest_size=8)
    top = os.path.dirname(os.path.realpath(__file__))
    for folder, dirs, names in os.walk(top):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".py"):
                st = os.stat(os.path.join(folder, name))
                rel = os.path.relpath(os.path.join(folder, name), top)
                h.update(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()


CODE_VERSION = _code_fingerprint()

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
    import importlib.util

    spec = importlib.util.find_spec("jax")
    if spec is None or not spec.origin:
        return None
    try:
        text = Path(spec.origin).with_name("version.py").read_text()
    except OSError:
        return None
    m = re.search(_VERSION_RE, text, re.M)
    return m.group(1) if m else None


def is_foreign(python: str | None) -> bool:
    """Whether `python` is another interpreter than this one. A virtual environment's `python`
    and `python3` (links to one file, in one folder, so reading one `pyvenv.cfg`) are the same."""
    if not python:
        return False
    mine, theirs = os.path.abspath(sys.executable), os.path.abspath(python)
    if mine == theirs:
        return False
    try:
        return os.path.dirname(mine) != os.path.dirname(theirs) or not os.path.samefile(mine, theirs)
    except OSError:
        return True


def _installed(paths) -> tuple[str, ...]:
    """The folders of an import path that installed packages live in: the standard library and
    the project's own folders (a `-c` working folder, an editable install) are not read."""
    return tuple(p for p in paths if p and ("site-packages" in p or p.endswith("dist-packages")))


# python -> (stamp, info) remembered from an earlier run (the store): reused while the stamp holds.
_REMEMBERED: dict[str, tuple[list, tuple]] = {}


@functools.lru_cache(maxsize=8)
def _interpreter_info(python: str | None) -> tuple[tuple[str, ...], str | None]:
    """(import path, jax version) of the analysis interpreter, without importing jax there."""
    if is_foreign(python):
        known = _REMEMBERED.get(python)
        if known is not None and known[0] == interpreter_stamp(python, known[1][0]):
            return known[1]
        import subprocess

        try:
            out = subprocess.run([python, "-c", _PROBE], capture_output=True, text=True, timeout=20,
                                 cwd=os.path.dirname(os.path.abspath(python)))
            paths, ver = json.loads(out.stdout)
            return _installed(paths), ver
        except (OSError, ValueError, subprocess.SubprocessError):
            return (), None
    return _installed(sys.path), _local_jax_version()


def interpreter_stamp(python: str | None, paths) -> list:
    """What changes when the interpreter or what is installed in it changes: the interpreter
    file, and each folder of its import path (installing or removing a package changes it)."""
    out = []
    for p in ([python] if python else []) + list(paths):
        try:
            st = os.stat(p)
            out.append([p, st.st_mtime_ns, st.st_size])
        except OSError:
            out.append([p, None, None])
    return out


def remember_interpreter(python: str, stamp: list, info) -> None:
    """Seed the probe of a foreign interpreter with an earlier run's answer (kept while its
    stamp holds)."""
    paths, ver = info
    _REMEMBERED[python] = (stamp, (tuple(paths), ver))


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
    if ver:
        return ver
    from .jaxfacts import NEWEST_KNOWN

    return NEWEST_KNOWN


def framework_version(config: Config, package: str = "flax") -> str | None:
    """The version of a framework (`flax`) the analysis reads code for: the configured one, else
    the one installed in the analysis interpreter (its dist-info folder), else None."""
    if package == "flax" and config.flax_version:
        return config.flax_version
    paths, _ = _interpreter_info(analysis_python(config))
    return _dist_version(tuple(paths), package)


@functools.lru_cache(maxsize=32)
def _dist_version(paths: tuple, package: str) -> str | None:
    prefix = package + "-"
    for folder in paths:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.startswith(prefix) and name.endswith(".dist-info"):
                return name[len(prefix):-len(".dist-info")]
    return None


def environment_fingerprint(config: Config) -> str:
    # (the framework versions are not in it: installing one changes the import path's stamp)
    return f"{analysis_python(config)}|{target_version(config)}"


def environment_state(config: Config) -> list:
    """Everything about the analysis interpreter a stored result depends on: the fingerprint,
    and the stamp of its import path (a package installed, upgraded or removed there)."""
    python = analysis_python(config)
    paths, _ = _interpreter_info(python)
    return [environment_fingerprint(config), interpreter_stamp(python, paths)]
