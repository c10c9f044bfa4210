"""What a Flax NNX state holds: the variables of a module that a filter keeps, as `nnx.split`,
`nnx.state` and `nnx.StateSharding` match them. A filter is a variable type (Flax's or a
program's subclass), `...`/True (all), None/False (none), a tuple of filters (any), or one of
`nnx.Not`, `nnx.Any`, `nnx.All`, `nnx.OfType`, `nnx.Everything`, `nnx.Nothing`,
`nnx.PathContains`; what this module cannot decide (a tag, a function) it says is not known
(None), never a guess."""

from __future__ import annotations

from .shapes import LAYER_SHAPES, STACKED
from .values import ClassV, Const, DictV, Ext, GraphPart, Inst, Seq, Value, ancestors, variable_kind

_NNX = "flax.nnx."
# Flax's variable classes and the one each derives from (all from Variable)
_BASES = {"Param": "Variable", "BatchStat": "Variable", "Cache": "Variable", "Intermediate": "Variable",
          "RngState": "Variable", "OptState": "Variable", "LoRAParam": "Param", "Perturbation": "Intermediate",
          "RngKey": "RngState", "RngCount": "RngState", "OptArray": "OptState", "OptVariable": "OptState"}
VARIABLE_TYPES = frozenset(_NNX + n for n in (*_BASES, "Variable"))

# Flax NNX layers by the variables they always hold whatever they are given: (attribute, type)
_HELD = {
    **{_NNX + n: (("kernel", "Param"),) for n in ("Linear", "LinearGeneral", "Einsum", "Conv", "ConvTranspose")},
    _NNX + "Embed": (("embedding", "Param"),),
    _NNX + "BatchNorm": (("mean", "BatchStat"), ("var", "BatchStat")),
}
_DROPOUT = _NNX + "Dropout"  # given `rngs=`, it keeps a stream of them: an RngKey and an RngCount
_RNGS = (_NNX + "Rngs", _NNX + "RngStream")
SEEDED = "__seeded__"  # an `nnx.Rngs` made with at least one stream (a Const)


def classes(cls: Value) -> list:
    """A variable class and the classes it derives from (Flax's by name, a program's as ClassV)."""
    out = []
    for c in ancestors(cls):
        for k in _flax_classes(c.name) if isinstance(c, Ext) else (c,):
            if k not in out:
                out.append(k)
    return out


def _flax_classes(name: str) -> list:
    name, out = name.removeprefix(_NNX), []
    while name is not None:
        out.append(_NNX + name)
        name = _BASES.get(name, "Variable") if name != "Variable" else None
    return out


def matches(f: Value, cls: Value, path: tuple | None) -> bool | None:
    """Whether filter `f` keeps a variable of class `cls` at `path` (None: the path is not known);
    None where that is not known."""
    if isinstance(f, Const):
        if f.value is Ellipsis or f.value is True:
            return True
        if f.value is None or f.value is False:
            return False
        return None  # (a string is a tag)
    if isinstance(f, Ext) and f.name in VARIABLE_TYPES or isinstance(f, ClassV) and variable_kind(f) is not None:
        return any(c is f or isinstance(c, str) and isinstance(f, Ext) and c == f.name for c in classes(cls))
    if isinstance(f, Seq) and f.kind in ("tuple", "list"):
        return _any([matches(i, cls, path) for i in f.items])
    if not (isinstance(f, Inst) and isinstance(f.cls, Ext) and f.cls.name.startswith(_NNX)):
        return None
    kind, a = f.cls.name.removeprefix(_NNX), f.attrs
    if kind in ("Everything", "Nothing"):
        return kind == "Everything"
    if kind == "Not":
        found = matches(a.get("filter"), cls, path)
        return None if found is None else not found
    if kind in ("Any", "All") and isinstance(a.get("filters"), Seq):
        found = [matches(i, cls, path) for i in a["filters"].items]
        return _any(found) if kind == "Any" else _all(found)
    if kind == "OfType":
        return matches(a.get("type"), cls, path)
    if kind == "PathContains" and path is not None:
        key, exact = a.get("key"), a.get("exact", Const(True))
        if isinstance(key, Const) and isinstance(exact, Const) and isinstance(exact.value, bool):
            return key.value in path if exact.value else any(str(key.value) in str(p) for p in path)
    return None


def _any(found: list) -> bool | None:
    return True if True in found else None if None in found else False


def _all(found: list) -> bool | None:
    return False if False in found else None if None in found else True


def split_selects(filters: Seq | None, count: int) -> list:
    """The selection of each state `nnx.split(model, *filters)` (or `nnx.state`) returns: its
    filter, and the filters before it (a variable goes to the first that keeps it)."""
    if not isinstance(filters, Seq) or not filters.items:
        return [None] * count
    return [(f, filters.items[:i]) for i, f in enumerate(filters.items)]


def keeps(select: tuple | None, cls: Value, path: tuple | None) -> bool | None:
    """Whether a state of this selection holds a variable of class `cls` at `path`."""
    if select is None:
        return True
    own, earlier = select
    found = [matches(own, cls, path), *(None if (m := matches(e, cls, path)) is None else not m for e in earlier)]
    return _all(found)


def held(module: Value, path: tuple = (), seen: frozenset = frozenset()):
    """(path, class) of variables a module surely holds (where the path within a layer of
    Flax's is not known, its attribute's path and None after it); not all of them."""
    if not isinstance(module, Inst) or id(module) in seen or STACKED in module.attrs:
        return
    seen = seen | {id(module)}
    if variable_kind(module.cls) is not None:
        yield path, module.cls
        return
    if isinstance(module.cls, Ext):
        name = module.cls.name
        for attr, kind in _HELD.get(name, ()):
            yield (*path, attr), Ext(_NNX + kind)
        shapes = module.attrs.get(LAYER_SHAPES)
        if name.startswith(_NNX) and isinstance(shapes, Const):
            for attr, _ in shapes.value:
                yield (*path, attr), Ext(_NNX + "Param")
        rngs = module.attrs.get("rngs")
        if name == _DROPOUT and isinstance(rngs, Inst) and isinstance(rngs.cls, Ext) and rngs.cls.name in _RNGS:
            yield (*path, "rngs", None), Ext(_NNX + "RngKey")
        if name == _RNGS[0] and module.attrs.get(SEEDED) == Const(True):
            yield (*path, None), Ext(_NNX + "RngKey")
        return
    for k, v in module.attrs.items():
        if isinstance(k, str) and not k.startswith("__"):
            yield from _held_in(v, (*path, k), seen)


def _held_in(v: Value, path: tuple, seen: frozenset):
    if isinstance(v, Inst):
        yield from held(v, path, seen)
    elif isinstance(v, Seq) and v.kind in ("list", "tuple"):
        for i, item in enumerate(v.items):
            yield from _held_in(item, (*path, i), seen)
    elif isinstance(v, DictV):
        for k, item in v.items.items():
            yield from _held_in(item, (*path, k), seen)


def state_difference(a: GraphPart, b: GraphPart) -> tuple | None:
    """A variable one of two states of the same module holds and the other does not (their
    filters differ on it): (its path, its class, whether `a` holds it); None where none is
    known."""
    if a.select == b.select or a.module is not b.module:
        return None
    for path, cls in held(a.module):
        known = path if None not in path else None
        in_a, in_b = keeps(a.select, cls, known), keeps(b.select, cls, known)
        if in_a is not None and in_b is not None and in_a != in_b:
            return tuple(p for p in path if p is not None), cls, in_a
    return None
