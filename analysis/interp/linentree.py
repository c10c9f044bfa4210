"""The tree of variables a Flax Linen `init` makes, gathered while the analysis runs it: each
module's path (its name in its parent: the one given, the attribute `setup()` assigns it to, or
the one Flax makes, `Dense_0`), and each variable a module makes (`self.param`, a Linen layer's
own parameters) by collection, path and name, of the shape it is made with where known.

The tree is known only where the whole run is: every module that makes variables has a path,
every layer's parameters are in the table, nothing ran on one path of several (a branch, a loop
whose trips are not known, one of several callees), and no call the run needed was left out (a
function not followed, a memoised run that made modules). Else `LinenTree.result` is None, and
the analysis knows the variables as before (`LinenVarsV`), or not at all."""

from __future__ import annotations

from dataclasses import dataclass, field

from .values import ArrayV, DictV, Seq, Value

LINEN_ARGS = "__linen_args__"  # a Linen layer's constructor arguments, as a tuple of pairs
UNKNOWN = object()  # a flag, or a name, that is not a constant


def _size(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _flag(a: dict, name: str):
    v = a.get(name, True)
    return v if isinstance(v, bool) else UNKNOWN


def _features_in(x: tuple | None, axis=-1):
    return x[axis] if x is not None and -len(x) <= axis < len(x) and _size(x[axis]) else None


def _dense(a: dict, x):
    n, bias = a.get("features"), _flag(a, "use_bias")
    if not _size(n) or bias is UNKNOWN:
        return None
    out = {"kernel": ("params", (_features_in(x), n))}  # (its input features None where not known)
    if bias:
        out["bias"] = ("params", (n,))
    return out


def _dense_general(a: dict, x):
    features, axis, bias = a.get("features"), a.get("axis", -1), _flag(a, "use_bias")
    features = (features,) if _size(features) else tuple(features) if isinstance(features, tuple) else None
    axis = (axis,) if isinstance(axis, int) else tuple(axis) if isinstance(axis, tuple) else None
    if features is None or not all(map(_size, features)) or axis is None or bias is UNKNOWN \
            or a.get("batch_dims", ()) != ():
        return None
    out = {"kernel": ("params", (*(_features_in(x, i) for i in axis), *features))}
    if bias:
        out["bias"] = ("params", features)
    return out


def _embed(a: dict, x):
    n, d = a.get("num_embeddings"), a.get("features")
    return {"embedding": ("params", (n, d))} if _size(n) and _size(d) else None


def _norm(names: tuple):
    def made(a: dict, x):
        if a.get("feature_axes", -1) != -1:
            return None
        flags = {n: _flag(a, f"use_{n}") for n in names}
        if UNKNOWN in flags.values():
            return None
        d = _features_in(x)
        return {n: ("params", (d,) if d is not None else None) for n, on in flags.items() if on}
    return made


def _batch_norm(a: dict, x):
    axis, flags = a.get("axis", -1), {n: _flag(a, f"use_{n}") for n in ("scale", "bias")}
    if not isinstance(axis, int) or isinstance(axis, bool) or UNKNOWN in flags.values():
        return None
    d = _features_in(x, axis)
    shape = (d,) if d is not None else None
    stats = {"mean": ("batch_stats", shape), "var": ("batch_stats", shape)}  # (made under init whatever it is given)
    return {**stats, **{n: ("params", shape) for n, on in flags.items() if on}}


def _attention(a: dict, x):
    """Its query, key, value and output projections (submodules of its own: their variables' names
    are paths). The keys' and values' input features are their inputs', not known here."""
    heads, qkv, out, bias = a.get("num_heads"), a.get("qkv_features"), a.get("out_features"), _flag(a, "use_bias")
    if not _size(heads) or bias is UNKNOWN or a.get("decode", False) is not False \
            or a.get("normalize_qk", False) is not False:
        return None  # (a decoding cache, or the keys' norms: variables not in the table)
    d = _features_in(x)
    qkv, out = d if qkv is None else qkv, d if out is None else out
    if qkv is not None and (not _size(qkv) or qkv % heads) or out is not None and not _size(out):
        return None
    head = qkv // heads if qkv is not None else None
    made = {("query", "kernel"): ("params", (d, heads, head)), ("out", "kernel"): ("params", (heads, head, out))}
    for name in ("key", "value"):
        made[(name, "kernel")] = ("params", (None, heads, head))
    if bias:
        made.update({(name, "bias"): ("params", (heads, head)) for name in ("query", "key", "value")})
        made[("out", "bias")] = ("params", (out,))
    return made


def _conv(a: dict, x):
    n, k, bias, groups = a.get("features"), a.get("kernel_size"), _flag(a, "use_bias"), a.get("feature_group_count", 1)
    k = (k,) if _size(k) else tuple(k) if isinstance(k, (tuple, list)) else None
    if not _size(n) or k is None or not all(map(_size, k)) or bias is UNKNOWN or not _size(groups):
        return None
    d = _features_in(x)
    out = {"kernel": ("params", (*k, d // groups if d is not None and d % groups == 0 else None, n))}
    if bias:
        out["bias"] = ("params", (n,))
    return out


# Flax Linen layers whose variables the tree knows: constructor parameters by position (the
# leading ones up to the last that the shapes depend on; a layer given more positionally is not
# known), and {variable (a name, or a path through submodules of its own): (collection, shape)}
# from the constructor's arguments (a dict: constants' values, the others an object that is no
# size or flag) and the input's shape (None where not known), or None where the arguments do not
# say.
LINEN_LAYERS = {
    "flax.linen.Dense": (("features", "use_bias"), _dense),
    "flax.linen.DenseGeneral": (("features", "axis", "batch_dims", "use_bias"), _dense_general),
    "flax.linen.Embed": (("num_embeddings", "features"), _embed),
    "flax.linen.LayerNorm": (("epsilon", "dtype", "param_dtype", "use_bias", "use_scale"), _norm(("scale", "bias"))),
    "flax.linen.RMSNorm": (("epsilon", "dtype", "param_dtype", "use_scale"), _norm(("scale",))),
    "flax.linen.Conv": (("features", "kernel_size", "strides", "padding", "input_dilation", "kernel_dilation",
                         "feature_group_count", "use_bias"), _conv),
    "flax.linen.Dropout": (("rate",), lambda a, x: {}),
    "flax.linen.BatchNorm": (("use_running_average", "axis", "momentum", "epsilon", "dtype", "param_dtype",
                              "use_bias", "use_scale"), _batch_norm),
    **{f"flax.linen.{n}": (("num_heads", "dtype", "param_dtype", "qkv_features", "out_features"), _attention)
       for n in ("MultiHeadDotProductAttention", "SelfAttention")},
}


@dataclass
class LinenTree:
    """What one `init` run has made so far. `weak`: the interpreter's level of code that may not
    run where the init started (see `Machine.weak`)."""
    weak: int
    paths: dict = field(default_factory=dict)  # id(module) -> (module, path)
    counters: dict = field(default_factory=dict)  # (parent's path, class name) -> modules auto-named
    stack: list = field(default_factory=list)  # (module, path, running setup) of the methods running
    variables: dict = field(default_factory=dict)  # (collection, *path, name) -> ArrayV
    collections: set = field(default_factory=set)  # the collections it surely makes, known or not
    complete: bool = True
    uncertain: int = 0  # > 0 while one of several callees runs
    made: int = 0  # modules named so far
    making: set = field(default_factory=set)  # memo keys of runs that named modules

    def doubt(self) -> None:
        self.complete = False

    def sure(self, weak: int) -> bool:
        return weak == self.weak and not self.uncertain

    def path(self, module: Value) -> tuple | None:
        found = self.paths.get(id(module))
        return found[1] if found is not None and found[0] is module else None

    def place(self, module: Value, path: tuple) -> None:
        self.paths[id(module)] = (module, path)
        self.made += 1

    def named(self, module: Value, cls_name: str, given, weak: int) -> None:
        """A module made while a method of another runs: in `setup()`, named where it is
        assigned; else by the name given, or as Flax names it (`{class}_{n}`, counting the
        unnamed ones of the class in the parent)."""
        if not self.stack:
            return  # made outside any module (passed in): a path only if it is assigned in setup
        _, parent, in_setup = self.stack[-1]
        if not self.sure(weak):
            self.doubt()
        if in_setup:
            return
        if given is None:
            n = self.counters.get((parent, cls_name), 0)
            self.counters[(parent, cls_name)] = n + 1
            given = f"{cls_name}_{n}"
        elif not isinstance(given, str):
            self.doubt()
            return
        self.place(module, (*parent, given))

    def assigned(self, owner: Value, attr: str, value: Value, is_module, weak: int) -> None:
        """`self.attr = value` in `owner`'s `setup()`: the modules in it take their names from the
        attribute (`attr`, `attr_0`, ..., `attr_key`)."""
        if not (self.stack and self.stack[-1][0] is owner and self.stack[-1][2]):
            return
        if not self.sure(weak):
            self.doubt()
        base = self.stack[-1][1]
        if is_module(value):
            self.place(value, (*base, attr))
        elif isinstance(value, Seq):
            for i, v in enumerate(value.items):
                if is_module(v):
                    self.place(v, (*base, f"{attr}_{i}"))
        elif isinstance(value, DictV):
            for k, v in value.items.items():
                if is_module(v):
                    self.place(v, (*base, f"{attr}_{k}"))

    def made_in(self, collection: str, weak: int) -> None:
        """A variable of `collection` made where the init surely runs (whether the tree is known
        or not, `init` returns that collection)."""
        if self.sure(weak):
            self.collections.add(collection)

    def record(self, module: Value, name: str, collection: str, shape, weak: int, sharding,
               vma: frozenset = frozenset(), exact: bool = False, stacks: tuple = ()) -> None:
        """A variable `module` makes (a second one of the same name is the same variable),
        varying over `vma` (exactly, where `exact`: a parameter made of the init's keys). Made
        under `nn.scan`s (`stacks`: how each stacks the parameters, `frameworks.linen_stacking`,
        outermost first), a parameter has their lengths before its own dimensions; a variable
        of another collection they stack, or a stacking not known, leaves the tree unknown."""
        self.made_in(collection, weak)
        path = self.path(module)
        lengths = tuple(s[1] for s in stacks if s)
        if path is None or not self.sure(weak) or None in stacks or (lengths and collection != "params") \
                or not all(map(_size, lengths)):
            self.doubt()
            return
        if lengths and shape is not None:
            shape = (*lengths, *shape)
        self.variables.setdefault((collection, *path, *(name if isinstance(name, tuple) else (name,))),
                                  ArrayV(shape, "float32", sharding, vma=vma, exact=exact))

    def result(self) -> DictV | None:
        """The variables as `init` returns them ({collection: {module: ... {name: array}}}), where
        the whole run is known."""
        if not self.complete:
            return None
        root: dict = {}
        for key, leaf in self.variables.items():
            node = root
            for part in key[:-1]:
                node = node.setdefault(part, {})
                if not isinstance(node, dict):
                    return None
            node[key[-1]] = leaf
        return nested(root)


def nested(d: dict) -> DictV:
    """A nested Python dict of values as a DictV."""
    return DictV({k: nested(v) if isinstance(v, dict) else v for k, v in d.items()})
