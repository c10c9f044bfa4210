"""The lowering worker: runs in the user's interpreter, imports only the standard library and jax.

Run as a file (`python worker.py`); it must never import shardlint or its dependencies. Protocol:
JSON lines. The first line on stdin configures the worker::

    {"root": "/abs/project", "backend": "tpu|gpu|cpu", "host_devices": 8, "compile": false}

The worker answers ``{"event": "ready", "jax_version", "import_s", "platform", "devices",
"default_backend"}`` once jax is imported (or ``{"event": "fatal", "kind": "no-jax", ...}`` and
exits). Then each line is a request ``{"id", "function": "mod:qualname", "args": "mod:attr"|null}``
and each answer is one line: first ``{"event": "resolved", "id", "file", "line"}`` when the target
is found, then ``{"event": "result", "id", "ok", "seconds", "files", ...}`` where a failure carries
``"kind": "function"|"args"`` (a configuration problem, told on that pyproject key) or
``"kind": "lowering"`` with ``"stage": "import"|"args"|"lower"`` and ``"error": {"type",
"message", "frames", "blame"}``. Frames are the
project's frames (files under the root) of the whole exception chain, tracebacks unfiltered; the
blamed frame is the innermost project frame of the chain link that JAX attributes the operation to.
"""

import importlib
import importlib.util
import json
import os
import sys
import time
import traceback

_HERE = os.path.realpath(__file__)
PLATFORMS = {"gpu": "cuda", "cuda": "cuda", "tpu": "tpu", "cpu": "cpu"}


def _send(stream, obj):
    stream.write(json.dumps(obj) + "\n")
    stream.flush()


def _backend_present(platform):
    """Whether this machine can run `platform` itself (else JAX runs on faked CPU devices)."""
    if platform == "cpu":
        return True
    if platform == "tpu":
        return _has_module("libtpu") and any(
            os.path.exists(p) for p in ("/dev/accel0", "/dev/vfio/0", "/dev/vfio/vfio")
        )
    return _has_module("jax_cuda12_plugin", "jax_cuda13_plugin", "jax_plugins.xla_cuda12",
                       "jax_plugins.xla_cuda13") and os.path.exists("/dev/nvidiactl")


def _has_module(*names):
    for name in names:
        try:
            if importlib.util.find_spec(name) is not None:
                return True
        except ImportError:
            continue
    return False


def _prepare_environment(platform, host_devices):
    flags = os.environ.get("XLA_FLAGS", "")
    if "xla_force_host_platform_device_count" not in flags:
        os.environ["XLA_FLAGS"] = (flags + f" --xla_force_host_platform_device_count={host_devices}").strip()
    os.environ["JAX_TRACEBACK_FILTERING"] = "off"
    present = _backend_present(platform)
    if not present and "JAX_PLATFORMS" not in os.environ:
        os.environ["JAX_PLATFORMS"] = "cpu"
    return present


class _Project:
    def __init__(self, root):
        self.root = os.path.realpath(root)
        prefix = self.root.rstrip(os.sep) + os.sep
        self._prefix = prefix

    def owns(self, filename):
        if not filename or filename.startswith("<"):
            return False
        path = os.path.realpath(filename)
        if path == _HERE or not path.startswith(self._prefix):
            return False
        rel = path[len(self._prefix):].split(os.sep)
        return not any(p in ("site-packages", "dist-packages", ".venv", "venv", ".tox", ".nox") for p in rel[:-1])

    def loaded_files(self):
        out = {}
        for mod in list(sys.modules.values()):
            f = getattr(mod, "__file__", None)
            if f and self.owns(f):
                try:
                    out[os.path.realpath(f)] = os.stat(f).st_mtime_ns
                except OSError:
                    pass
        return out


