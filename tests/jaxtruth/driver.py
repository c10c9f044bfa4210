"""Runs one fixture as `python <file>` would, inside the interpreter under test (stdlib + jax
only), and writes what happened as JSON: did it succeed, the exception type and first message
line, and the innermost frame inside the fixture's own files that JAX blames.

JAX attaches the user stack of the failing operation as a `JaxStackTraceBeforeTransformation`
cause when lowering fails; that stack is preferred over the traceback of the `.lower()` call."""

import json
import os
import runpy
import sys
import traceback


def _frames(exc):
    """Candidate tracebacks, most specific first: JAX's before-transformation stack, then the
    exception's own traceback."""
    seen = set()
    chain = []
    cur = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        chain.append(cur)
        cur = cur.__cause__ or cur.__context__
    before = [e for e in chain if type(e).__name__ == "JaxStackTraceBeforeTransformation"]
    return [traceback.extract_tb(e.__traceback__) for e in before + [exc]]


def _blame(exc, root):
    for tb in _frames(exc):
        inside = [f for f in tb if os.path.realpath(f.filename).startswith(root + os.sep)]
        if inside:
            f = inside[-1]
            return os.path.relpath(os.path.realpath(f.filename), root), f.lineno
    return None


def main(script, out_path):
    script = os.path.realpath(script)
    root = os.path.dirname(script)
    sys.path.insert(0, root)
    sys.argv = [script]
    result = {"ok": True, "type": None, "message": None, "blamed": None}
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        if e.code not in (None, 0):
            result.update(ok=False, type="SystemExit", message=str(e.code))
    except BaseException as e:  # the fixture's failure is the measurement
        text = str(e)
        result.update(ok=False, type=type(e).__name__,
                      message=text.splitlines()[0] if text else "", blamed=_blame(e, root))
    with open(out_path, "w") as fh:
        json.dump(result, fh)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
