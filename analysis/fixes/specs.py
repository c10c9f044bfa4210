"""shard_map specs that do not fit: the in_specs (or out_specs) rebuilt as the rule's repair says
(SHL015, SHL020: one spec per argument or output, the user's where they line up, `P()` or a copy
of a batch spec for the ones left out; a dict of specs with the value's keys); an output its out_specs claim replicated
that varies (SHL016): reduced before it is returned, or sharded by its out_specs; an output a
dimension short of its out_specs (SHL020): returned with a leading axis."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import (BiasSpecTooLong, InSpecs, InSpecsRank, JitShardingsFill, OutSpecsRank, OutSpecsVarying,
                        ShardingAxis, SpecAxis, SpecTooLong, UnevenDim)
from .axes import quoted
from .edits import replace_node, tuple_text
from .importer import PSPEC, Importer, api_name
from .registry import FixContext, fixer
from .tree import SourceModule, argument, callee_name, keyword_index, literal_str, walk


@fixer("in_specs", InSpecs)
def in_specs(diag: Diagnostic, fact: InSpecs, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    # in_specs and out_specs are keywords of jax.shard_map and nnx.shard_map, the third and
    # fourth positional parameters of the experimental shard_map(f, mesh, in_specs, out_specs)
    node = _written(mod, call, argument(call, fact.which, 2 if fact.which == "in_specs" else 3))
    for step in fact.repair.path:
        node = _written(mod, call, _child(node, step))
    if node is None:
        return None
    imp = Importer(mod, call)
    r = fact.repair
    if r.whole:
        texts = {mod.text_of(leaf) for leaf in _spec_leaves(node)}
        if None in texts or len(texts) != 1:
            return None  # the text moved on
        return Fix(f"Give the nnx.State one spec, {texts.pop()}, for all its leaves", "unsafe",
                   imp.with_imports([replace_node(mod, node, mod.text_of(next(iter(_spec_leaves(node)))))], call))
    if r.prefix:
        if isinstance(node, (cst.Tuple, cst.List, cst.Dict)):
            return None  # the text moved on
        spec = mod.text_of(node)
        text = tuple_text([spec if j == 0 else f"{imp.pspec()}()" for j in r.items])
        return Fix("Replicate the modules (P()) and keep the spec for the other arguments", "unsafe",
                   imp.with_imports([replace_node(mod, node, text)], call))
    if r.groups:
        if not isinstance(node, (cst.Tuple, cst.List)) or sum(r.groups) != len(node.elements) or not all(
                isinstance(e, cst.Element) for e in node.elements):
            return None
        texts, at = [], 0
        for size in r.groups:
            part = [mod.text_of(e.value) for e in node.elements[at:at + size]]
            texts.append(part[0] if size == 1 else tuple_text(part))
            at += size
        text = f"[{', '.join(texts)}]" if r.kind == "list" else tuple_text(texts)
        title = ("Group in_specs as the arguments are nested" if fact.which == "in_specs" else
                 "Group out_specs as the output is nested")
    elif r.items:
        if not isinstance(node, (cst.Tuple, cst.List)) or not all(
                isinstance(e, cst.Element) for e in node.elements) or max(r.items) >= len(node.elements):
            return None
        specs = [mod.text_of(node.elements[j].value) if j >= 0 else f"{imp.pspec()}()" for j in r.items]
        text = f"[{', '.join(specs)}]" if r.kind == "list" else tuple_text(specs)
        title = ("Give in_specs one spec per argument" if fact.which == "in_specs" else
                 "Give out_specs one spec per output")
    else:
        if not isinstance(node, cst.Dict) or not all(isinstance(e, cst.DictElement) for e in node.elements):
            return None
        keys = [literal_str(e.key) for e in node.elements]
        if not set(r.drop) <= set(keys) or set(r.add) & set(keys):
            return None  # the text moved on
        quote = node.elements[0].key.quote if node.elements and isinstance(node.elements[0].key, cst.SimpleString) \
            else "'"
        kept = [f"{mod.text_of(e.key)}: {mod.text_of(e.value)}" for e, k in zip(node.elements, keys) if k not in r.drop]
        values = {k: mod.text_of(e.value) for e, k in zip(node.elements, keys)}
        like = r.like or (None,) * len(r.add)
        added = [f"{quote}{k}{quote}: {values.get(src) or f'{imp.pspec()}()'}" for k, src in zip(r.add, like)]
        text = "{" + ", ".join(kept + added) + "}"
        title = f"Give {fact.which} the {'argument' if fact.which == 'in_specs' else 'output'}'s keys"
    return Fix(title, "unsafe", imp.with_imports([replace_node(mod, node, text)], call))


@fixer("jit_shardings_fill", JitShardingsFill)
def jit_shardings_fill(diag: Diagnostic, fact: JitShardingsFill, ctx: FixContext) -> Fix | None:
    """SHL041: an `in_shardings` tuple (or list) shorter than the jit's positional arguments gets
    `None` for each argument it lacks, at its end, where it is written."""
    found = ctx.call_at(fact.site)
    idx = keyword_index(found[1], "in_shardings") if found is not None else None
    if idx is None:
        return None
    mod, call = found
    node = _written(mod, call, call.args[idx].value)
    if not isinstance(node, (cst.Tuple, cst.List)) or len(node.elements) != fact.given \
            or not all(isinstance(e, cst.Element) for e in node.elements):
        return None  # the text moved on
    texts = [mod.text_of(e.value) for e in node.elements] + ["None"] * fact.missing
    text = f"[{', '.join(texts)}]" if isinstance(node, cst.List) else tuple_text(texts)
    what = "the argument" if fact.missing == 1 else f"the {fact.missing} arguments"
    return Fix(f"Give {what} without an in_shardings entry None (placed as it is)", "unsafe",
               [replace_node(mod, node, text)])


@fixer("in_rank", InSpecsRank)
def in_rank(diag: Diagnostic, fact: InSpecsRank, ctx: FixContext) -> Fix | None:
    """The too-long in_specs entry replaced, where the in_specs are written, by the spec of its
    first entries (the others were None: the sharding is the same)."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    node = argument(call, "in_specs", 2)
    for i, step in enumerate(fact.path):
        node = _child(_written(mod, call, node), step)
    if node is None:
        return None
    imp = Importer(mod, call)
    where = "".join(f"[{s}]" if s.isdigit() else f"[{s!r}]" for s in fact.path)
    parts = ["None" if not axes else quoted(mod, axes[0]) if len(axes) == 1
             else f"({', '.join(quoted(mod, a) for a in axes)})" for axes in fact.parts]
    return Fix(f"Drop the entries of in_specs{where} beyond its argument's rank", "unsafe",
               imp.with_imports([replace_node(mod, node, f"{imp.pspec()}({', '.join(parts)})")], call))


