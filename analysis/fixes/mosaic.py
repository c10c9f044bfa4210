"""Pallas TPU kernels: a collective_id for a kernel that uses the barrier semaphore (SHL107), none
for one that does not (SHL104), and a one-entry MESH device id that addresses the peer along
one axis of a larger mesh (SHL105)."""

from __future__ import annotations

import os

import libcst as cst

from ..diagnostics import Diagnostic, Fix
from ..fixfacts import DeviceIdAxis, DeviceIdKey, LogicalDeviceId, MissingCollectiveId, UnusedCollectiveId
from ..jaxfacts import DICT_DEVICE_ID
from .axes import quoted
from .edits import append_kwarg, remove_arg, replace_node
from .importer import Importer
from .registry import FixContext, fixer
from .tree import SourceModule, argument, callee_name, keyword_index, walk

TITLE_ADD_COLLECTIVE_ID = "Give the pallas_call a collective_id"
TITLE_COLLECTIVE_ID = "Remove collective_id (the kernel uses no barrier semaphore)"


@fixer("add_collective_id", MissingCollectiveId)
def add_collective_id(diag: Diagnostic, fact: MissingCollectiveId, ctx: FixContext) -> Fix | None:
    """SHL107: the barrier semaphore needs a `collective_id` on the pallas_call."""
    found = ctx.call_at(fact.site)
    if found is None or not found[1].args:
        return None
    mod, call = found
    idx = keyword_index(call, "compiler_params")
    if idx is not None:
        params = call.args[idx].value
        if not isinstance(params, cst.Call) or not params.args:
            return None
        at = keyword_index(params, "collective_id")
        if at is None:
            return Fix(TITLE_ADD_COLLECTIVE_ID, "safe", (append_kwarg(mod, params, "collective_id=0"),))
        return _collective_id_default(mod, params.args[at].value)
    imp = Importer(mod, call)
    pltpu = imp.name(("jax.experimental.pallas.tpu",), "jax.experimental.pallas", "tpu", "pltpu")
    edit = append_kwarg(mod, call, f"compiler_params={pltpu}.CompilerParams(collective_id=0)")
    return Fix(TITLE_ADD_COLLECTIVE_ID, "safe", imp.with_imports([edit], call))


def _collective_id_default(mod: SourceModule, value) -> Fix | None:
    """`collective_id=None`, or `collective_id=cid` where `cid` is a parameter defaulting to
    None: 0 instead of that None."""
    if isinstance(value, cst.Name) and value.value == "None":
        return Fix(TITLE_ADD_COLLECTIVE_ID, "safe", (replace_node(mod, value, "0"),))
    func = mod.function_of(value)
    if not isinstance(value, cst.Name) or not isinstance(func, cst.FunctionDef):
        return None
    params = func.params
    for param in (*params.params, *params.kwonly_params):
        if param.name.value == value.value:
            default = param.default
            if isinstance(default, cst.Name) and default.value == "None":
                return Fix(f"Default {value.value} to 0 (the pallas_call needs a collective_id)", "unsafe",
                           (replace_node(mod, default, "0"),))
    return None


@fixer("remove_collective_id", UnusedCollectiveId)
def remove_collective_id(diag: Diagnostic, fact: UnusedCollectiveId, ctx: FixContext) -> Fix | None:
    """SHL104: every `collective_id=` in the calls that start where the pallas_call does."""
    mod = ctx.module(fact.site.path)
    if mod is None:
        return None
    start = (fact.site.line, fact.site.column - 1)
    calls = [n for n, r in mod.pos.items() if isinstance(n, cst.Call) and (r.start.line, r.start.column) == start]
    edits = []
    for outer in calls:
        for node in walk(outer):
            if isinstance(node, cst.Call):
                idx = keyword_index(node, "collective_id")
                if idx is not None:
                    edits.append(remove_arg(mod, node, idx))
    edits = sorted(set(edits), key=lambda e: (e.line, e.column))
    return Fix(TITLE_COLLECTIVE_ID, "safe", tuple(edits)) if edits else None


