"""Data files a program reads its settings from: a JSON config next to the script, found through
`__file__`, `os.path` and `pathlib`, opened and loaded with `json`. The file as it is on disk
now is what the program reads when it runs (a script reads its own folder's config); its axis
names, mesh shape and flags then hold as if written in the program. A path relative to the
working directory is taken from the folder of the module that reads it (a script run where it
lives). The read is observed like an installed library's source: the store re-analyses when the
file changes. Anything else (a path not known, a file too big, not there, not JSON) is not
known."""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass

from .. import source
from .values import Const, Seq, Unknown, Value

MAX_DATA = 100_000  # a longer data file is left unread
# `os.path` functions that compute a path from the strings given, touching nothing on disk
# (`abspath` and `realpath` only of a path already absolute: else the working directory counts).
_PURE = {"join", "dirname", "basename", "normpath", "splitext", "split"}
_ABSOLUTE = {"abspath", "realpath"}
_READ_MODES = {"r", "rt", "rb", "br"}


@dataclass(frozen=True, eq=False)
class PathV(Value):
    """A `pathlib.Path` of a known path."""
    path: str

    def key(self):
        return ("path", self.path)


@dataclass(frozen=True, eq=False)
class OpenFileV(Value):
    """A file opened for reading (`open(path)`, `path.open()`): its text, where readable."""
    path: str
    binary: bool = False

    def key(self):
        return ("file", self.path, self.binary)


def path_of(v: Value) -> str | None:
    """The path a string or a `Path` names, else None."""
    if isinstance(v, PathV):
        return v.path
    if isinstance(v, Const) and isinstance(v.value, str):
        return v.value
    return None


def module_file(path: str) -> Value:
    """`__file__` of the module at `path` (a notebook's cells have none)."""
    return Unknown if path.endswith(".ipynb") else Const(os.path.abspath(path))


def os_path(fn: str, args: list) -> Value:
    """`os.path.<fn>(*args)` of known paths."""
    paths = [path_of(a) for a in args]
    if not args or None in paths or (fn not in _PURE and fn not in _ABSOLUTE) or (fn != "join" and len(args) != 1):
        return Unknown
    if fn in _ABSOLUTE:
        return Const(posixpath.normpath(paths[0])) if os.path.isabs(paths[0]) else Unknown
    out = getattr(os.path, fn)(*paths)
    return Seq(tuple(Const(o) for o in out)) if isinstance(out, tuple) else Const(out)


def new_path(args: list) -> Value:
    """`pathlib.Path(*parts)`."""
    paths = [path_of(a) for a in args]
    if None in paths:
        return Unknown
    return PathV(os.path.join(*paths) if paths else ".")


def path_attr(p: PathV, attr: str) -> Value | None:
    """`p.parent`, `p.name`, `p.stem`, `p.suffix`; None for a method."""
    if attr == "parent":
        return PathV(os.path.dirname(p.path) or ".")
    if attr in ("name", "stem", "suffix"):
        name = os.path.basename(p.path)
        stem, suffix = os.path.splitext(name)
        return Const({"name": name, "stem": stem, "suffix": suffix}[attr])
    return None


def divide(left: Value, right: Value) -> Value | None:
    """`p / "part"` (or `"part" / p`) of a `Path`; None where neither side is one."""
    if not (isinstance(left, PathV) or isinstance(right, PathV)):
        return None
    a, b = path_of(left), path_of(right)
    return PathV(os.path.join(a, b)) if a is not None and b is not None else Unknown


def path_method(p: PathV, name: str, args: list, kwargs: dict, reader: str) -> Value:
    """A method of a `Path`: the paths it computes, or the text it reads."""
    if name in ("resolve", "absolute"):
        return PathV(posixpath.normpath(p.path)) if os.path.isabs(p.path) else Unknown
    if name == "joinpath":
        return new_path([p, *args])
    if name in ("with_name", "with_suffix") and len(args) == 1 and isinstance(args[0], Const) \
            and isinstance(args[0].value, str):
        head, tail = os.path.split(p.path)
        tail = args[0].value if name == "with_name" else os.path.splitext(tail)[0] + args[0].value
        return PathV(os.path.join(head, tail))
    if name == "read_text":
        text = read(p.path, reader)
        return Const(text) if text is not None else Unknown
    if name == "open":
        return opened(p, args[0] if args else kwargs.get("mode", Const("r")))
    return Unknown


def opened(path: Value, mode: Value) -> Value:
    """`open(path, mode)` for reading."""
    p = path_of(path)
    if p is None or not (isinstance(mode, Const) and mode.value in _READ_MODES):
        return Unknown
    return OpenFileV(p, "b" in mode.value)


def file_method(f: OpenFileV, name: str, args: list, reader: str) -> Value:
    """`f.read()` of a file opened for reading (as text)."""
    if name == "read" and not args and not f.binary:
        text = read(f.path, reader)
        return Const(text) if text is not None else Unknown
    return Unknown


def read(path: str, reader: str) -> str | None:
    """The text of the data file at `path` (relative: from the folder of `reader`, the module
    reading it), or None."""
    if not os.path.isabs(path):
        path = os.path.join(os.path.dirname(os.path.abspath(reader)), path)
    return source.read_data(path, MAX_DATA)
