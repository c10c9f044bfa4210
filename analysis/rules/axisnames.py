"""Which bound axis a collective's unknown axis name was meant to be, by name: a misspelling
(`'modle'`), an abbreviation or its expansion (`'seq'` for `'sequence'`), or another name of the
same kind of parallelism (`'tensor'` for `'model'`, `'mlp'` for `'model'`: a logical axis name
that partitioning rules map to a mesh axis, as Flax's and MaxText's do)."""

from __future__ import annotations

import difflib

from ..interp.frameworks import static_rules
from ..interp.values import Const, DictV, Seq

# The names JAX codebases give the axes of one kind of parallelism, as mesh axes or as logical
# axes that partitioning rules map to them: the Flax partitioning guide (batch/data,
# mlp/hidden/heads/vocab/model), MaxText (data, fsdp, tensor, sequence, context, expert, stage;
# activation_* logical names), Megatron and EasyDeL (dp, tp, sp, pp, ep), Levanter.
_FAMILIES: dict[str, frozenset] = {
    "data": frozenset({"data", "batch", "batches", "dp", "ddp", "replica", "replicas", "dcn", "fsdp", "zero"}),
    "tensor": frozenset({"model", "models", "tensor", "tp", "mp", "mdl", "mlp", "ffn", "ff", "hidden", "heads",
                         "head", "kv", "vocab", "megatron"}),
    "sequence": frozenset({"seq", "sequence", "sequences", "sp", "context", "ctx", "cp", "length", "len", "token",
                           "tokens", "ring"}),
    "expert": frozenset({"expert", "experts", "ep", "moe", "exp"}),
    "pipeline": frozenset({"stage", "stages", "pipe", "pipeline", "pp", "layer", "layers"}),
}
# Words in an axis name that do not say which kind of parallelism it is.
_NEUTRAL = frozenset({"activation", "activations", "act", "axis", "axes", "name", "parallel", "parallelism",
                      "dim", "shard", "sharding", "mesh"})


def meant_axis(axis: str, candidates: list[str], rules: dict | None = None) -> str | None:
    """The one axis of `candidates` that `axis` names otherwise, else None: the mesh axis the
    program's own logical axis rules map it to (`rules`: logical name -> mesh axes), else the
    closest spelling, else the one `axis` abbreviates or expands, else the one of the same kind
    of parallelism. Each step decides only when exactly one candidate fits it."""
    mapped = [a for a in (rules or {}).get(axis, ()) if a in candidates]
    if len(mapped) == 1:
        return mapped[0]
    close = difflib.get_close_matches(axis, candidates, n=2, cutoff=0.6)
    if len(close) == 1 or (len(close) == 2 and _ratio(axis, close[0]) > _ratio(axis, close[1])):
        return close[0]
    for fits in (_abbreviates, _same_family):
        found = [c for c in candidates if fits(axis, c)]
        if len(found) == 1:
            return found[0]
    return None


def logical_rules(values) -> dict:
    """Logical axis rules among `values` (a program's module-level values): a sequence of
    `(logical name, mesh axis or axes or None)` pairs, as Flax's `nn.logical_axis_rules` and
    MaxText take them, or a dict of them. A name that two tables map differently is left out."""
    out: dict = {}
    clash: set = set()
    for v in values:
        for name, axes in _pairs(v):
            if out.setdefault(name, axes) != axes:
                clash.add(name)
    return {k: v for k, v in out.items() if k not in clash}


def _pairs(v) -> list:
    table = Seq(tuple(Seq((Const(k), i)) for k, i in v.items.items())) if isinstance(v, DictV) else v
    rules = static_rules(table).rules or ()
    pairs = [(name, tuple(a for a in (mesh if isinstance(mesh, tuple) else (mesh,)) if a is not None))
             for name, mesh in rules]
    return pairs if len(pairs) >= 2 else []


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


def _abbreviates(a: str, b: str) -> bool:
    """One name is the start of the other (`seq` of `sequence`, `exp` of `expert`)."""
    a, b = a.lower(), b.lower()
    short, long = sorted((a, b), key=len)
    return len(short) >= 2 and short != long and long.startswith(short)


def family(axis: str) -> str | None:
    """The kind of parallelism an axis name says, where its words say one kind only."""
    words = [w for w in axis.lower().replace("-", "_").split("_") if w]
    kinds = {k for w in words if w not in _NEUTRAL for k, names in _FAMILIES.items() if w in names}
    unknown = [w for w in words if w not in _NEUTRAL and not any(w in names for names in _FAMILIES.values())]
    return kinds.pop() if len(kinds) == 1 and not unknown else None


def _same_family(a: str, b: str) -> bool:
    fa = family(a)
    return fa is not None and fa == family(b)