def _written(mod: SourceModule, at, node):
    """The literal `node` is: itself, or the value of the one assignment of the name it is."""
    if isinstance(node, cst.Name):
        return mod.assigned_value(at, node.value)
    return node


def _spec_leaves(node):
    """The specs a literal dict, tuple or list of them holds, nested; None for a part that is
    not one (unpacked, a comprehension)."""
    if isinstance(node, (cst.Dict, cst.Tuple, cst.List)):
        if not node.elements:
            yield None
        for e in node.elements:
            if isinstance(e, (cst.DictElement, cst.Element)):
                yield from _spec_leaves(e.value)
            else:
                yield None
    else:
        yield node


def _child(node, step: str):
    if isinstance(node, (cst.Tuple, cst.List)) and step.isdigit():
        i = int(step)
        el = node.elements[i] if i < len(node.elements) else None
        return el.value if isinstance(el, cst.Element) else None
    if isinstance(node, cst.Dict):
        return next((e.value for e in node.elements if isinstance(e, cst.DictElement) and literal_str(e.key) == step),
                    None)
    return None


@fixer("out_specs", OutSpecsVarying)
def out_specs(diag: Diagnostic, fact: OutSpecsVarying, ctx: FixContext) -> list[Fix | None]:
    """Each remedy the rule found, in its order: the returned value reduced over the axes
    (`jax.lax.pmean` / `psum` around it in every return of the function), or the out_specs
    naming them (an empty `P()` becomes `P(axis)`: the output's first dimension is sharded)."""
    return [ctx.attempt(_REMEDIES[r], fact, ctx) for r in fact.remedies if r in _REMEDIES]