@fixer("device_id_key", DeviceIdKey)
def device_id_key(diag: Diagnostic, fact: DeviceIdKey, ctx: FixContext) -> Fix | None:
    """SHL109: the dict device id's key that is no axis of the mesh becomes the axis it means,
    where the dict is written in the call (or assigned to the name the call passes)."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    # (the fifth parameter of a remote copy; a signal's is keyword-only)
    ids = argument(call, "device_id", 4 if (callee_name(call.func) or "").endswith("copy") else len(call.args))
    if isinstance(ids, cst.Name):
        ids = mod.assigned_value(call, ids.value)
    if not isinstance(ids, cst.Dict):
        return None
    keys = [e.key for e in ids.elements if isinstance(e, cst.DictElement)
            and isinstance(e.key, cst.SimpleString) and e.key.evaluated_value == fact.axis]
    if len(keys) != 1:
        return None
    return Fix(f"Key the device id by the mesh axis {fact.to!r}", "unsafe",
               (replace_node(mod, keys[0], quoted(mod, fact.to)),))


@fixer("mesh_device_id", LogicalDeviceId)
def mesh_device_id(diag: Diagnostic, fact: LogicalDeviceId, ctx: FixContext) -> Fix | None:
    """SHL113: a remote copy's or signal's `device_id_type=...LOGICAL`, given mesh coordinates
    (one per mesh axis, or a dict of them), becomes `...MESH`, the type they are written for."""
    found = ctx.call_at(fact.site)
    if found is None:
        return None
    mod, call = found
    i = keyword_index(call, "device_id_type")
    value = call.args[i].value if i is not None else None
    if not (isinstance(value, cst.Attribute) and value.attr.value == "LOGICAL"):
        return None
    return Fix("Address the peer by mesh coordinates: device_id_type MESH", "unsafe",
               (replace_node(mod, value.attr, "MESH"),))


@fixer("device_id", DeviceIdAxis)
def device_id_axis(diag: Diagnostic, fact: DeviceIdAxis, ctx: FixContext) -> list[Fix | None]:
    """SHL105 with a one-entry MESH device id: the peer's index along the axis, and the device's
    own index along every other mesh axis, as a full tuple in the mesh's order (`device_id=
    (lax.axis_index("data"), peer)`: every JAX version takes it, and no pvary is lowered into
    the kernel), or as `device_id={axis: peer}`, which Pallas completes so (JAX >= 0.8)."""
    found = ctx.call_at(fact.site)
    if found is None:
        return []
    mod, call = found
    value = argument(call, "device_id", 2 if fact.signal else 4)
    if value is None or isinstance(value, cst.Dict):
        return []
    if isinstance(value, (cst.Tuple, cst.List)):
        if len(value.elements) != 1:
            return []
        peer = mod.text_of(value.elements[0].value)
    else:
        peer = mod.text_of(value)
    return [ctx.attempt(_full_device_id, mod, value, peer, fact),
            ctx.attempt(_dict_device_id, mod, call, value, peer, fact)
            if ctx.version(fact.jax_version) >= DICT_DEVICE_ID else None]


def _full_device_id(mod: SourceModule, value, peer: str, fact: DeviceIdAxis) -> Fix | None:
    if fact.axis not in fact.mesh_axes or not fact.named and len(fact.mesh_axes) == 1:
        return None  # (the peer alone names no axis: Pallas would still give the kernel no mesh)
    imp = Importer(mod, value)
    index = imp.jax_attribute("jax.lax.axis_index")
    ids = [peer if a == fact.axis else f"{index}({quoted(mod, a)})" for a in fact.mesh_axes]
    return Fix(f"Address the peer along axis {fact.axis!r}, the device's own index along the others", "unsafe",
               imp.with_imports([replace_node(mod, value, f"({', '.join(ids)})")], value))


def _dict_device_id(mod: SourceModule, call, value, peer: str, fact: DeviceIdAxis) -> Fix | None:
    key = f'"{fact.axis}"'
    index = fact.axis_index
    if index is not None and os.path.abspath(index.path) == os.path.abspath(mod.path):
        named = mod.node_at(index, (cst.Call,))
        axis_arg = named.args[0].value if named is not None and named.args else None
        if isinstance(axis_arg, cst.SimpleString):
            key = mod.text_of(axis_arg)
        elif isinstance(axis_arg, cst.Name) and mod.encloses(mod.function_of(named), call):
            key = axis_arg.value
    return Fix(f"Address the peer along axis {fact.axis!r} (device_id={{{key}: ...}})", "unsafe",
               (replace_node(mod, value, f"{{{key}: {peer}}}"),))
