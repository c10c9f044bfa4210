"""Replace the psend/precv pair with jax.lax.ppermute, where send/recv cannot work: SHL007 (a
backend without send/recv), SHL009 (under grad), SHL001/SHL002 under vmap, SHL018 (batched by a
vmap inside shard_map), SHL008 (JAX before 0.7 has no psend/precv).

`tok = psend(x, axis, perm)` and `precv(tok, shape, axis, perm)` in one function are one
`ppermute(x, axis, perm)`, which every backend lowers, JAX differentiates and vmap batches: the
psend statement goes, the precv call becomes the ppermute. Offered from either diagnostic (the
same edits). Under a vmap that binds the axis, vmap batches a full permutation only: the perm is
completed to one, and what the pair's perm does not send is masked to zeros, as the pair leaves it."""

from __future__ import annotations

import libcst as cst

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import SendRecv
from .edits import delete_lines, replace_node
from .importer import Importer, drop_imported, spell
from .registry import FixContext, fixer
from .tree import assigned_name, bind_args, callee_name, walk

TITLE_PPERMUTE = "Replace the psend/precv pair with jax.lax.ppermute"
TITLE_PPERMUTE_FULL = ("Replace the psend/precv pair with jax.lax.ppermute over a full permutation of the "
                       "vmapped axis, kept where the pair receives")


@fixer("ppermute", SendRecv)
def ppermute(diag: Diagnostic, fact: SendRecv, ctx: FixContext) -> Fix | None:
    mod = ctx.module(fact.site.path)
    call = mod.node_at(fact.site, (cst.Call, cst.Attribute, cst.Name)) if mod is not None else None
    if call is not None and not isinstance(call, cst.Call):  # SHL008 points at the name
        parent = mod.parent.get(call)
        call = parent if isinstance(parent, cst.Call) and parent.func is call else None
    if call is None and mod is not None:  # SHL008 at `from jax.lax import psend`: its one call
        local = spell(mod, (f"jax.lax.p{fact.kind}",), mod.module, via_module=False)
        calls = [n for n in walk(mod.module) if isinstance(n, cst.Call) and isinstance(n.func, cst.Name)
                 and n.func.value == local]
        call = calls[0] if len(calls) == 1 else None
    if call is None:
        return None
    func = mod.function_of(call)
    if not isinstance(func, cst.FunctionDef):
        return None
    calls = [n for n in walk(func) if isinstance(n, cst.Call) and callee_name(n.func) in ("psend", "precv")]
    if fact.kind == "send":
        stmt = mod.statement_of(call)
        token = assigned_name(stmt, call)
        recvs = [c for c in calls if callee_name(c.func) == "precv" and c.args
                 and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == token]
        if token is None or len(recvs) != 1:
            return None
        send, recv = call, recvs[0]
    else:
        tok = call.args[0].value if call.args and call.args[0].keyword is None else None
        if not isinstance(tok, cst.Name):
            return None
        sends = [c for c in calls if callee_name(c.func) == "psend"
                 and assigned_name(mod.statement_of(c), c) == tok.value]
        if len(sends) != 1:
            return None
        send, recv, token = sends[0], call, tok.value
    uses = [n for n in walk(func) if isinstance(n, cst.Name) and n.value == token]
    s_args, r_args = _args(send, ("x", "axis_name", "perm")), _args(recv, ("token", "out_shape", "axis_name", "perm"))
    if len(uses) != 2 or s_args is None or r_args is None:
        return None
    text = {k: " ".join(mod.text_of(v).split())
            for k, v in (*s_args.items(), *(("r_" + k, v) for k, v in r_args.items()))}
    if text["axis_name"] != text["r_axis_name"] or text["perm"] != text["r_perm"]:
        return None
    if fact.batched and not fact.full_perm:
        return None  # vmap batches a full permutation only, and the axis size is not known
    imp = Importer(mod, send)
    lax = _lax(mod, send, imp)
    stmt = mod.statement_of(send)
    x, axis = mod.text_of(s_args["x"]), mod.text_of(s_args["axis_name"])
    if fact.full_perm and len(fact.receivers) < len(fact.full_perm):
        exchange = f"{lax('ppermute')}({x}, {axis}, {list(fact.full_perm)})"
        index = f"{lax('axis_index')}({axis})"
        if len(fact.receivers) == 1:
            received = f"{index} == {fact.receivers[0]}"
        else:
            mask = [i in fact.receivers for i in range(len(fact.full_perm))]
            received = f"{imp.jax_attribute('jax.numpy.array')}({mask})[{index}]"
        # the sources the perm left out send too; what they send is dropped as the pair drops it
        text = f"{imp.jax_attribute('jax.numpy.where')}({received}, {exchange}, 0)"
    else:
        text = f"{lax('ppermute')}({x}, {axis}, {mod.text_of(s_args['perm'])})"
    edits = [delete_lines(mod, stmt), replace_node(mod, recv, text),
             *drop_imported([c.func.value for c in (send, recv) if isinstance(c.func, cst.Name)], mod)]
    full = fact.full_perm and len(fact.receivers) < len(fact.full_perm)  # the perm is a full one already
    return Fix(TITLE_PPERMUTE_FULL if full else TITLE_PPERMUTE, "unsafe", imp.with_imports(edits, stmt))


def _lax(mod, send: cst.Call, imp: Importer):
    """How the fix writes a `jax.lax` function: as the psend call names its module (`lax.psend`
    → `lax.ppermute`), else imported."""
    if isinstance(send.func, cst.Attribute):
        prefix = mod.text_of(send.func.value)
        return lambda attr: f"{prefix}.{attr}"
    return lambda attr: imp.name((f"jax.lax.{attr}",), "jax.lax", attr, attr)


def _args(call: cst.Call, names: tuple[str, ...]) -> dict | None:
    """The arguments of a psend/precv call by parameter name; None unless exactly `names`."""
    out = bind_args(call, names)
    return out if out is not None and set(out) == set(names) else None