def _axes_text(mod: SourceModule, axes: tuple[str, ...]) -> str:
    names = [quoted(mod, a) for a in axes]
    return names[0] if len(names) == 1 else "(" + ", ".join(names) + ")"


def _reduce(op: str):
    def build(fact: OutSpecsVarying, ctx: FixContext) -> Fix | None:
        found = _output_parts(fact, ctx)
        if found is None:
            return None
        mod, fn, targets, what = found
        imp = Importer(mod, fn)
        reducer = imp.jax_attribute(f"jax.lax.{op}")
        edits = [replace_node(mod, v, f"{reducer}({_operand(mod, v)}, {_axes_text(mod, fact.axes)})") for v in targets]
        return Fix(f"Reduce {what} with {op} over {_axes_text(mod, fact.axes)}", "unsafe",
                   imp.with_imports(edits, fn))
    return build


def _output_parts(fact: OutSpecsVarying | OutSpecsRank, ctx: FixContext) -> tuple | None:
    """The shard_mapped function's module and node, and in every return of it the part of the
    output the fact names (item `index` of the returned tuple, the value of `key` in the returned
    dict, else the whole value), with words for it; None where a return does not show that part."""
    mod = ctx.module(fact.function.path)
    fn = _function(mod, fact.function) if mod is not None else None
    if fn is None:
        return None
    fn = _forwarded_to(mod, fn)
    targets = []
    for value in _returns(fn):
        if fact.index >= 0:
            if not isinstance(value, cst.Tuple) or not all(isinstance(e, cst.Element) for e in value.elements) \
                    or fact.index >= len(value.elements):
                return None
            value = value.elements[fact.index].value
        elif fact.key is not None:
            value = _child(value, fact.key)
            if value is None:
                return None
        targets.append(value)
    if not targets:
        return None
    what = f"output {fact.index}" if fact.index >= 0 else f"output {fact.key!r}" if fact.key is not None \
        else "the returned value"
    return mod, fn, targets, what


def _operand(mod: SourceModule, value) -> str:
    """The returned value as one argument: a bare tuple (`return loss, acc`) in parentheses."""
    text = mod.text_of(value)
    return f"({text})" if isinstance(value, cst.Tuple) and not value.lpar else text


def _shard_output(fact: OutSpecsVarying, ctx: FixContext) -> Fix | None:
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    node = _written(mod, call, argument(call, "out_specs", 3))
    if fact.index >= 0 or fact.key is not None:
        node = _child(node, str(fact.index) if fact.index >= 0 else fact.key)
    if not isinstance(node, cst.Call) or node.args:
        return None
    axes = _axes_text(mod, fact.axes)
    return Fix(f"Shard the output over {axes} in out_specs", "unsafe",
               (replace_node(mod, node, f"{mod.text_of(node.func)}({axes})"),))


_REMEDIES = {"pmean": _reduce("pmean"), "psum": _reduce("psum"), "out_specs": _shard_output}


@fixer("out_rank", OutSpecsRank)
def out_rank(diag: Diagnostic, fact: OutSpecsRank, ctx: FixContext) -> Fix | None:
    """Every return of the function gives the output (or its component) a leading axis, `x[None]`:
    a value per device, gathered along the out_specs' axes as they say."""
    found = _output_parts(fact, ctx)
    if found is None:
        return None
    mod, _, targets, what = found
    return Fix(f"Return {what} with a leading axis (`[None]`) for out_specs to gather", "unsafe",
               tuple(replace_node(mod, v, f"{_subscriptable(mod, v)}[None]") for v in targets))