class ConfigProblem(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


def _import_attr(spec, kind):
    """`module:qualname` → object; a missing module or attribute is a ConfigProblem."""
    module_name, _, qualname = spec.partition(":")
    try:
        obj = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name and (module_name == e.name or module_name.startswith(e.name + ".")):
            raise ConfigProblem(kind, f"module `{module_name}` not found under the project root or on sys.path") from None
        raise
    for i, part in enumerate(qualname.split(".")):
        if not hasattr(obj, part):
            where = module_name + (":" + ".".join(qualname.split(".")[:i]) if i else "")
            raise ConfigProblem(kind, f"`{where}` has no attribute `{part}`") from None
        obj = getattr(obj, part)
    return obj


def _definition(fn):
    """(file, line) of a target's def, looking through jit wrappers and functools.partial."""
    seen = 0
    while seen < 8:
        seen += 1
        inner = getattr(fn, "__wrapped__", None) or getattr(fn, "func", None)
        code = getattr(fn, "__code__", None)
        if code is not None:
            return code.co_filename, code.co_firstlineno
        if inner is None:
            break
        fn = inner
    return None, None


def _is_array_like(leaf, jax):
    if isinstance(leaf, (jax.ShapeDtypeStruct, jax.Array, bool, int, float, complex)):
        return True
    return hasattr(leaf, "shape") and hasattr(leaf, "dtype")


def _build_args(spec, jax):
    if spec is None:
        return ()
    value = _import_attr(spec, "args")
    if callable(value) and not isinstance(value, (tuple, list)):
        value = value()
    if not isinstance(value, tuple):
        raise ConfigProblem(
            "args", f"`{spec}` must be a tuple (or a callable returning one) of arrays or "
                    f"jax.ShapeDtypeStruct, got {type(value).__name__}")
    for leaf in jax.tree_util.tree_leaves(value):
        if not _is_array_like(leaf, jax):
            raise ConfigProblem(
                "args", f"`{spec}` holds a {type(leaf).__name__}; every leaf must be an array or "
                        f"jax.ShapeDtypeStruct")
    return value


def _char_column(filename, lineno, byte_col):
    import linecache

    text = linecache.getline(filename, lineno)
    if byte_col is None:
        return len(text) - len(text.lstrip()), len(text.rstrip("\r\n"))
    raw = text.encode("utf-8")
    return len(raw[:byte_col].decode("utf-8", "replace")), None


def _frames(exc, project):
    out = []
    for fs in traceback.extract_tb(exc.__traceback__):
        if not project.owns(fs.filename):
            continue
        col, end = _char_column(fs.filename, fs.lineno, getattr(fs, "colno", None))
        end_lineno = getattr(fs, "end_lineno", None)
        end_colno = getattr(fs, "end_colno", None)
        if end is None:
            if end_lineno == fs.lineno and end_colno is not None:
                end, _ = _char_column(fs.filename, fs.lineno, end_colno)
            else:
                import linecache

                end = len(linecache.getline(fs.filename, fs.lineno).rstrip("\r\n"))
        out.append({"file": os.path.realpath(fs.filename), "line": fs.lineno, "column": col + 1,
                    "end_column": max(end, col + 1) + 1, "function": fs.name})
    return out


def _chain(exc):
    seen = []
    while exc is not None and all(exc is not s for s in seen):
        seen.append(exc)
        exc = exc.__cause__ if exc.__cause__ is not None else (
            None if exc.__suppress_context__ else exc.__context__)
    return seen


def _describe(exc, project):
    """Type, first message line, project frames of the chain, and the blamed frame."""
    links = _chain(exc)
    frames, blame = [], None
    for link in links:
        fr = _frames(link, project)
        if isinstance(link, SyntaxError) and link.filename and project.owns(link.filename):
            col = (link.offset or 1)
            fr.append({"file": os.path.realpath(link.filename), "line": link.lineno or 1, "column": col,
                       "end_column": col + 1, "function": "<module>"})
        frames.extend(f for f in fr if f not in frames)
        if fr and (blame is None or type(link).__name__ == "JaxStackTraceBeforeTransformation"):
            blame = fr[-1]
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return {"type": type(exc).__name__, "message": message, "frames": frames, "blame": blame}


def _lower(fn, args, platform, jax):
    jitted = fn if hasattr(fn, "trace") and hasattr(fn, "lower") else jax.jit(fn)
    return jitted.trace(*args).lower(lowering_platforms=(platform,))


def _handle(req, setup, project, jax, out):
    rid = req.get("id")
    started = time.perf_counter()
    result = {"event": "result", "id": rid, "ok": True}
    stage = "import"
    try:
        fn = _import_attr(req["function"], "function")
        if not callable(fn):
            raise ConfigProblem("function", f"`{req['function']}` is a {type(fn).__name__}, not a callable")
        file, line = _definition(fn)
        _send(out, {"event": "resolved", "id": rid,
                    "file": os.path.realpath(file) if file and project.owns(file) else None, "line": line})
        stage = "args"
        args = _build_args(req.get("args"), jax)
        stage = "lower"
        lowered = _lower(fn, args, setup["platform"], jax)
        if setup["compile"] and setup["present"]:
            lowered.compile()
            result["compiled"] = True
    except ConfigProblem as e:
        result.update(ok=False, kind=e.kind, message=str(e))
    except BaseException as e:  # noqa: BLE001 - every failure of user code is the answer
        if isinstance(e, KeyboardInterrupt):
            raise
        result.update(ok=False, kind="lowering", stage=stage, error=_describe(e, project))
    result["seconds"] = round(time.perf_counter() - started, 4)
    result["files"] = project.loaded_files()
    _send(out, result)


def main():
    # The protocol owns the real stdout; anything user code prints goes to stderr.
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    line = sys.stdin.readline()
    if not line:
        return 0
    init = json.loads(line)
    platform = PLATFORMS.get(init.get("backend", "tpu"), "tpu")
    present = _prepare_environment(platform, int(init.get("host_devices", 8)))
    project = _Project(init["root"])
    sys.path.insert(0, project.root)
    os.chdir(project.root)
    started = time.perf_counter()
    try:
        import jax
    except BaseException as e:  # noqa: BLE001 - reported to the runner, which reports it to the user
        _send(out, {"event": "fatal", "kind": "no-jax", "executable": sys.executable,
                    "message": f"{type(e).__name__}: {e}"})
        return 3
    import_s = time.perf_counter() - started
    try:
        devices = len(jax.devices())
        default_backend = jax.default_backend()
    except BaseException as e:  # noqa: BLE001
        _send(out, {"event": "fatal", "kind": "no-backend", "executable": sys.executable,
                    "message": f"{type(e).__name__}: {e}"})
        return 3
    setup = {"platform": platform, "present": present and default_backend == ("gpu" if platform == "cuda" else platform),
             "compile": bool(init.get("compile"))}
    _send(out, {"event": "ready", "jax_version": jax.__version__, "import_s": round(import_s, 4),
                "platform": platform, "devices": devices, "default_backend": default_backend,
                "executable": sys.executable, "python": sys.version.split()[0],
                "present": setup["present"]})
    for line in sys.stdin:
        if not line.strip():
            continue
        _handle(json.loads(line), setup, project, jax, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
