"""Lowers one corpus case the way a user's `jax.jit(run)` would be lowered, inside the
interpreter under test (stdlib + jax only), and writes JAX's verdict as JSON.

`python _lower.py CASE_DIR PLATFORM OUT.json`: imports `case` from CASE_DIR (on sys.path, as a
user's script folder would be), then `jax.jit(case.run).trace(*case.ARGS).lower(
lowering_platforms=(PLATFORM,))`. A failure anywhere (import, building ARGS, tracing, lowering)
is the verdict: exception type, first message line, and the innermost frame inside CASE_DIR,
taken from JAX's before-transformation user stack when JAX attached one."""

import json
import os
import sys
import traceback


def _chain(exc):
    seen, out = set(), []
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        out.append(exc)
        exc = exc.__cause__ or exc.__context__
    return out


def _blame(exc, root):
    chain = _chain(exc)
    before = [e for e in chain if type(e).__name__ == "JaxStackTraceBeforeTransformation"]
    for e in before + [exc]:
        inside = [f for f in traceback.extract_tb(e.__traceback__)
                  if os.path.realpath(f.filename).startswith(root + os.sep)]
        if inside:
            f = inside[-1]
            return [os.path.relpath(os.path.realpath(f.filename), root), f.lineno]
    return None


def main(case_dir, platform, out_path):
    root = os.path.realpath(case_dir)
    sys.path.insert(0, root)
    verdict = {"ok": True, "type": None, "message": None, "blamed": None}
    try:
        import jax
        import case
        jax.jit(case.run).trace(*case.ARGS).lower(lowering_platforms=(platform,))
    except BaseException as e:  # the case's failure is the measurement
        text = str(e)
        verdict.update(ok=False, type=type(e).__name__,
                       message=text.splitlines()[0] if text else "", blamed=_blame(e, root))
    with open(out_path, "w") as fh:
        json.dump(verdict, fh)


if __name__ == "__main__":
    main(*sys.argv[1:4])
