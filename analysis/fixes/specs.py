"""shard_map specs that do not fit (SHL015): the in_specs rebuilt as the rule's repair says, one
spec per argument (the user's where they line up, `P()` or a copy of a batch spec for the ones
left out), a dict of specs with the argument's keys."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import InSpecs
from .edits import replace_node
from .importer import Importer
from .registry import FixContext, fixer
from .tree import SourceModule, argument, literal_str


@fixer("in_specs", InSpecs)
def in_specs(diag: Diagnostic, fact: InSpecs, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    # in_specs is a keyword of jax.shard_map and nnx.shard_map, the third positional parameter
    # of the experimental shard_map(f, mesh, in_specs, out_specs)
    node = _written(mod, call, argument(call, "in_specs", 2))
    for step in fact.repair.path:
        node = _written(mod, call, _child(node, step))
    if node is None:
        return None
    imp = Importer(mod, call)
    r = fact.repair
    if r.items:
        if not isinstance(node, (cst.Tuple, cst.List)) or not all(
                isinstance(e, cst.Element) for e in node.elements) or max(r.items) >= len(node.elements):
            return None
        specs = [mod.text_of(node.elements[j].value) if j >= 0 else f"{imp.pspec()}()" for j in r.items]
        text = f"[{', '.join(specs)}]" if r.kind == "list" else f"({', '.join(specs)}{',' if len(specs) == 1 else ''})"
        title = "Give in_specs one spec per argument"
    else:
        if not isinstance(node, cst.Dict) or not all(isinstance(e, cst.DictElement) for e in node.elements):
            return None
        keys = [literal_str(e.key) for e in node.elements]
        if not set(r.drop) <= set(keys) or set(r.add) & set(keys):
            return None  # the text moved on
        quote = node.elements[0].key.quote if node.elements and isinstance(node.elements[0].key, cst.SimpleString) \
            else "'"
        kept = [f"{mod.text_of(e.key)}: {mod.text_of(e.value)}" for e, k in zip(node.elements, keys) if k not in r.drop]
        added = [f"{quote}{k}{quote}: {imp.pspec()}()" for k in r.add]
        text = "{" + ", ".join(kept + added) + "}"
        title = "Give in_specs the argument's keys"
    return Fix(title, "unsafe", imp.with_imports([replace_node(mod, node, text)], call))


def _written(mod: SourceModule, at, node):
    """The literal `node` is: itself, or the value of the one assignment of the name it is."""
    if isinstance(node, cst.Name):
        return mod.assigned_value(at, node.value)
    return node


def _child(node, step: str):
    if isinstance(node, (cst.Tuple, cst.List)) and step.isdigit():
        i = int(step)
        el = node.elements[i] if i < len(node.elements) else None
        return el.value if isinstance(el, cst.Element) else None
    if isinstance(node, cst.Dict):
        return next((e.value for e in node.elements if isinstance(e, cst.DictElement) and literal_str(e.key) == step),
                    None)
    return None
