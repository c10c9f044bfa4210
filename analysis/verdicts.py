"""Three-valued verdicts: an error needs evidence on every path.

A rule reports what it sees in one context. The context records the choices made on the way —
which option was taken of a value that differs by path (a callee bound in two branches, an
axis name that is one of two strings) — and the exceptions an enclosing `try` catches. Here
the diagnostics of the same rule at the same place are put together:
- where every path reaches the failure (each option of every choice leads to it), it stays an
  error;
- where only some paths do, it is a warning that says so (unknown is not wrong);
- where the exception JAX raises is caught by an enclosing handler that swallows it, the
  program goes on, and nothing is reported."""

from __future__ import annotations

from dataclasses import replace

from .diagnostics import Diagnostic, Severity

# The exception JAX (or Python) raises for each rule that stands for a failure.
RAISES = {
    "SHL001": "NotImplementedError", "SHL002": "NameError", "SHL003": "NotImplementedError",
    "SHL004": "NotImplementedError", "SHL005": "NameError", "SHL006": "AssertionError",
    "SHL007": "NotImplementedError", "SHL008": "AttributeError", "SHL009": "NotImplementedError",
    "SHL010": "ValueError", "SHL011": "ValueError", "SHL012": "ValueError", "SHL013": "TypeError",
    "SHL014": "KeyError", "SHL015": "ValueError", "SHL016": "ValueError",
    "SHL017": "ValueError", "SHL018": "TypeError", "SHL019": "ValueError", "SHL020": "ValueError",
    "SHL021": "TypeError", "SHL022": "ValueError", "SHL023": "ValueError", "SHL024": "ValueError",
    "SHL025": "ValueError", "SHL026": "ValueError", "SHL027": "ValueError", "SHL028": "ValueError",
    "SHL029": "ShardingTypeError", "SHL030": "ShardingTypeError", "SHL031": "ShardingTypeError", "SHL032": "ValueError",
    "SHL033": "ShardingTypeError", "SHL034": "TypeError", "SHL035": "ShardingTypeError",
    "SHL036": "ShardingTypeError", "SHL037": "ShardingTypeError",
    "SHL038": "TypeError", "SHL039": "TypeError", "SHL040": "ShardingTypeError",
    "SHL041": "ValueError", "SHL042": "TypeError", "SHL043": "ShardingTypeError",
    "SHL044": "ValueError", "SHL045": "ShardingTypeError", "SHL046": "TypeError",
    "SHL047": "ValueError", "SHL048": "DuplicateSpecError", "SHL049": "ValueError",
    "SHL114": "ValueError",
    "SHL103": "ValueError", "SHL104": "ValueError", "SHL105": "ValueError",
    "SHL106": "IndexError", "SHL107": "ValueError", "SHL108": "ValueError", "SHL109": "ValueError",
    "SHL110": "ValueError", "SHL111": "ValueError", "SHL112": "ValueError", "SHL113": "AssertionError",
}
# Failures JAX raises while tracing (the traceback a user sees starts where it is raised, and
# where a handler raises an exception of its own instead, there).
TRACE_TIME = frozenset({"SHL002", "SHL005", "SHL006", "SHL008", "SHL009", "SHL010", "SHL013", "SHL014", "SHL015",
                        "SHL016", "SHL017", "SHL018", "SHL019", "SHL020", "SHL021", "SHL022", "SHL023", "SHL025",
                        "SHL026", "SHL027", "SHL028", "SHL029", "SHL030", "SHL031", "SHL033", "SHL034",
                        "SHL035", "SHL036", "SHL037", "SHL038", "SHL039", "SHL040", "SHL041", "SHL042",
                        "SHL043", "SHL044", "SHL045", "SHL046", "SHL047", "SHL048", "SHL049", "SHL114",
                        "SHL103",
                        "SHL111"})
# What catching a base class catches too.
_BASES = {
    "NotImplementedError": ("RuntimeError",), "KeyError": ("LookupError",), "IndexError": ("LookupError",),
    "NameError": (), "AssertionError": (), "ValueError": (), "TypeError": (), "AttributeError": (),
    "ShardingTypeError": (), "DuplicateSpecError": (),
}
SOME_PATHS = (" Not every path reaches this with what fails here (it depends on a value that differs by "
              "path), so this is a warning.")


def catches(names: frozenset, exc: str) -> bool:
    if not names:
        return False
    if names & {"*", "Exception", "BaseException", exc}:
        return True
    return bool(names & set(_BASES.get(exc, ())))


def verdicts(diags: list[Diagnostic], contexts: dict) -> list[Diagnostic]:
    groups: dict = {}
    for d in diags:
        groups.setdefault((d.path, d.line, d.column, d.code), []).append(d)
    out = []
    for (_, _, _, code), items in groups.items():
        ctxs = {id(d): contexts.get(id(d), (None, None))[0] for d in items}

        def swallowed(d):
            ctx, exc = contexts.get(id(d), (None, None))
            exc = exc or RAISES.get(code)
            return ctx is not None and exc is not None and catches(ctx.caught, exc)

        kept = [d for d in items if not swallowed(d)]
        if not kept:
            continue
        errors = [d for d in kept if d.severity == Severity.ERROR]
        if not errors:
            out.append(min(kept, key=lambda d: d.severity.rank))
            continue
        paths = {ctxs[id(d)].choices if ctxs[id(d)] is not None else () for d in errors
                 if ctxs[id(d)] is None or not ctxs[id(d)].uncertain}
        # The first error reached on every path speaks for the place.
        first = next((d for d in errors if ctxs[id(d)] is None or ctxs[id(d)].choices == ()), errors[0])
        if not covered(paths, ()):
            first = replace(first, severity=Severity.WARNING, message=first.message + SOME_PATHS)
        out.append(first)
    return out


def covered(paths: set, prefix: tuple) -> bool:
    """Whether the diagnostics recorded under `paths` (tuples of (origin, option, of n)
    choices) cover every way through the choices below `prefix`."""
    if prefix in paths:
        return True
    depth = len(prefix)
    below = [p for p in paths if len(p) > depth and p[:depth] == prefix]
    for origin, n in {(p[depth][0], p[depth][2]) for p in below}:
        if all(covered(paths, prefix + ((origin, i, n),)) for i in range(n)):
            return True
    return False