def _subscriptable(mod: SourceModule, value) -> str:
    """The value's text as the operand of a subscript: in parentheses unless it is a name, an
    attribute, a call, a subscript or already parenthesised."""
    text = mod.text_of(value)
    plain = isinstance(value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or value.lpar
    return text if plain else f"({text})"


@fixer("spec_axis", SpecAxis)
def spec_axis(diag: Diagnostic, fact: SpecAxis, ctx: FixContext) -> Fix | None:
    """Every string literal naming the axis in the shard_map's in_specs or out_specs (where a
    name it passes is assigned, if one) becomes the manual axis it stands for; where the specs
    hold none, the one literal the axis was traced to (a config field's default)."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    node = _written(mod, call, argument(call, fact.which, 2 if fact.which == "in_specs" else 3))
    strings = [n for n in walk(node) if isinstance(n, cst.SimpleString) and literal_str(n) == fact.axis] \
        if node is not None else []
    where = f"in {fact.which}"
    if not strings and fact.literal is not None:
        mod = ctx.module(fact.literal.path)
        string = mod.node_at(fact.literal, (cst.SimpleString,)) if mod is not None else None
        strings = [string] if string is not None and literal_str(string) == fact.axis else []
        where = f"where {fact.axis!r} is written"
    if not strings:
        return None
    return Fix(f"Use the manual axis {fact.to!r} {where}", "unsafe",
               tuple(replace_node(mod, n, f"{n.quote}{fact.to}{n.quote}") for n in strings))


@fixer("sharding_axis", ShardingAxis)
def sharding_axis(diag: Diagnostic, fact: ShardingAxis, ctx: FixContext) -> Fix | None:
    """SHL023, SHL014: the string literal naming the axis the mesh lacks becomes the mesh axis it
    stands for (a misspelling, another name of the same kind of parallelism); SHL048: an axis a
    spec names twice goes from the tuple of axes it shares with others; a scan's or vmap's
    partition name (`metadata_params={nn.PARTITION_NAME: "layer"}`) that names no mesh axis
    becomes None, which leaves the stacked axis replicated, as Flax's guides write it."""
    mod = ctx.module(fact.literal.path)
    string = mod.node_at(fact.literal, (cst.SimpleString,)) if mod is not None else None
    if string is None or literal_str(string) != fact.axis:
        return None
    element = mod.parent.get(string)
    if fact.alone:
        if isinstance(element, cst.DictElement) and element.value is string \
                and mod.text_of(element.key).endswith("PARTITION_NAME"):
            return Fix(f"Leave the stacked axis replicated: no partition name {fact.axis!r}", "unsafe",
                       (replace_node(mod, string, "None"),))
        return None
    if fact.to is None:
        # one of a dimension's axes: the tuple keeps the others
        element = mod.parent.get(string)
        axes = mod.parent.get(element)
        if not (isinstance(element, cst.Element) and isinstance(axes, (cst.Tuple, cst.List))
                and len(axes.elements) > 1):
            return None
        rest = [mod.text_of(e.value) for e in axes.elements if e is not element]
        text = "(" + ", ".join(rest) + ("," if len(rest) == 1 else "") + ")" if isinstance(axes, cst.Tuple) \
            else "[" + ", ".join(rest) + "]"
        return Fix(f"Drop {fact.axis!r} from the dimension's axes", "unsafe", (replace_node(mod, axes, text),))
    return Fix(f"Use the mesh's axis {fact.to!r}", "unsafe",
               (replace_node(mod, string, f"{string.quote}{fact.to}{string.quote}"),))


@fixer("replicate_dim", UnevenDim)
def replicate_dim(diag: Diagnostic, fact: UnevenDim, ctx: FixContext) -> Fix | None:
    """SHL027: the dimension the mesh axes do not divide is placed whole: its entry in the
    PartitionSpec written as a call's argument (`P('data', None)`, `P(('data', 'fsdp'))`), or in
    the axis names of a Flax variable's sharding, becomes None. What is computed stays the same;
    only where it is kept changes."""
    mod = ctx.module(fact.literals[0].path)
    if mod is None or any(ref.path != fact.literals[0].path for ref in fact.literals):
        return None
    strings = [mod.node_at(ref, (cst.SimpleString,)) for ref in fact.literals]
    if any(s is None for s in strings):
        return None
    entry = strings[0] if len(strings) == 1 else mod.parent.get(mod.parent.get(strings[0]))
    if len(strings) > 1 and not (isinstance(entry, (cst.Tuple, cst.List))
                                 and [e.value for e in entry.elements] == strings):
        return None
    if not (_pspec_argument(mod, entry) or _variable_sharding_entry(mod, entry)):
        return None
    over = f"axis {fact.axes[0]!r}" if len(fact.axes) == 1 else f"axes {fact.axes!r}"
    return Fix(f"Place dimension {fact.dim} whole: its size, {fact.size}, does not split over {over}", "unsafe",
               (replace_node(mod, entry, "None"),))


@fixer("drop_spec_tail", SpecTooLong)
def drop_spec_tail(diag: Diagnostic, fact: SpecTooLong, ctx: FixContext) -> Fix | None:
    """SHL027: a spec longer than its array's rank whose entries past the rank are all None
    (`P('batch', None, None, None)` for 2-D inputs, a 3-name variable sharding for a 2-D kernel)
    loses those entries, written in `PartitionSpec(...)` or in a Flax variable's tuple of axis
    names: every dimension the array has keeps its placement."""
    mod = ctx.module(fact.literal.path)
    string = mod.node_at(fact.literal, (cst.SimpleString,)) if mod is not None else None
    if string is None:
        return None
    entry = string
    inner = mod.parent.get(mod.parent.get(string))
    if isinstance(inner, (cst.Tuple, cst.List)) and mod.parent.get(string) in inner.elements \
            and (_pspec_argument(mod, inner) or _variable_sharding_entry(mod, inner)):
        entry = inner  # (one of a dimension's several axes)
    if _pspec_argument(mod, entry):
        call = mod.parent.get(mod.parent.get(entry))
        items = [a.value for a in call.args]
        owner, kept = call, call.args[:fact.rank]
    elif _variable_sharding_entry(mod, entry):
        owner = mod.parent.get(mod.parent.get(entry))
        items = [e.value for e in owner.elements]
        kept = owner.elements[:fact.rank]
    else:
        return None
    if len(items) <= fact.rank or not all(isinstance(v, cst.Name) and v.value == "None" for v in items[fact.rank:]):
        return None
    texts = [mod.text_of(v.value) for v in kept]
    text = f"{mod.text_of(owner.func)}({', '.join(texts)})" if isinstance(owner, cst.Call) else \
        (f"[{', '.join(texts)}]" if isinstance(owner, cst.List) else tuple_text(texts))
    dropped = len(items) - fact.rank
    return Fix(f"Drop the spec's last {dropped} entr{'y' if dropped == 1 else 'ies'} (None), past the array's "
               f"rank of {fact.rank}", "unsafe", (replace_node(mod, owner, text),))


@fixer("keep_bias_tail", BiasSpecTooLong)
def keep_bias_tail(diag: Diagnostic, fact: BiasSpecTooLong, ctx: FixContext) -> Fix | None:
    """SHL027: a bias given its kernel's names (a layer's `bias_init=nn.with_partitioning(init,
    (None, 'model'))`, an `nnx.Param` held as `self.bias` with `sharding_names=KERNEL_AXES`)
    keeps their last `rank` entries: added to the kernel's output, a bias lines up with its
    trailing dimensions. Rewritten where the bias takes them: the tuple itself, or (where the
    tuple is bound to a name, the kernel's too) each bias's use of the name, sliced."""
    mod = ctx.module(fact.literal.path)
    string = mod.node_at(fact.literal, (cst.SimpleString,)) if mod is not None else None
    element = mod.parent.get(string) if string is not None else None
    names = mod.parent.get(element) if isinstance(element, cst.Element) else None
    if not isinstance(names, (cst.Tuple, cst.List)) or len(names.elements) <= fact.rank:
        return None
    edits = []
    if _bias_names(mod, names):
        kept = [mod.text_of(e.value) for e in names.elements[-fact.rank:]]
        edits.append(replace_node(mod, names, tuple_text(kept) if isinstance(names, cst.Tuple)
                                  else f"[{', '.join(kept)}]"))
    else:
        bound = mod.parent.get(names)
        if not (isinstance(bound, cst.Assign) and len(bound.targets) == 1
                and isinstance(bound.targets[0].target, cst.Name)):
            return None
        name = bound.targets[0].target.value
        edits = [replace_node(mod, n, f"{name}[-{fact.rank}:]") for n in walk(mod.module)
                 if isinstance(n, cst.Name) and n.value == name and _bias_names(mod, n)]
    if not edits:
        return None
    last = "entry" if fact.rank == 1 else f"{fact.rank} entries"
    return Fix(f"Give the bias the last {last} of its kernel's names (it lines up with the kernel's output)",
               "unsafe", tuple(edits))


def _bias_names(mod: SourceModule, node) -> bool:
    """Whether `node` is the names a bias is partitioned by: those of `nn.with_partitioning(init,
    names)` (`nnx.`, `with_logical_partitioning`) given as a layer's `bias_init=`, or the
    `sharding_names=` (`sharding=`, `out_sharding=`) of an `nnx.Param` assigned to an attribute
    named as a bias."""
    call = _names_call(mod, node)
    if call is None:
        return False
    if callee_name(call.func) in _PARTITIONING:
        outer = mod.parent.get(call)
        return argument(call, "names", 1) is node and isinstance(outer, cst.Arg) and outer.keyword is not None \
            and outer.keyword.value == "bias_init"
    assign = mod.parent.get(call)
    return callee_name(call.func) == "Param" and isinstance(assign, cst.Assign) and len(assign.targets) == 1 \
        and isinstance(assign.targets[0].target, cst.Attribute) and "bias" in assign.targets[0].target.attr.value


def _pspec_argument(mod: SourceModule, node) -> bool:
    """Whether `node` is a positional argument of `PartitionSpec(...)` (however imported)."""
    arg = mod.parent.get(node)
    call = mod.parent.get(arg)
    return isinstance(arg, cst.Arg) and arg.keyword is None and not arg.star and isinstance(call, cst.Call) \
        and api_name(mod, call) in PSPEC


def _variable_sharding_entry(mod: SourceModule, node) -> bool:
    """Whether `node` is an entry of the tuple of axis names a Flax variable's sharding is
    written as (`_names_call`)."""
    element = mod.parent.get(node)
    names = mod.parent.get(element)
    return isinstance(element, cst.Element) and isinstance(names, (cst.Tuple, cst.List)) \
        and _names_call(mod, names) is not None


_PARTITIONING = ("with_partitioning", "with_logical_partitioning")


def _names_call(mod: SourceModule, node) -> cst.Call | None:
    """The call `node` gives a Flax variable's axis names to, as an argument: of
    `nnx.with_partitioning(init, ('model', None))` (`nn.`, `nn.with_logical_partitioning`), or as
    `sharding=` (`sharding_names=`, `out_sharding=`); else None."""
    arg = mod.parent.get(node)
    call = mod.parent.get(arg) if isinstance(arg, cst.Arg) else None
    if not isinstance(call, cst.Call):
        return None
    named = callee_name(call.func) in _PARTITIONING or (
        arg.keyword is not None and arg.keyword.value in ("sharding", "sharding_names", "out_sharding"))
    return call if named else None


def _function(mod: SourceModule, site) -> cst.FunctionDef | cst.Lambda | None:
    """The def whose name is at `site`, or the lambda that spans it."""
    name = mod.node_at(site, (cst.Name,))
    parent = mod.parent.get(name) if name is not None else None
    if isinstance(parent, cst.FunctionDef) and parent.name is name:
        return parent
    return mod.node_at(site, (cst.Lambda,))


def _forwarded_to(mod: SourceModule, fn):
    """For a lambda that only calls a def of the module that nothing else names
    (`lambda p, x: sgd_step(p, static, x)`), that def: its returns are the output; else `fn`."""
    call = fn.body if isinstance(fn, cst.Lambda) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name)):
        return fn
    name = call.func.value
    target = mod.def_named(name)
    named = sum(1 for n in walk(mod.module) if isinstance(n, cst.Name) and n.value == name)
    return target if target is not None and named == 2 else fn  # the def's own name and the call


def _returns(fn) -> list:
    """What the function returns: a lambda's body, the values of a def's own return statements."""
    if isinstance(fn, cst.Lambda):
        return [fn.body]
    out = []

    class Returns(cst.CSTVisitor):
        def visit_Return(self, node):
            if node.value is not None:
                out.append(node.value)

        def visit_FunctionDef(self, node):
            return node is fn

        def visit_Lambda(self, node):
            return False

        def visit_ClassDef(self, node):
            return False

    fn.visit(Returns())
    return out
