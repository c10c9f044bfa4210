"""Calls of the JAX APIs in the table (analysis/apis.py), and of the builtins the analysis
needs to follow values (range, zip, len, isinstance, hasattr, ...). Arguments bind to the
row's own signature; the row's kind names the handler. An event whose argument is one of
several values is recorded once per option, each under its own choice."""

from __future__ import annotations

import ast
import functools
import itertools
import json
import math
import re
from dataclasses import replace

from .. import apis
from . import datafiles, dtypes, stypes
from .dtypes import dtype_name
from .calls import DESCRIPTORS, CallMixin, Super, ints, is_callable, value_name
from .expr import MAX_EXPAND
from .events import (
    BackwardContractionEvent, BroadcastTypesEvent, CollectiveEvent, CommEvent, ConcatenateTypeEvent, ConstraintEvent,
    ContractionEvent, DuplicateSpecEvent, GatherEvent, KernelApiEvent, MixedStateEvent, ReshapeTypeEvent,
    ResultSplitTwiceEvent, ScanSizesEvent, SelectTypeEvent, SetMeshTracedEvent, ShardingAxisEvent, KeywordsEvent,
    SplitSizeEvent, UnevenShardingEvent, VaryingAgainEvent, LaxDtypeEvent, ScanXsTypeEvent, UpdateSliceTypeEvent,
)
from ..jaxfacts import (
    CONSTRAINT_VARYING_SINCE, EAGER_SHARDING_SINCE, ELEMENTWISE_PRIMITIVES, GRAD_NEEDS_MESH_SINCE, MAKE_MESH_EXPLICIT,
    MIXED_STATE_OPS, OPERANDS_SHARDING_CHECKED, RESHAPE_SPLITS_AXES, RESHAPE_TYPED,
)
from ..verdicts import catches
from .frameworks import (PARTITIONED, FrameworkMixin, layer_fields, layer_output, layer_params, split_by,
                         variable_metadata, variable_sharding)
from .nnxstate import SEEDED
from .frames import Layer, Raise
from .shapes import (
    ELEMENTWISE, LAX_ELEMENTWISE, LAX_SLICES, LAYER_OUTPUT, LAYER_SHAPES, LAYER_TYPES, MESHLESS, PERMUTING, STACKED,
    OPTIONS, axis_of, call_shape, gathered, kept_dims_type, lax_slice, pieces, shape_of, static,
)
from .transforms import TransformMixin, layer_param, member, prefix_pairs, spec_parts, stacked, too_long
from .values import (
    BATCHED, DIFFERENTIATED, NNX_VARIABLES, ArrayV, BlockSpecV, ClassV, CommV, CompilerParamsV, Const, Descriptor,
    DevicesV, DictV, DTypeV, Ext, Factory, Func, GlobalsV, GraphPart, Inst, Lifted, LinenVarsV, MATCH, MeshV, Multi,
    NO_SHARDING, Partial, PSpecV, Repeated, Seq, SetMeshV, ShardingV, Transformed, Unknown, Value, join, differentiated,
    exact_vma, ancestors, full_reduction, is_variable, map_arrays, map_module_arrays, mro, options, row_of,
    variable_array, spec_duplicate, variable_kind, vma_of,
)

_REGISTERED_CLASS = "jax.tree_util.register_pytree_node_class"
_CONSTRAINTS = frozenset({"jax.lax.with_sharding_constraint", "equinox.filter_shard"})
# APIs whose `out_sharding=` applies when the function they make is called (where a context mesh
# may be entered by then), not where they are given it
_LATER_OUT_SHARDING = frozenset({"auto_axes", "explicit_axes"})
TRACES = "traces it"  # the call-path label of a function an API traces right away (eval_shape, scan, tree.map)
MAX_SPLIT = 16  # an event with more option combinations than this is recorded unsplit (unknown)
MAX_JSON = 100_000  # longer JSON text in a program is left unread
# the collectives that split a dimension of their operand over the axis's devices, by the
# parameter that names it
_SPLIT_DIMENSION = {"psum_scatter": "scatter_dimension", "all_to_all": "split_axis"}
_GPU_PALLAS = ("jax.experimental.pallas.triton.", "jax.experimental.pallas.mosaic_gpu.",
               "jax.experimental.pallas.gpu.")
_ARRAY_MODULES = ("jax.numpy.", "jax.lax.", "jax.random.", "jax.nn.", "jax.scipy.", "jax.ops.")
_SPLITS = frozenset({"jax.numpy.split", "jax.numpy.array_split"})
_UPDATE_SLICES = frozenset({"dynamic_update_slice", "dynamic_update_slice_in_dim", "dynamic_update_index_in_dim"})
_MAX_MATCHED = 1_000  # longer strings are not matched (a pattern may backtrack for long)
_PRIMITIVE_NAMES = frozenset(ELEMENTWISE_PRIMITIVES.values())  # (jax.lax's functions are named after them)
_WRAPS = "functools.wraps()"  # what `functools.wraps(fn)` returns: it gives back what it is given
_PYTYPES = {"builtins.int": int, "builtins.float": float, "builtins.str": str, "builtins.bool": bool,
            "builtins.tuple": tuple, "builtins.list": list, "builtins.dict": dict, "builtins.set": set,
            "builtins.frozenset": frozenset}
_SEQ_KINDS = {"builtins.tuple": "tuple", "builtins.list": "list", "builtins.set": "set",
              "builtins.frozenset": "set"}


# How a collective's result varies over the axes it names (shard_map's varying-axes types):
# reductions make it invariant there, the others keep (or make) it varying.
_REDUCES = {"psum", "pmean", "pmax", "pmin"}
_VARIES = {"all_gather", "ppermute", "pshuffle", "psum_scatter", "all_to_all", "ragged_all_to_all", "pvary",
           "pswapaxes", "pbroadcast"}
# The collectives whose result has their operand's shape (a reduction across devices, an
# exchange of whole blocks, a change of type).
_KEEP_SHAPE = {"psum", "pmean", "pmax", "pmin", "ppermute", "pshuffle", "pvary", "pcast", "pbroadcast"}
_GATHERS = {"all_gather", "all_gather_invariant", "psum_scatter", "all_to_all"}  # (shapes.gathered)


def _unbound(ctx, axes) -> bool:
    """Whether no transformation around binds any of `axes` (all known names)."""
    if not axes:
        return False
    for f in ctx.layers:
        if f.kind in ("shard_map", "pmap", "vmap"):
            if f.axes is None or (f.kind == "shard_map" and f.mesh_axes is None):
                return False
            if set(axes) & set(f.axes):
                return False
    return True


def _bound_size(ctx, axes) -> int | None:
    """How many devices the axes span where the innermost layer binding them is a shard_map over
    a mesh of known sizes (what `jax.lax.axis_size` returns while tracing)."""
    if not axes:
        return None
    for f in reversed(ctx.layers):
        if f.kind in ("pmap", "vmap") and (f.axes is None or set(axes) & set(f.axes)):
            return None
        if f.kind == "shard_map" and (f.axes is None or set(axes) & set(f.axes)):
            if f.mesh_axes is None or f.mesh_sizes is None or not set(axes) <= set(f.mesh_axes):
                return None
            n = 1
            for a in axes:
                size = f.mesh_sizes[f.mesh_axes.index(a)]
                if not isinstance(size, int):
                    return None
                n *= size
            return n
    return None


def _to(p: dict) -> str | None:
    to = p.get("to")
    return to.value if isinstance(to, Const) and isinstance(to.value, str) else None


def bind_row(row: apis.Api, args: list, kwargs: dict, unknown_tail: bool = False) -> dict:
    """The call's arguments by the row's parameter names; unset parameters take the row's
    literal defaults. A `*name` parameter gets a Seq, `**name` a DictV. After a starred argument
    of unknown length, the positional parameters it may fill, and `*name`, are unknown."""
    a = row.params
    positional = [*a.posonlyargs, *a.args]
    out: dict = {}
    for p, v in zip(positional, args):
        out[p.arg] = v
    if a.vararg is not None:
        out[a.vararg.arg] = Unknown if unknown_tail else Seq(tuple(args[len(positional):]))
    names = {p.arg for p in a.args} | {p.arg for p in a.kwonlyargs}
    extra = {}
    for k, v in kwargs.items():
        if k in names:
            out.setdefault(k, v)
        else:
            extra[k] = v
    if a.kwarg is not None:
        out[a.kwarg.arg] = DictV(extra)
    if unknown_tail:
        for p in positional[len(args):]:
            out.setdefault(p.arg, Unknown)
    defaults = list(zip(positional[len(positional) - len(a.defaults):], a.defaults))
    defaults += [(p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None]
    for p, d in defaults:
        if p.arg not in out:
            try:
                out[p.arg] = Const(ast.literal_eval(d))
            except ValueError:
                pass
    return out


def given(p: dict, name: str) -> Value | None:
    """A parameter the call really passed (not None, not defaulted to None)."""
    v = p.get(name)
    return None if v is None or (isinstance(v, Const) and v.value is None) else v


# the dtype a JAX function that makes an array gives where none is asked for (else float32)
_DEFAULT_DTYPE = {"jax.random.randint": "int32", "jax.random.rademacher": "int32", "jax.random.poisson": "int32",
                  "jax.random.bits": "uint32", "jax.random.bernoulli": "bool"}


class ApiMixin(TransformMixin, FrameworkMixin, CallMixin):
    def call_api(self, name: str, args, kwargs, act, ctx, site, node, decorating: bool,
                 unknown_tail: bool = False) -> Value:
        if "out_sharding" in kwargs and name.startswith("jax."):
            self._out_sharding(name, kwargs["out_sharding"], act, ctx, site, node, args)
        row = apis.API.get(name)
        if row is None:
            return Unknown if unknown_tail else self.call_builtin(name, args, kwargs, act, ctx, site, node)
        p = bind_row(row, args, kwargs, unknown_tail)
        return getattr(self, "_api_" + row.kind)(name, row, p, act, ctx, site, node, decorating)

    def _out_sharding(self, name: str, where: Value, act, ctx, site, node, operands=()) -> None:
        """`out_sharding=` of an array JAX makes or computes (`jax.random.normal`, `jnp.zeros`,
        `jnp.einsum`, ...) outside shard_map: the axes its spec names must be Explicit, and a bare
        PartitionSpec needs a context mesh (`jax.set_mesh`) to be resolved against (measured on
        0.8.2 and 0.10.2; before 0.8 not every function took it). `operands`: its arguments."""
        from ..jaxfacts import OUT_SHARDING_TYPED

        if ctx.innermost("shard_map") is not None or self.jax_version < OUT_SHARDING_TYPED:
            return
        mesh, spec = (where.mesh, where.spec) if isinstance(where, ShardingV) else (self.context_mesh(ctx, act), where)
        if mesh is None and isinstance(spec, PSpecV) and "mesh_maybe" not in ctx.modes \
                and apis.short(name) not in _LATER_OUT_SHARDING:
            self.record(ConstraintEvent(site, ctx, act.path, node, api=name, kind="out_sharding_no_mesh",
                                        axes=tuple(spec.named), spec=spec, mesh=None, placed=_maybe_on_mesh(operands)))
            raise Raise()
        if not isinstance(where, ShardingV) and isinstance(mesh, MeshV) and mesh.axes is not None \
                and isinstance(spec, PSpecV):
            # a bare spec is resolved against the context mesh, which must have every axis it names
            missing = [a for a in spec.named if a not in mesh.axes]
            if missing:
                self.record(ShardingAxisEvent(site, ctx, act.path, node, axis=missing[0], spec=spec, mesh=mesh,
                                              bare=True, out=True))
                raise Raise()
        if self._auto_axes(mesh, spec):
            self.record(ConstraintEvent(site, ctx, act.path, node, api=name, kind="out_sharding_auto",
                                        axes=tuple(spec.named), spec=spec, mesh=mesh))
            raise Raise()

    def explicit_mesh(self, mesh) -> bool:
        """Whether every axis of `mesh` is Explicit: `axis_types` says so, or `jax.make_mesh`
        chose them (from JAX 0.10)."""
        return isinstance(mesh, MeshV) and mesh.axes is not None and (
            mesh.explicit_types or (mesh.explicit_default and self.jax_version >= MAKE_MESH_EXPLICIT))

    def typed(self, x: Value, where: Value, act, ctx, sharding=None) -> Value:
        """`x` placed with `sharding` (None: where it was; see `stypes.placed`), its arrays of the
        sharding type placing them with `where` gives: a NamedSharding, or a bare PartitionSpec of
        the context mesh, over a mesh whose axes are all Explicit (outside shard_map); elsewhere,
        types not known."""
        mesh, spec = (where.mesh, where.spec) if isinstance(where, ShardingV) else \
            (self.context_mesh(ctx, act), where) if isinstance(where, PSpecV) else (None, None)
        known = ctx.innermost("shard_map") is None and self.explicit_mesh(mesh)
        return stypes.placed(x, sharding, lambda a: stypes.of_spec(spec, a.shape) if known else None)

    def product(self, name: str, lhs: ArrayV, rhs: ArrayV, dims, shape, out_sharding, act, ctx, site, node,
                bias: bool = False, direct: bool = True) -> tuple | None:
        """The sharding type of a matrix product of `lhs` and `rhs` (`dims`: the dimensions each
        contracts, and what each keeps into the result or, for an einsum, its labels; `shape`:
        the result's), where known; JAX requires a contracted dimension split on one side at
        most, unless the product is given `out_sharding` (outside shard_map, on arrays of the
        shapes JAX traces; 0.8.2 and 0.10.2 alike). `bias`: an Equinox `Linear`'s, added to it;
        `direct`: a layer's product, where the code calls the layer (see `layer_type`)."""
        if dims is None or ctx.innermost("shard_map") is not None or not ctx.per_item:
            return None
        lc, rc, kept = dims
        if out_sharding is not None:
            return self.typed(ArrayV(shape), out_sharding, act, ctx).spec
        would = stypes.kept_type(lhs, rhs, kept)
        axis = stypes.twice(would) if would is not None else None  # (an axis splitting two of its dimensions)
        out = would if axis is None else None
        specs = stypes.contraction(lhs, rhs, lc, rc)
        if specs is not None:
            self.record(ContractionEvent(site, ctx, act.path, node, api=name, specs=specs, out=out, bias=bias,
                                         bare=self._bare_specs(ctx, act), direct=direct,
                                         mesh=self.mesh_of(ctx, act, lhs, rhs)))
            raise Raise()
        if axis is not None:
            self.record(ResultSplitTwiceEvent(site, ctx, act.path, node, api=name, axis=axis, result=would,
                                              specs=(lhs.spec, rhs.spec)))
            raise Raise()
        self._backward_product(name, lhs, rhs, dims, act, ctx, site, node)
        return out

    def _backward_product(self, name: str, lhs: ArrayV, rhs: ArrayV, dims, act, ctx, site, node) -> None:
        """Under differentiation, where no mesh context is in force: an operand on no mesh whose
        gradient the product contracts over a dimension the other operand keeps split (its own,
        or the one a vmap mapped away) fails in JAX's backward pass (see GRAD_NEEDS_MESH_SINCE).
        JAX meets the products in reverse, so the last such product of the differentiated
        function is the one it blames: kept for `_apply_grad` to record. Only where a jit traces
        the differentiation (run eagerly, the arrays on different devices fail before, and
        otherwise)."""
        if not self.backward or self.jax_version < GRAD_NEEDS_MESH_SINCE or not self.no_mesh_context(ctx, act):
            return
        kinds = [f.kind for f in ctx.layers]
        if "grad" not in kinds or "jit" not in kinds[:len(kinds) - kinds[::-1].index("grad")]:
            return
        # (a vmap outside the differentiation batches the backward pass too: what it mapped
        # away is a batch dimension of the gradient's product, not one it contracts)
        inside = len(kinds) - kinds[::-1].index("grad")
        lc, rc, kept = dims
        for i, (x, other, contracted) in enumerate(((lhs, rhs, rc), (rhs, lhs, lc))):
            if DIFFERENTIATED not in x.vma or x.sharding is not NO_SHARDING or x.spec is None or any(x.spec) \
                    or other.spec is None or "int" in (x.dtype or ""):
                continue
            if isinstance(kept, tuple):  # an einsum's labels: the other's own (not the batch) dimensions
                mine, theirs, _ = kept if i == 0 else (kept[1], kept[0], kept[2])
                free = [other.spec[j] for j, c in enumerate(theirs) if c not in mine]
            elif kept is not None:
                free = [d for j, d in enumerate(other.spec) if j not in contracted]
            else:
                continue
            split = tuple(d for d in (*(_mapped_splits(other, x, ctx, inside) or ()), *free) if d)
            if split:
                self.backward[-1] = BackwardContractionEvent(site, ctx, act.path, node, api=name, operand=i,
                                                             spec=x.spec, contracted=split,
                                                             mesh=self.mesh_of(ctx, act, other))
                return

    def no_mesh_context(self, ctx, act) -> bool:
        """Whether no mesh context (`jax.set_mesh`, `use_mesh`) is known to be in force here."""
        return self.context_mesh(ctx, act) is None and "mesh_maybe" not in ctx.modes

    def mesh_of(self, ctx, act, *operands) -> MeshV | None:
        """The mesh an operation's operands are on: the mesh in force, else the one an operand's
        NamedSharding names."""
        mesh = self.context_mesh(ctx, act)
        if mesh is None:
            mesh = next((o.sharding.mesh for o in operands
                         if isinstance(o, ArrayV) and isinstance(o.sharding, ShardingV)
                         and isinstance(o.sharding.mesh, MeshV)), None)
        return mesh

    def _bare_specs(self, ctx, act) -> bool:
        """Whether a bare PartitionSpec resolves here: a mesh context (`jax.set_mesh`, a legacy
        `with mesh:`) is known to be in force."""
        return self.context_mesh(ctx, act) is not None or ctx.legacy_mesh is not None

    def gather_type(self, name: str, table: Value, indices: Value, act, ctx, site, node,
                    direct: bool = True) -> tuple | None:
        """The sharding type of `table[indices]` with integer indices (an embedding lookup), where
        known; where JAX cannot type it, outside shard_map, a ShardingTypeError (0.8.2 and 0.10.2
        alike). Under vmaps that hand their function per-item arrays, indices a vmap maps are
        split as its mapped dimension too (a batch of ids split over 'data'); a table one maps
        is not followed."""
        if not (isinstance(table, ArrayV) and isinstance(indices, ArrayV) and indices.dtype is not None
                and "int" in indices.dtype) or ctx.innermost("shard_map") is not None or not ctx.per_item:
            return None
        batch = _mapped_splits(indices, table, ctx)
        if batch is None or indices.spec is None:
            return None
        whole = stypes.gather(table, replace(indices, spec=(*batch, *indices.spec)))  # (as JAX sees the indices)
        if whole is None:
            return None
        fails, _ = whole
        found = stypes.gather(table, indices)
        out = found[1] if found is not None else None
        if fails:
            # (a lookup of mapped indices fails under vmap with `out_sharding=` too: measured on 0.10.2)
            self.record(GatherEvent(site, ctx, act.path, node, api=name, operand=table.spec,
                                    indices=(*batch, *indices.spec), bare=self._bare_specs(ctx, act),
                                    direct=direct, out=None if batch else out,
                                    mesh=self.mesh_of(ctx, act, table, indices)))
            raise Raise()
        return out

    def array_type(self, name: str, args: list, kwargs: dict, shape, act, ctx, site, node) -> tuple | None:
        """The sharding type of what a function of jax.numpy, jax.nn or jax.lax computes, where
        stypes has its rule: its `out_sharding=`, an elementwise operation's, a matrix
        product's (checked as JAX checks it)."""
        op, lax = name.rsplit(".", 1)[-1], name.startswith("jax.lax.")
        out_sharding = given(kwargs, "out_sharding")
        if op in ("dot", "matmul") and not lax and len(args) == 2 and all(isinstance(a, ArrayV) for a in args):
            return self.product(name, *args, stypes.matmul_dims(*args, op), shape, out_sharding, act, ctx, site, node)
        if op == "einsum" and not lax and len(args) == 3 and all(isinstance(a, ArrayV) for a in args[1:]):
            return self.product(name, args[1], args[2], stypes.einsum_dims(*args), shape, out_sharding, act, ctx,
                                site, node)
        if out_sharding is not None:
            return self.typed(ArrayV(shape), out_sharding, act, ctx).spec if shape is not None else None
        axis = args[2] if len(args) > 2 else kwargs.get("axis")
        if op == "take" and not lax and len(args) >= 2 and isinstance(axis, Const) and axis.value == 0:
            return self.gather_type(name, args[0], args[1], act, ctx, site, node)
        if op == "roll" and not lax and args and isinstance(args[0], ArrayV):
            return self.rolled(args, kwargs, act, ctx, site, node)
        if op in stypes.UNARY and not lax and len(args) == 1:
            return stypes.elementwise(args)
        if op == "one_hot" and not lax and args and isinstance(args[0], ArrayV) and args[0].spec is not None:
            # (its classes a new dimension, unsplit, where `axis` puts it: last by default)
            at = kwargs.get("axis", Const(-1))
            n = len(args[0].spec) + 1
            if isinstance(at, Const) and type(at.value) is int and -n <= at.value < n:
                i = at.value % n
                return (*args[0].spec[:i], (), *args[0].spec[i:])
            return None
        kept = kept_dims_type(op, lax, args, kwargs)
        if kept is not None or op in PERMUTING:
            return kept
        if op == "reshape" and args and isinstance(args[0], ArrayV) and given(kwargs, "dimensions") is None \
                and not (lax and len(args) > 2 and not (isinstance(args[2], Const) and args[2].value is None)):
            return self.reshape_type(name, args[0], shape, act, ctx, site, node)
        if op in ("concatenate", "stack") and args and isinstance(args[0], Seq) and (op == "concatenate" or not lax):
            axis = args[1] if len(args) > 1 else kwargs.get("dimension" if lax else "axis", Const(0))
            return self.joined_type(name, op == "stack", list(args[0].items), axis, act, ctx, site, node)
        if lax and op in _UPDATE_SLICES and len(args) >= 2:
            return self.update_type(name, args, kwargs, act, ctx, site, node)
        if lax and op in LAX_SLICES and args and isinstance(args[0], ArrayV):
            return self.sliced_type(op, args, kwargs, act, ctx, site, node)
        if len(args) == 3 and ((op == "where" and not lax) or (op == "select" and lax)):
            self.select_types(name, args, act, ctx, site, node)
        if op in ELEMENTWISE or (lax and op in LAX_ELEMENTWISE):
            primitive = (op if op in _PRIMITIVE_NAMES else None) if lax else ELEMENTWISE_PRIMITIVES.get(op)
            return self.elementwise_type(name, primitive, [*args, *(v for k, v in kwargs.items() if k != "dtype")],
                                         act, ctx, site, node)
        return None

    def reshape_type(self, api: str, x: ArrayV, shape, act, ctx, site, node) -> tuple | None:
        """The sharding type of `x` reshaped to `shape` (given no `out_sharding`), where known
        (stypes.reshaped): an array split nowhere is split nowhere; else outside shard_map, on the
        arrays JAX traces, from JAX 0.8. Where JAX's rule cannot type it, it raises."""
        if x.spec is None or x.shape is None or shape is None or None in x.shape or None in shape:
            return None
        if not any(x.spec):
            return ((),) * len(shape)
        if self.jax_version < RESHAPE_TYPED or ctx.innermost("shard_map") is not None or not ctx.per_item:
            return None
        mesh = self.context_mesh(ctx, act)
        sizes = dict(zip(mesh.axes, mesh.sizes)) if isinstance(mesh, MeshV) and mesh.axes and mesh.sizes else {}
        out = stypes.reshaped(x.shape, x.spec, shape, sizes, self.jax_version >= RESHAPE_SPLITS_AXES)
        if out == stypes.UNSUPPORTED:
            self.record(ReshapeTypeEvent(site, ctx, act.path, node, api=api, spec=x.spec, shape=x.shape,
                                         dtype=x.dtype, new=shape,
                                         out=stypes.reshape_out(x.shape, x.spec, shape, sizes),
                                         bare=self._bare_specs(ctx, act)))
            raise Raise()
        return out

    def rolled(self, args: list, kwargs: dict, act, ctx, site, node) -> tuple | None:
        """The sharding type of `jnp.roll(x, shift, axis)`: `x`'s. JAX slices each dimension it
        rolls into the `shift % n` last rows and the rest, so a split dimension rolled by other
        than whole blocks raises as such a slice does (`cut_checked`; 0.8.2 and 0.10.2 alike).
        A roll of the flattened array (no `axis`) is not followed."""
        x = args[0]
        shift = static(args[1] if len(args) > 1 else kwargs.get("shift"))
        axis = static(args[2] if len(args) > 2 else kwargs.get("axis"))
        shifts, axes = (shift, axis) if isinstance(axis, tuple) else ((shift,), (axis,))
        if x.shape is None or not isinstance(shifts, tuple) or len(shifts) != len(axes):
            return None
        kept: list = [None] * len(x.shape)
        for by, ax in zip(shifts, axes):
            at = axis_of(ax, len(x.shape))
            if at is None or not isinstance(by, int) or not isinstance(x.shape[at], int) or x.shape[at] == 0:
                return None
            kept[at] = by % x.shape[at] or None
        self.cut_checked(x, lambda sizes: stypes.uneven_kept(x.spec, kept, sizes), False, site, node, act, ctx,
                         roll=True)
        return x.spec

    def sliced_type(self, op: str, args: list, kwargs: dict, act, ctx, site, node) -> tuple | None:
        """The sharding type of `lax.<op>(x, ...)` of LAX_SLICES, where known: `x`'s, less a
        dimension an `index_in_dim` form drops. A block that keeps part of a split dimension
        its axes do not divide raises (`cut_checked`)."""
        x = args[0]
        cut = lax_slice(op, x.shape, args, kwargs)
        if cut is None or x.spec is None or len(x.spec) != len(cut[0]):
            return None
        kept, dropped = cut
        self.cut_checked(x, lambda sizes: stypes.uneven_kept(x.spec, kept, sizes), op.startswith("dynamic_"), site,
                         node, act, ctx)
        return tuple(d for i, d in enumerate(x.spec) if i != dropped)

    def update_type(self, api: str, args: list, kwargs: dict, act, ctx, site, node) -> tuple | None:
        """The sharding type of `lax.dynamic_update_slice(operand, update, ...)` (and of its
        `_in_dim` forms; `dynamic_update_index_in_dim` adds the update's dimension at `axis`, whole),
        where known: outside shard_map, on the arrays JAX traces, from JAX 0.8, the operand's,
        which the update's must be (else JAX raises)."""
        operand, update = args[0], args[1]
        if not (isinstance(operand, ArrayV) and isinstance(update, ArrayV) and operand.spec is not None
                and update.spec is not None) or ctx.innermost("shard_map") is not None or not ctx.per_item \
                or self.jax_version < OPERANDS_SHARDING_CHECKED:
            return None
        spec, shape = update.spec, update.shape
        if api.endswith("dynamic_update_index_in_dim"):
            axis = args[3] if len(args) > 3 else kwargs.get("axis", Unknown)
            rank = len(operand.spec)
            if not (isinstance(axis, Const) and isinstance(axis.value, int) and -rank <= axis.value < rank):
                return None
            at = axis.value % rank
            spec = (*spec[:at], (), *spec[at:])
            shape = (*shape[:at], 1, *shape[at:]) if shape is not None else None
        if len(spec) != len(operand.spec):
            return None
        if spec != operand.spec:
            self.record(UpdateSliceTypeEvent(site, ctx, act.path, node, api=api, specs=(operand.spec, spec),
                                             shapes=(operand.shape, shape), dtype=operand.dtype))
            raise Raise()
        return operand.spec

    def joined_type(self, api: str, stack: bool, arrays: list, axis: Value, act, ctx, site, node) -> tuple | None:
        """The sharding type of `jnp.concatenate(arrays, axis)` (`jnp.stack` where `stack`,
        `lax.concatenate`), where known: `lax.concatenate` takes operands of one sharding type
        and gives it (outside shard_map, on the arrays JAX traces), else raises; `jnp.stack`
        adds the new dimension whole."""
        if not arrays or not all(isinstance(a, ArrayV) and a.spec is not None for a in arrays) \
                or len({len(a.spec) for a in arrays}) > 1 or ctx.innermost("shard_map") is not None \
                or not ctx.per_item or self.jax_version < OPERANDS_SHARDING_CHECKED:
            return None
        first = arrays[0].spec
        other = next((a.spec for a in arrays if a.spec != first), None)
        if other is not None:
            self.record(ConcatenateTypeEvent(site, ctx, act.path, node, api=api, specs=(first, other)))
            raise Raise()
        if not stack:
            return first
        rank = len(first)
        if not (isinstance(axis, Const) and isinstance(axis.value, int) and -rank - 1 <= axis.value <= rank):
            return None
        at = axis.value % (len(first) + 1)
        return (*first[:at], (), *first[at:])

    def select_types(self, api: str, args: list, act, ctx, site, node) -> None:
        """`jnp.where(c, x, y)`, `lax.select(c, x, y)` outside shard_map, on the arrays JAX traces:
        `lax.select` takes cases of one sharding type and a condition that is a scalar or of
        theirs. `jnp.where` broadcasts its operands to one type where their shapes differ (a
        number for a case, a row for a condition), and hands them on as they are where they are
        all one shape: only there is it checked. The fix's reshard, where one type splits a
        dimension the other leaves whole: the less split to the more."""
        if self.jax_version < OPERANDS_SHARDING_CHECKED or ctx.innermost("shard_map") is not None or not ctx.per_item:
            return
        which, *cases = args
        known = [which, *cases] if not (isinstance(which, ArrayV) and which.shape == ()) else cases
        if not all(isinstance(v, ArrayV) and v.shape is not None and v.spec is not None and len(v.spec) == len(v.shape)
                   for v in known) or len({v.shape for v in known}) > 1:
            return
        first, second = (v.spec for v in cases)
        if first != second:
            wider = _wider(first, second)
            arg, spec = (None, ()) if wider is None else (2, first) if wider is first else (1, second)
            what, specs = "cases", (first, second)
        elif len(known) == 3 and which.spec != first:
            what, specs, arg, spec = "which", (which.spec, first), 0, first
        else:
            return
        self.record(SelectTypeEvent(site, ctx, act.path, node, api=api, what=what, specs=specs, arg=arg, spec=spec,
                                    bare=self._bare_specs(ctx, act)))
        raise Raise()

    def elementwise_type(self, api: str, primitive: str | None, operands: list, act, ctx, site, node) -> tuple | None:
        """The sharding type of an elementwise operation's result (`primitive`: what JAX calls
        it, where known), where known. JAX rejects operands that split one dimension over
        different mesh axes, and a result that one mesh axis would split on two dimensions
        (outside shard_map, on the arrays JAX traces): recorded where the primitive is known; not
        typed otherwise."""
        out = stypes.elementwise(operands)
        conflict = stypes.broadcast_conflict(operands) if out is None else None
        if conflict is not None and primitive is not None and ctx.innermost("shard_map") is None and ctx.per_item \
                and self.jax_version >= OPERANDS_SHARDING_CHECKED:
            self.record(BroadcastTypesEvent(site, ctx, act.path, node, api=api, primitive=primitive, specs=conflict))
            raise Raise()
        axis = stypes.twice(out) if out is not None else None
        if axis is None:
            return out
        if primitive is not None and ctx.innermost("shard_map") is None and ctx.per_item:
            self.record(ResultSplitTwiceEvent(site, ctx, act.path, node, api=api, primitive=primitive, axis=axis,
                                              result=out, specs=tuple(v.spec for v in operands
                                                                      if isinstance(v, ArrayV))))
            raise Raise()
        return None

    def param_type(self, shape, init, act, ctx, site, node) -> tuple | None:
        """The sharding type of a Flax NNX layer's parameter of `shape` made by `init` (None: the
        layer's default): split as an `nnx.with_partitioning` initializer's sharding says (where
        Flax shards it eagerly; checked there), or an initializer's `out_sharding=` given by a
        partial, else nowhere; None where not known."""
        if init is None or isinstance(init, Ext):
            return ((),) * len(shape)
        if isinstance(init, Partial) and isinstance(init.func, Ext) and init.func.name.endswith(".initialize") \
                and not init.args and set(init.kwargs) <= {"dtype", "out_sharding"}:
            # `functools.partial(init_fn, out_sharding=P(...))` (Flax's explicit-sharding guide)
            where = given(init.kwargs, "out_sharding")
            return ((),) * len(shape) if where is None else self.typed(ArrayV(shape), where, act, ctx).spec
        if not (isinstance(init, Inst) and isinstance(init.cls, Ext) and init.cls.name == PARTITIONED):
            return None
        if self.flax_version < EAGER_SHARDING_SINCE:
            return ((),) * len(shape)
        sharding = self.eager_sharding(init, act, ctx, site, node, ArrayV(shape))
        return self.typed(ArrayV(shape), sharding, act, ctx).spec if sharding is not None else None

    def _auto_axes(self, mesh, spec) -> bool:
        """Whether `spec` names axes of `mesh` and its axes are Auto (a `Mesh` given no
        `axis_types`, `jax.make_mesh` before JAX 0.10)."""
        return isinstance(mesh, MeshV) and isinstance(spec, PSpecV) and bool(spec.named) and (
            mesh.auto_types or (mesh.explicit_default and self.jax_version < MAKE_MESH_EXPLICIT))

    # ------------------------------------------------------------------ recording

    def _pairs_dict(self, pairs: Value) -> dict | None:
        """`dict(pairs)` of an iterable of known (key, value) pairs whose keys are constants."""
        items = self.iterate(pairs)
        if items is None:
            return None
        out = {}
        for pair in items:
            kv = self.iterate(pair) if isinstance(pair, Seq) else None
            if kv is None or len(kv) != 2 or not isinstance(kv[0], Const):
                return None
            try:
                out[kv[0].value] = kv[1]
            except TypeError:
                return None
        return out

    def record_split(self, make, fields: dict, ctx, site) -> list:
        """Record `make(ctx, **fields)` once per combination of the options of its fields,
        each under the choices that pick it (a field that is one value is passed as is)."""
        split = {k: options(v) for k, v in fields.items() if isinstance(v, Multi)}
        combos = 1
        for opts in split.values():
            combos *= len(opts)
        if not split or combos > MAX_SPLIT:
            ev = make(ctx, **fields)
            self.record(ev)
            return [ev]
        out = []
        names = list(split)
        for picks in itertools.product(*(range(len(split[k])) for k in names)):
            c = ctx
            values = dict(fields)
            for k, i in zip(names, picks):
                c = c.choose((site, k), i, len(split[k]))
                values[k] = split[k][i]
            ev = make(c, **values)
            self.record(ev)
            out.append(ev)
        return out

    # ------------------------------------------------------------------ collectives

    def _api_collective(self, name, row, p, act, ctx, site, node, decorating):
        kind = row.kind
        x = p.get("x", p.get("operand"))

        def make(c, axis_value, perm):
            return CollectiveEvent(site, c, act.path, node, api=name, kind=kind, axes=axis_tuple(axis_value),
                                   axis_value=axis_value, perm=perm_pairs(perm) if perm is not None else None,
                                   perm_site=perm.site if isinstance(perm, Seq) else None,
                                   constant=isinstance(x, Const))

        perm = p.get("perm") if "perm" in row.sig else None
        axis = p.get(row.axis, Unknown)
        evs = self.record_split(make, {"axis_value": axis, "perm": perm}, ctx, site)
        if ctx.traced and _unbound(ctx, axis_tuple(axis)) and catches(ctx.caught, "NameError"):
            # JAX raises NameError here while tracing, and a handler takes it: what follows does not run
            raise Raise()
        if kind == "recv":
            shape = given(p, "out_shape")
            dtype = shape.dtype if isinstance(shape, ArrayV) else None
            return ArrayV(shape.shape if isinstance(shape, ArrayV) else None, dtype, received=evs[0], exact=True)
        axes = frozenset(axis_tuple(axis) or ())
        short = apis.short(name)
        smap = ctx.innermost("shard_map")
        known = axis_tuple(axis) is not None and smap is not None and smap.axes is not None and axes <= smap.axes
        if short == "axis_index":
            return ArrayV((), "int32", vma=axes if known else frozenset(), exact=known)
        if short == "axis_size":
            size = _bound_size(ctx, axis_tuple(axis))
            return Const(size) if size is not None else ArrayV((), "int32", exact=True)
        if short == "psum" and isinstance(x, Const) and type(x.value) is int:
            # (a constant's sum is computed as JAX traces: the constant times the axes' size,
            # `psum(1, axis)` that size)
            size = _bound_size(ctx, axis_tuple(axis))
            if size is not None:
                return Const(x.value * size)
        reduces = short in _REDUCES or (short in ("pcast", "all_gather") and _to(p) == "invariant") \
            or short == "all_gather_invariant"
        varies = not reduces and (short in _VARIES or short == "pcast")
        if known and short in ("pvary", "pcast") and varies and vma_of(x) & axes:
            self.record(VaryingAgainEvent(site, ctx, act.path, node, api=name,
                                          axes=tuple(sorted(vma_of(x) & axes)), every=axes <= vma_of(x)))
        # (a mesh axis the shard_map leaves automatic, or one its mesh lacks, is one the operand
        # never varies over)
        in_smap = axis_tuple(axis) is not None and smap is not None and smap.axes is not None \
            and smap.mesh_axes is not None
        if in_smap and short in MIXED_STATE_OPS and len(axes) > 1:
            self._mixed_state(x, axis_tuple(axis), name, act, ctx, site, node)
        if known and short in _SPLIT_DIMENSION and isinstance(x, ArrayV):
            self._split_size(short, p, x, axis_tuple(axis), name, act, ctx, site, node)

        # a reduction over every manual axis in force varies over none, whatever its operand did
        manual = frozenset().union(*(f.axes for f in ctx.layers if f.kind == "shard_map" and f.axes))
        whole = known and reduces and bool(manual) and manual <= axes \
            and not any(f.kind in ("vmap", "pmap") for f in ctx.layers)

        def result(a: Value) -> ArrayV:
            vma = vma_of(a)
            if not known:
                vma = frozenset()  # JAX rejects the collective itself, or its axes are unknown: no claim
            elif reduces:
                vma = vma - axes
            elif varies:
                vma = vma | axes
            shape = a.shape if short in _KEEP_SHAPE and isinstance(a, ArrayV) else \
                gathered(short, a.shape, _bound_size(ctx, axis_tuple(axis)), p) \
                if known and short in _GATHERS and isinstance(a, ArrayV) else None
            return ArrayV(shape, a.dtype if isinstance(a, ArrayV) else None, vma=vma,
                          exact=known and (exact_vma(a) or whole))

        if isinstance(x, (Seq, DictV, GraphPart, Inst)):  # a pytree: each array leaf
            return map_module_arrays(x, result)
        return result(x)

    _api_send = _api_recv = _api_collective

    def _split_size(self, short: str, p: dict, x: ArrayV, axes: tuple, name, act, ctx, site, node) -> None:
        """A psum_scatter or all_to_all splits a dimension of its operand over the devices of
        its axes: tiled, the dimension must be a multiple of their number; untiled, equal to it
        (JAX raises while tracing, on 0.6.2, 0.8.2 and 0.10.2 alike)."""
        if any(f.kind in ("vmap", "pmap") for f in ctx.layers):
            return  # (a mapped function's operands are taken whole: their shapes are not each item's)
        size = _bound_size(ctx, axes)
        dim, tiled = p.get(_SPLIT_DIMENSION[short], Const(0)), p.get("tiled", Const(False))
        groups = p.get("axis_index_groups", Const(None))
        if not (isinstance(size, int) and size > 0 and x.shape is not None and isinstance(dim, Const)
                and isinstance(dim.value, int) and isinstance(tiled, Const) and isinstance(tiled.value, bool)
                and isinstance(groups, Const) and groups.value is None):
            return
        d = dim.value + len(x.shape) if dim.value < 0 else dim.value
        n = x.shape[d] if 0 <= d < len(x.shape) else None
        if isinstance(n, int) and (n % size if tiled.value else n != size):
            self.record(SplitSizeEvent(site, ctx, act.path, node, api=name, axes=tuple(axes), dim=d, size=n,
                                       axis_size=size, tiled=tiled.value))
            raise Raise()

    def _mixed_state(self, x: Value, axes: tuple, name, act, ctx, site, node) -> None:
        """A reduction over `axes` (mesh axes of the shard_map around it) of an operand with an
        array that varies over some of them and not the others, its varying axes exactly known."""
        axes = tuple(dict.fromkeys(axes))
        mixed = []

        def leaf(a: Value) -> Value:
            v = vma_of(a) & frozenset(axes)
            if exact_vma(a) and v and len(v) < len(axes):
                mixed.append(v)
            return a

        map_arrays(x, leaf)
        if mixed:
            self.record(MixedStateEvent(site, ctx, act.path, node, api=name, axes=axes,
                                        invariant=tuple(a for a in axes if a not in mixed[0]),
                                        single=isinstance(x, ArrayV)))

    # ------------------------------------------------------------------ transformations

    def _api_transform(self, name, row, p, act, ctx, site, node, decorating):
        fn = given(p, row.fn)
        params = {k: v for k, v in p.items() if k != row.fn}
        if row.kind == "shard_map":
            passed = sorted(k for k in self._keywords(node) if k != row.fn)
            self.record(KeywordsEvent(site, ctx, act.path, node, api=name, keywords=tuple(passed),
                                      module=act.scope.module))
        if fn is None:
            return Factory(row.kind, params, site, name)
        if isinstance(fn, (ClassV, Lifted)) and apis.lifts_class(name):
            return self.lift_class(row.kind, fn, params, site, name)
        params["__wrap__"] = self.wrap_site(fn, node, act, decorating, row)
        return Transformed(row.kind, fn, params, site, name)

    _api_jit = _api_pmap = _api_vmap = _api_shard_map = _api_pallas_call = _api_filter_pmap = _api_transform
    _api_wrap = _api_trace = _api_grad = _api_transform

    def _keywords(self, node) -> list:
        return [k.arg for k in node.keywords if k.arg] if isinstance(node, ast.Call) else []

    def _api_run_now(self, name, row, p, act, ctx, site, node, decorating):
        return Factory("run_now", p, site, name)

    def apply_factory(self, f: Factory, args, kwargs, act, ctx, site, node, decorating) -> Value:
        if f.kind == "make_with_state":
            return self.make_with_state(f, args, kwargs, act, ctx, site, node)
        if not args or not is_callable(args[0]):
            return Unknown
        if f.kind == "run_now":
            self.call(args[0], [], {}, act, ctx, site, node, unknown_tail=True)
            return Unknown
        params = dict(f.params)
        if isinstance(args[0], (ClassV, Lifted)):
            return self.lift_class(f.kind, args[0], params, f.site, f.api)
        params["__wrap__"] = self.wrap_site(args[0], node, act, decorating, None)
        return Transformed(f.kind, args[0], params, f.site, f.api)

    def _api_grad_call(self, name, row, p, act, ctx, site, node, decorating):
        fn = given(p, "fun")
        if fn is not None and is_callable(fn):
            from .frames import Layer

            inner = ctx.push(Layer("grad", site, frozenset(), api=name))
            primals = p.get("primals")
            self.call(fn, [differentiated(a) for a in primals.items] if isinstance(primals, Seq) else [], {}, act,
                      inner, site, node, label=f"{apis.short(name)} differentiates it")
        return Unknown

    def _api_call(self, name, row, p, act, ctx, site, node, decorating):
        """A higher-order primitive that traces its functions right away (lax control flow,
        tree maps, run_scoped, ...), with the arguments the row says."""
        outputs = []
        if apis.short(name) in ("eval_shape", "filter_eval_shape"):
            ctx = ctx.push(Layer("eval_shape", site, frozenset(), api=name))
        for fn_param, argspec in row.calls:
            fnv = p.get(fn_param)
            if fnv is None:
                continue
            fargs, fkwargs, tail = [], {}, False
            for spec in argspec:
                if spec.startswith("**"):
                    given = p.get(spec[2:])
                    if isinstance(given, DictV):
                        fkwargs.update(given.items)
                    elif given is not None:
                        tail = True
                elif spec == "?":
                    fargs.append(ArrayV())
                elif spec == "index":
                    fargs.append(ArrayV((), "int32", NO_SHARDING, exact=True, spec=()))
                elif spec.startswith("rows:"):
                    xs = p.get(spec[5:], Unknown)
                    self.scan_sizes(name, xs, act, ctx, site, node)
                    self.scanned_whole(name, xs, act, ctx, site, node)
                    fargs.append(xs if isinstance(xs, Const) and xs.value is None
                                 else map_arrays(xs, row_of, _row_member))
                elif spec.startswith("*"):
                    items = self.iterate(p.get(spec[1:], Unknown))
                    if items is None:
                        tail = True
                    else:
                        fargs.extend(items)
                else:
                    fargs.append(p.get(spec, Unknown))
            for fn in (fnv.items if isinstance(fnv, Seq) else (fnv,)):
                if is_callable(fn):
                    outputs.append(self.call(fn, fargs, fkwargs, act, ctx, site, node, unknown_tail=tail,
                                             label=f"{apis.short(name)} {TRACES}"))
        self.received_carry(name, row, p, outputs, act, ctx, site, node)
        return _control_result(apis.short(name), outputs)

    def scan_sizes(self, name: str, xs: Value, act, ctx, site, node) -> None:
        """`lax.scan`'s `xs` whose arrays' leading dimensions, all known as JAX traces them,
        differ (a layer stack split by a spec written for one layer): JAX raises at the call."""
        leaves = tree_leaves(xs) if name == "jax.lax.scan" and ctx.per_item else None
        if leaves is None or not all(isinstance(a, ArrayV) and a.shape and isinstance(a.shape[0], int) for a in leaves):
            return
        sizes = [a.shape[0] for a in leaves]
        if len(set(sizes)) > 1:
            self.record(ScanSizesEvent(site, ctx, act.path, node, api=name, sizes=tuple(sizes)))
            raise Raise()

    def scanned_whole(self, name: str, xs: Value, act, ctx, site, node) -> None:
        """The arrays a loop steps over (`lax.scan`'s and `lax.map`'s `xs`) split over an Explicit
        mesh axis on their leading dimension, the one stepped over: outside shard_map, from JAX
        0.8, JAX raises (0.8.2 and 0.10.2 alike) before it traces the body."""
        if ctx.innermost("shard_map") is not None or not ctx.per_item or self.jax_version < OPERANDS_SHARDING_CHECKED:
            return
        stack = [xs]
        while stack:
            v = stack.pop()
            if isinstance(v, Seq):
                stack.extend(reversed(v.items))
            elif isinstance(v, DictV):
                stack.extend(reversed(list(v.items.values())))
            elif isinstance(v, ArrayV) and v.spec and v.spec[0]:
                self.record(ScanXsTypeEvent(site, ctx, act.path, node, api=name, spec=v.spec))
                raise Raise()

    def _api_tree_leaves(self, name, row, p, act, ctx, site, node, decorating):
        """`jax.tree.leaves(tree)`: the list of its leaves in JAX's order (a dict's by sorted key,
        None none), where the tree holds only lists, tuples, dicts, arrays and numbers; else
        unknown."""
        leaves = tree_leaves(p.get("tree", Unknown)) if given(p, "is_leaf") is None else None
        return Seq(tuple(leaves), "list") if leaves is not None else Unknown

    def _api_tree_map(self, name, row, p, act, ctx, site, node, decorating):
        """`jax.tree.map(f, tree, *rest)`: `f` on each leaf (with the leaves of `rest` at the
        same place), in the tree's structure, where the structure is known (lists, tuples, dicts
        and None); a leaf that may be a pytree of its own (an object, an unknown value) is traced
        with an array of nothing known and gives an unknown result. `tree_map_with_path` gives
        `f` each leaf's key path first: a tuple of `SequenceKey`, `DictKey` and `GetAttrKey`
        (the fields of an Equinox module or a dataclass), unknown below a node whose keys are not
        followed (an NNX module's, a registered class's)."""
        f = p.get("f")
        rest = self.iterate(p.get("rest", Seq(()))) or []
        tree = p.get("tree")
        # (`jnp.add`, `jnp.zeros_like`: the array functions the interpreter computes)
        f_callable = is_callable(f) or isinstance(f, Ext) and f.name.startswith(_ARRAY_MODULES)
        if f_callable and isinstance(tree, LinenVarsV) and tree.specs and not rest \
                and not name.endswith("with_path"):
            # `nn.get_partition_spec`'s specs, each a PartitionSpec leaf (`is_leaf` picking them
            # out or not): `f` on each distinct one, of the names it holds as they are; where
            # it makes shardings of those of `nn.with_partitioning`, the variables' shardings
            # (where the specs are known to be shaped as variables, or as one collection)
            for spec in self.written_specs(tree, act, ctx, site, node):
                self.call(f, [spec], {}, act, ctx, site, node, label=f"tree.map {TRACES}")
            if tree.mesh_names and (tree.collections or tree.within is not None):
                return self.linen_specs_mapped(tree, f, act, ctx, site, node, f"tree.map {TRACES}")
            return Unknown
        is_leaf = given(p, "is_leaf")
        with_path = name.endswith("with_path")
        if not f_callable or is_leaf is not None and (not is_callable(is_leaf) or (
                with_path and not _is_false(p.get("is_leaf_takes_path", Const(False))))):
            return Unknown

        # the stacked modules walked into (their attributes hold one member's arrays): how many
        # they stack, and what `f` made of each array whose shape is known, "stacked" where it
        # kept the count in front, "member" where it took one member's (`a[0]`)
        lead: list = []
        made: list = []

        def leaf_call(args, path):
            a = args[0]
            whole = lead and isinstance(a, ArrayV) and isinstance(lead[-1], int) and a.shape is not None
            if whole:  # the stacked array: the count in front of the member's shape
                args = [ArrayV((lead[-1], *a.shape), a.dtype, vma=a.vma, exact=a.exact), *args[1:]]
            elif lead and isinstance(a, ArrayV):  # (its shape not followed, its length)
                args = [ArrayV(None, a.dtype, vma=a.vma, exact=a.exact, lead=lead[-1]), *args[1:]]
            if with_path:
                args = [Seq(path, "tuple") if path is not None else Unknown, *args]
            out = self.call(f, args, {}, act, ctx, site, node, label=f"tree.map {TRACES}")
            if whole and isinstance(out, ArrayV) and out.shape is not None:
                if out.shape == a.shape:
                    made[-1].add("member")
                elif out.shape[:1] == (lead[-1],):
                    made[-1].add("stacked")
                    return replace(out, shape=out.shape[1:])
            return out

        def walk(tree, others, path, state=False):
            if is_leaf is not None and not (isinstance(tree, Const) and tree.value is None):
                # (`is_leaf` decides of each node first: where it does not surely say, nothing is known)
                picked = self.call(is_leaf, [tree], {}, act, ctx, site, node, label=f"tree.map's is_leaf {TRACES}")
                if not (isinstance(picked, Const) and isinstance(picked.value, bool)):
                    raise _NotFollowed()
                if picked.value:
                    return leaf_call([tree, *others], path)
            if isinstance(tree, Inst) and STACKED in tree.attrs:
                n = tree.attrs[STACKED]
                lead.append(n.value if isinstance(n, Const) else None)
                made.append(set())
                try:
                    out = parts(tree, others, path, state)
                finally:
                    lead.pop()
                    kinds = made.pop()
                if isinstance(out, Inst) and kinds == {"member"}:
                    return member(out)  # (`lambda a: a[0]`: the first member)
                if isinstance(out, Inst) and kinds == {"member", "stacked"}:
                    return stacked(member(out), None)
                return out
            return parts(tree, others, path, state)

        def parts(tree, others, path, state):
            # (`state`: inside an NNX State, whose keys are DictKeys, a list's items' too, down to
            # each variable's GetAttrKey('value'): Flax 0.11 and 0.12 alike)
            if isinstance(tree, Seq) and tree.kind in ("tuple", "list"):
                subs = [o.items if isinstance(o, Seq) and len(o.items) == len(tree.items) else None for o in others]
                return Seq(tuple(walk(t, [s[i] if s is not None else Unknown for s in subs],
                                      _extended(path, "DictKey", "key", i) if state else
                                      _extended(path, "SequenceKey", "idx", i), state)
                                 for i, t in enumerate(tree.items)), tree.kind)
            if isinstance(tree, DictV):
                return DictV({k: walk(t, [o.items.get(k, Unknown) if isinstance(o, DictV) else Unknown
                                          for o in others], _extended(path, "DictKey", "key", k), state)
                              for k, t in tree.items.items()})
            if isinstance(tree, Const) and tree.value is None:
                return tree
            if isinstance(tree, (ArrayV, PSpecV, ShardingV, Const)):
                return leaf_call([tree, *others], path)  # (a spec, a sharding, a number are leaves)
            if isinstance(tree, GraphPart) and tree.kind == "state" and isinstance(tree.of, Inst):
                # `nnx.split`'s state: the module's arrays, mapped in its structure
                return tree.remade(walk(tree.of, [o.of if isinstance(o, GraphPart) else Unknown
                                                  for o in others], path, True))
            if isinstance(tree, Inst) and isinstance(tree.cls, ClassV) and any(
                    _REGISTERED_CLASS in c.decorators for c in mro(tree.cls)):
                # `@register_pytree_node_class`: its children are what `tree_flatten` gives, and
                # the result is `tree_unflatten` of them mapped
                flat = self.call(self.getattr(tree, "tree_flatten"), [], {}, act, ctx, site, node,
                                 label="tree_flatten gives its children")
                children = flat.items[0] if isinstance(flat, Seq) and len(flat.items) == 2 else None
                if isinstance(children, Seq):
                    mapped = Seq(tuple(walk(c, [Unknown] * len(others), None) for c in children.items),
                                 children.kind)
                    return self.call(self.getattr(tree.cls, "tree_unflatten"), [flat.items[1], mapped], {}, act, ctx,
                                     site, node, label="tree_unflatten rebuilds it")
            if isinstance(tree, Inst) and isinstance(tree.cls, ClassV) and self.pytree_class(tree.cls):
                # A module's array fields are its leaves; its static and plain Python fields pass through.
                by_attr = not self.nnx_class(tree.cls)
                attrs = {k: walk(v, [o.attrs.get(k, Unknown) if isinstance(o, Inst) else Unknown for o in others],
                                 _extended(path, "DictKey", "key", k) if state else
                                 _extended(path, "GetAttrKey", "name", k) if by_attr else None, state)
                         if not k.startswith("__") and (isinstance(v, (ArrayV, Seq, DictV, Inst)) or v is Unknown)
                         else v for k, v in tree.attrs.items()}
                return Inst(tree.cls, attrs, 0, tree.lift, tree.setup_done)
            if is_variable(tree):
                # an NNX variable: its array mapped (still held by the variable), or what `f`
                # makes of it (a spec)
                out = leaf_call([variable_array(tree), *others],
                                _extended(path, "GetAttrKey", "name", "value") if state else None)
                return Inst(tree.cls, {**tree.attrs, "value": out}) if isinstance(out, ArrayV) else out
            if isinstance(tree, Inst) and isinstance(tree.cls, Ext) \
                    and tree.cls.name.split(".")[0] in apis.MODELLED_PACKAGES:
                # a framework's layer: the same layer, `f` on each parameter whose shape its
                # constructor says (a spec per parameter, say), or on what it holds there (a
                # tree of specs made so), else its parameters mapped (an Equinox layer's by
                # their field names)
                params = tree.attrs.get(LAYER_SHAPES)
                layers = tree.attrs.get("layers")
                by_attr = tree.cls.name.startswith("equinox.")

                def key(k):
                    if "." in k:
                        return None
                    if state:
                        return _extended(_extended(path, "DictKey", "key", k), "GetAttrKey", "name", "value")
                    return _extended(path, "GetAttrKey", "name", k) if by_attr else None

                if not isinstance(params, Const) and isinstance(layers, Seq):  # a Sequential: its layers
                    return Inst(tree.cls, {**tree.attrs, "layers": walk(layers, [
                        o.attrs.get("layers", Unknown) if isinstance(o, Inst) else Unknown for o in others],
                        _extended(path, "DictKey", "key", "layers") if state else
                        _extended(path, "GetAttrKey", "name", "layers") if by_attr else None, state)})
                if not isinstance(params, Const):
                    return tree
                mapped = {k: leaf_call([_leaf(layer_param(tree, k)), *(_or_unknown(layer_param(o, k)) for o in others)],
                                       key(k))
                          for k, _ in params.value}
                # (a nested layer's parameters, `layers.0.weight`, are not its attributes: the
                # layer stands for what `f` made of it)
                return tree if any("." in k for k in mapped) else Inst(tree.cls, {**tree.attrs, **mapped})
            if isinstance(tree, Inst) and isinstance(tree.cls, ClassV):
                return leaf_call([tree, *others], path)  # an object that is no pytree is a leaf
            leaf_call([ArrayV(), *(o if isinstance(o, ArrayV) else ArrayV() for o in others)], None)
            return Unknown

        try:
            return walk(p.get("tree", Unknown), list(rest), ())
        except _NotFollowed:
            return Unknown

    def _api_keystr(self, name, row, p, act, ctx, site, node, decorating):
        """`jax.tree_util.keystr(path, simple=..., separator=...)` of a known key path: its text
        (`.a['b'][0]`, or simply `a.b.0` with separator '.')."""
        keys, simple, sep = p.get("keys"), p.get("simple", Const(False)), p.get("separator", Const(""))
        if not (isinstance(keys, Seq) and isinstance(simple, Const) and isinstance(sep, Const)
                and isinstance(sep.value, str)):
            return Unknown
        texts = [_key_text(k, bool(simple.value)) for k in keys.items]
        return Unknown if None in texts else Const(sep.value.join(texts))

    def _api_ravel_pytree(self, name, row, p, act, ctx, site, node, decorating):
        """One vector of the tree's leaves, as long as their sizes together where every leaf is an
        array (in lists, tuples and dicts) of known shape; and the function that undoes it."""
        tree = p.get("pytree", Unknown)
        sizes: list = []

        def leaf(a: ArrayV) -> ArrayV:
            known = a.shape is not None and all(isinstance(d, int) for d in a.shape)
            sizes.append(math.prod(a.shape) if known else None)
            return a

        def other(v: Value) -> Value:  # (None is an empty subtree)
            sizes.append(0 if isinstance(v, Const) and v.value is None else None)
            return v

        map_arrays(tree, leaf, other)
        size = sum(sizes) if None not in sizes else None
        flat = ArrayV((size,) if size is not None else None, _first_dtype([tree]), vma=vma_of(tree),
                      exact=exact_vma(tree))
        return Seq((flat, Partial(Ext(name + ".unravel"), (tree,), {})))

    def _api_unravel(self, name, row, p, act, ctx, site, node, decorating):
        """The tree `ravel_pytree` flattened, its leaves cut from `flat` (they vary as it does)."""
        flat = p.get("flat", Unknown)
        if not isinstance(flat, ArrayV):
            return Unknown
        return map_arrays(p.get("tree", Unknown), lambda a: ArrayV(a.shape, a.dtype, vma=flat.vma, exact=flat.exact))

    # ------------------------------------------------------------------ Pallas communication

    def _api_comm(self, name, row, p, act, ctx, site, node, decorating):
        kind = row.kind
        device_id = p.get("device_id")
        if kind == "signal" and given(p, "device_id") is None:
            return Unknown  # a local semaphore signal does not communicate
        fields = {}
        if kind != "barrier":
            fields = {"device_id": device_id if device_id is not None else Unknown,
                      "device_id_type": p.get("device_id_type") or Unknown}
        id_node = _arg_node(node, row, "device_id")

        def make(c, **values):
            return CommEvent(site, c, act.path, node, api=name, kind=kind, device_id_node=id_node, **values)

        evs = self.record_split(make, fields, ctx, site)
        return join([CommV(ev) for ev in evs]) if kind == "comm" else Unknown

    _api_signal = _api_barrier = _api_comm

    def _api_compiler_params(self, name, row, p, act, ctx, site, node, decorating):
        extra = p.get("kwargs")
        given = dict(extra.items) if isinstance(extra, DictV) else {}
        return CompilerParamsV(given.pop("collective_id", None), options=given)

    # ------------------------------------------------------------------ meshes and shardings

    def _api_mesh(self, name, row, p, act, ctx, site, node, decorating):
        return make_mesh(row.kind, p, site, node)

    _api_make_mesh = _api_abstract_mesh = _api_mesh

    def _api_set_mesh(self, name, row, p, act, ctx, site, node, decorating):
        if ctx.traced and any(f.kind != "kernel" for f in ctx.layers):
            self.record(SetMeshTracedEvent(site, ctx, act.path, node, api=name))
        m = p.get("mesh")
        # A mesh it cannot see is still a mesh: a shard_map under it has one.
        return join([SetMeshV(o if isinstance(o, MeshV) else Unknown) for o in options(m)]) if m is not None \
            else SetMeshV(Unknown)

    def _api_named_sharding(self, name, row, p, act, ctx, site, node, decorating):
        """`NamedSharding(mesh, spec)`. JAX checks there that the mesh has every axis the spec
        names: where every mesh it may be lacks one the spec surely names, it raises."""
        mesh, spec = p.get("mesh") or Unknown, p.get("spec") or Unknown
        self.spec_unique(spec, "NamedSharding spec", "", act, ctx, site, node)
        meshes = options(mesh)
        if isinstance(spec, PSpecV) and all(isinstance(m, MeshV) and m.axes is not None for m in meshes):
            missing = [a for a in spec.named if all(a not in m.axes for m in meshes)]
            if missing:
                self.record(ShardingAxisEvent(site, ctx, act.path, node, axis=missing[0], spec=spec, mesh=meshes[0],
                                              logical=p.get("logical")))
                raise Raise()
        return ShardingV(mesh, spec)

    def _api_device_mesh(self, name, row, p, act, ctx, site, node, decorating):
        shape = ints(p.get("mesh_shape"))
        devices = p.get("devices")
        if devices is None or (isinstance(devices, Const) and devices.value is None):
            self.all_devices(shape)  # of every device: mesh_utils checks the count
        return DevicesV(shape)

    def _api_devices(self, name, row, p, act, ctx, site, node, decorating):
        if self.assumed_devices is not None and not self.distributed:
            return DevicesV((self.assumed_devices,))
        # (a layout the project made elsewhere, another script's, fixes nothing here: the entry is
        # judged on each count, where its own layout, if any, fails on the others)
        self.count_consulted = True
        return DevicesV(None)

    def _api_device_count(self, name, row, p, act, ctx, site, node, decorating):
        """`jax.device_count()`: known where the program has laid every device out in a mesh of
        a known shape (`np.array(jax.devices()).reshape(2, 2)`): it runs on that many, or fails
        there; else the count assumed, if any."""
        n = self.device_count
        if self.distributed:
            return Unknown
        if isinstance(n, int):
            return Const(n)
        if self.assumed_devices is not None:
            return Const(self.assumed_devices)
        self.count_consulted = True
        return Unknown

    def all_devices(self, shape) -> None:
        """Every device laid out in `shape` (None: not known): the program's device count is its
        size, or not known where two layouts disagree. Where a count is assumed, a layout of
        another size fails (numpy's reshape, mesh_utils' check)."""
        if shape and all(isinstance(d, int) and d > 0 for d in shape):
            n = math.prod(shape)
            if self.assumed_devices is not None and n != self.assumed_devices and not self.distributed:
                raise Raise()
            self.device_count = n if self.device_count in (None, n) else "conflict"

    def _api_processes(self, name, row, p, act, ctx, site, node, decorating):
        """`jax.process_count()` / `process_index()`: a program run as `python main.py` is one
        process (0 of 1) until it calls `jax.distributed.initialize`."""
        if self.distributed:
            return Unknown
        return Const(1 if name.endswith("count") else 0)

    def _api_distributed(self, name, row, p, act, ctx, site, node, decorating):
        self.distributed = True
        return Const(None)

    def _api_pspec(self, name, row, p, act, ctx, site, node, decorating):
        parts = p.get("partitions")
        if not isinstance(parts, Seq):
            return PSpecV(None)  # entries spread from an iterable of unknown length
        entries = parts.items
        axes, known = [], True
        for a in entries:
            if isinstance(a, Const) and a.value is None:
                continue
            t = axis_tuple(a)
            if t is None:
                known = False
            else:
                axes.extend(t)
        literals = tuple(c for a in entries for c in (a.items if isinstance(a, Seq) else (a,))
                         if isinstance(c, Const) and isinstance(c.value, str) and c.site is not None)
        return PSpecV(tuple(axes) if known else None, len(entries), tuple(axes), literals,
                      tuple(entries) if known else None)

    # ------------------------------------------------------------------ arrays

    def _api_initializer(self, name, row, p, act, ctx, site, node, decorating):
        """An initializer factory: the function it gives makes an array of the shape given it,
        a sample varying as its key does (`constant`'s is made as `zeros`' is: the same on every
        device, whatever its key)."""
        module, short = name.rsplit(".", 1)
        return Ext(f"{module}.{'zeros' if short == 'constant' else 'initialize'}")

    def _api_rng(self, name, row, p, act, ctx, site, node, decorating):
        return Ext("numpy.random.Generator")  # (its methods are rows of their own)

    def _api_new_array(self, name, row, p, act, ctx, site, node, decorating):
        """A new array (`jnp.zeros`, `jax.random.normal`, an initializer's, NumPy's): split
        nowhere, or as its `out_sharding=` says."""
        short = name.rsplit(".", 1)[-1]
        weak = None
        if short in ("arange", "linspace", "eye"):
            dims = _sequence_shape(short, p)
            dtype = dtype_name(p.get("dtype")) or (None if name.startswith("numpy.") else _sequence_dtype(short, p))
        else:
            shape = p.get("shape", p.get("size"))
            dims = ints(shape) if shape is not None else None
            if dims is None and isinstance(shape, Seq):  # (its rank, the sizes not known None)
                dims = tuple(i.value if isinstance(i, Const) and type(i.value) is int else None for i in shape.items)
            default = None if name.startswith("numpy.") else _DEFAULT_DTYPE.get(name, "float32")
            if short == "full":  # (of its fill value's type: a Python number's is weak)
                fill = p.get("fill_value")
                default = fill.dtype if isinstance(fill, ArrayV) and not name.startswith("numpy.") else None
                weak = dtypes.python_default(fill) if not name.startswith("numpy.") else None
            dtype = dtype_name(p.get("dtype")) or default
        where = given(p.get("kwargs").items if isinstance(p.get("kwargs"), DictV) else {}, "out_sharding")
        # (made where a mesh context is in force, it is on that mesh; NumPy's are on the host)
        home = NO_SHARDING if name.startswith("numpy.") or self.no_mesh_context(ctx, act) else Unknown
        # a sample varies as its key (and the arrays that shape its distribution) do: per-device
        # keys (`fold_in(key, axis_index(...))`) give per-device samples
        operands = [v for k, v in p.items() if k not in ("shape", "dtype", "kwargs") and isinstance(v, ArrayV)] \
            if name.startswith("jax.random.") or short == "initialize" else []
        new = ArrayV(dims, dtype, sharding=home, vma=frozenset().union(*(a.vma for a in operands)),
                     exact=all(a.exact for a in operands),
                     spec=((),) * len(dims) if dims is not None and where is None else None,
                     weak=weak if dtype is None else None)
        if where is None:
            return new
        mesh = self.context_mesh(ctx, act)
        sharding = where if isinstance(where, ShardingV) else ShardingV(mesh, where) \
            if isinstance(where, PSpecV) and isinstance(mesh, MeshV) else None
        if sharding is not None and ctx.innermost("shard_map") is None:
            self.check_even(sharding, new, "out_sharding", None, act, ctx, site, node, rank=False)
        return self.typed(new, where, act, ctx)

    def _api_random_split(self, name, row, p, act, ctx, site, node, decorating):
        """`jax.random.split(key, n)`: n keys (iterating gives each), varying as the key does."""
        key, num = p.get("key", Unknown), p.get("num")
        lead = num.value if isinstance(num, Const) and isinstance(num.value, int) and num.value >= 0 else None
        return ArrayV(sharding=NO_SHARDING, vma=vma_of(key), exact=exact_vma(key), lead=lead)

    def _api_new_array_like(self, name, row, p, act, ctx, site, node, decorating):
        """`jnp.zeros_like(x)`: from JAX 0.8 it varies as `x` does (before, it is replicated); it
        has `x`'s sharding type."""
        from ..jaxfacts import LIKE_KEEPS_VMA

        a = p.get("a")
        like = a if isinstance(a, ArrayV) else ArrayV()
        keeps = self.jax_version >= LIKE_KEEPS_VMA
        return ArrayV(like.shape, dtype_name(p.get("dtype")) or like.dtype, sharding=NO_SHARDING,
                      vma=like.vma if keeps else frozenset(), exact=like.exact if keeps else True, spec=like.spec)

    def _api_shape_dtype(self, name, row, p, act, ctx, site, node, decorating):
        passed = self._keywords(node)
        if passed:  # (what SHL008 judges: a keyword JAX renamed)
            self.record(KeywordsEvent(site, ctx, act.path, node, api=name, keywords=tuple(sorted(passed)),
                                      module=act.scope.module))
        shape = p.get("shape")
        sharding = given(p, "sharding")
        if isinstance(sharding, PSpecV):  # (a bare spec: of the context mesh)
            mesh = self.context_mesh(ctx, act)
            sharding = ShardingV(mesh, sharding) if isinstance(mesh, MeshV) else Unknown
        dims = None
        if isinstance(shape, Seq):
            dims = tuple(i.value if isinstance(i, Const) and isinstance(i.value, int) else None for i in shape.items)
        typed = given(p, "vma") is not None or given(p, "manual_axis_type") is not None
        out = ArrayV(dims, dtype_name(p.get("dtype")), sharding=sharding if sharding is not None else NO_SHARDING,
                     exact=True, struct="typed" if typed else "untyped")
        # (a NamedSharding is the sharding type of the arrays it stands for, traced or evaluated)
        return self.typed(out, sharding, act, ctx) if isinstance(sharding, ShardingV) else out

    def _api_namespace(self, name, row, p, act, ctx, site, node, decorating):
        """`types.SimpleNamespace(**kw)`, `ml_collections.ConfigDict({...})`: an object whose
        attributes are what it is given (and what is set on it later)."""
        attrs = dict(p["kwargs"].items) if isinstance(p.get("kwargs"), DictV) else {}
        initial = p.get("initial_dictionary")
        if isinstance(initial, DictV):
            attrs.update({k: v for k, v in initial.items.items() if isinstance(k, str)})
        return Inst(Ext(name), attrs)

    def _api_placed(self, name, row, p, act, ctx, site, node, decorating):
        """`jax.device_put(x, sharding)`, `jax.lax.with_sharding_constraint(x, sharding)`,
        `eqx.filter_shard(x, sharding)`: `x` in its structure (a module stays the module), its
        arrays placed with the sharding where one is given for them all."""
        x = p.get("x", Unknown)
        where = given(p, "device") or given(p, "shardings") or given(p, "device_or_shardings")
        # a pytree of shardings is a prefix of the operand's: each applies to its part
        pairs = list(prefix_pairs(where, x)) if where is not None else []
        if name in _CONSTRAINTS:
            # (run eagerly, a constraint is one too: `eqx.filter_shard` always constrains)
            for part, sharding in pairs:
                self.constraint(name, part, sharding, act, ctx, site, node)
        if name in _CONSTRAINTS and ctx.traced and ctx.innermost("shard_map") is None:
            # traced, a spec longer than its operand's rank fails (an uneven split is padded); a
            # bare spec is of the context mesh, or of a legacy `with mesh:`'s
            mesh = self.context_mesh(ctx, act) or (ctx.legacy_mesh[1] if ctx.legacy_mesh else None)
            for part, sharding in pairs:
                sharding = ShardingV(mesh, sharding) if isinstance(sharding, PSpecV) and isinstance(mesh, MeshV) \
                    else sharding
                self.check_even(sharding, part, "traced_constraint", None, act, ctx, site, node, even=False)
        if name == "jax.device_put" or (name in _CONSTRAINTS and not ctx.traced):
            # (an eager constraint places its operand as device_put does, with its checks; a bare
            # PartitionSpec given device_put is of the context mesh)
            mesh = self.context_mesh(ctx, act) if name == "jax.device_put" else None
            for part, sharding in pairs:
                kind = "device_put" if name == "jax.device_put" else "constraint"
                if isinstance(sharding, PSpecV) and isinstance(mesh, MeshV):
                    sharding, kind = ShardingV(mesh, sharding), "device_put_spec"
                # (a bare spec longer than the array: JAX's message for it not measured)
                self.check_even(sharding, part, kind, None, act, ctx, site, node, rank=kind != "device_put_spec")
        sharding = where if isinstance(where, ShardingV) else Unknown if where is not None else None
        if x is Unknown:
            return ArrayV(sharding=sharding if sharding is not None else Unknown)
        if name in _CONSTRAINTS and not isinstance(where, (ShardingV, PSpecV)):
            return stypes.placed(x, sharding)  # (each part checked above; their types as they were)
        return self.typed_parts(x, where, act, ctx)

    def typed_parts(self, x: Value, where: Value, act, ctx) -> Value:
        """`x` placed with `where`, a sharding or a pytree of them whose structure is a prefix of
        `x`'s (`spec_parts`): each part typed by the sharding given for it (`typed`), and what
        no sharding is known for (a structure not followed, a None) of no known type."""
        if isinstance(where, (ShardingV, PSpecV)):
            return self.typed(x, where, act, ctx, where if isinstance(where, ShardingV) else Unknown)
        parts = spec_parts(where, x, ()) if where is not None else []
        out = stypes.placed(x, Unknown if where is not None else None, lambda a: None)
        if not parts or not isinstance(out, (Seq, DictV, GraphPart, Inst)) or STACKED in getattr(out, "attrs", {}):
            return out  # (a stacked module's parts are not its arrays: its members' structure is kept)
        if isinstance(out, GraphPart):
            return out.remade(self.typed_parts(x.of, parts[0][1], act, ctx))
        new = {path[-1]: self.typed_parts(v, s, act, ctx) for path, s, v in parts}
        if isinstance(out, Seq):
            return Seq(tuple(new.get(i, item) for i, item in enumerate(out.items)), out.kind)
        if isinstance(out, DictV):
            return DictV({k: new.get(k, item) for k, item in out.items.items()}, out.origin)
        return Inst(out.cls, {**out.attrs, **new}, out.version + 1, out.lift, out.setup_done)

    def _api_reshard(self, name, row, p, act, ctx, site, node, decorating):
        """`jax.sharding.reshard(x, sharding)`: `x` placed so. JAX requires the axes its spec names
        to be Explicit (measured on 0.8.2 and 0.10.2): over a mesh whose axes are all Auto (a
        `Mesh` given no `axis_types`, `jax.make_mesh` before JAX 0.10) it raises there."""
        x, where = p.get("xs", Unknown), p.get("out_shardings")
        if self.api_present(name) is False:
            return Unknown  # (SHL008: it does not exist there)
        if isinstance(where, ShardingV):
            mesh, spec = where.mesh, where.spec
        else:
            mesh, spec = self.context_mesh(ctx, act), where
        if ctx.innermost("shard_map") is None and mesh is None and isinstance(spec, PSpecV) \
                and "mesh_maybe" not in ctx.modes:
            # a bare spec is resolved against the context mesh, which a legacy `with mesh:` does not
            # set (0.8.2 and 0.10.2; even `P()`)
            self.record(ConstraintEvent(site, ctx, act.path, node, api=name, kind="out_sharding_no_mesh",
                                        axes=tuple(spec.named), spec=spec, mesh=None, placed=_maybe_on_mesh([x])))
            raise Raise()
        if ctx.innermost("shard_map") is None and self._auto_axes(mesh, spec):
            self.record(ConstraintEvent(site, ctx, act.path, node, api=name, kind="reshard_auto",
                                        axes=tuple(spec.named), spec=spec, mesh=mesh))
            raise Raise()
        manual = [a for a in spec.named if a in (ctx.manual_axes or ())] if isinstance(spec, PSpecV) else []
        if ctx.innermost("shard_map") is not None and manual:
            # (inside, the axes the shard_map makes manual are typed Manual: 0.8.2 and 0.10.2)
            self.record(ConstraintEvent(site, ctx, act.path, node, api=name, kind="reshard_manual",
                                        axes=tuple(manual), spec=spec, mesh=mesh))
            raise Raise()
        rank = too_long(spec, x) if isinstance(spec, PSpecV) else None
        if rank is not None and _names_beyond(spec, rank[1]):
            # (0.8.2 and 0.10.2 assert it, eagerly or traced; entries beyond the rank that are
            # all None they take)
            self.record(UnevenShardingEvent(site, ctx, act.path, node, where="reshard", spec=spec, mesh=mesh,
                                            rank=rank))
            raise Raise()
        placed = where if isinstance(where, ShardingV) else None
        if placed is None and ctx.innermost("shard_map") is None:
            # a bare spec places it over the context mesh (where that is not known, somewhere)
            placed = ShardingV(mesh, spec) if isinstance(spec, PSpecV) and isinstance(mesh, MeshV) else Unknown
        return self.typed(x, where, act, ctx, placed)

    def written_specs(self, specs: LinenVarsV, act, ctx, site, node):
        """`nn.get_partition_spec`'s distinct specs, each a PartitionSpec of the names it holds as
        written (logical ones unmapped), in a stable order."""
        for names in sorted(specs.logical, key=lambda t: tuple(n or "" for n in t)):
            given = {"partitions": Seq(tuple(Const(n) for n in names))}
            yield self._api_pspec("jax.sharding.PartitionSpec", None, given, act, ctx, site, node, False)

    def spec_unique(self, spec: Value, what: str, where: str, act, ctx, site, node) -> None:
        """A PartitionSpec JAX checks here (`what`: the check, as its message names it; `where`:
        a shard_map's "in_specs" or "out_specs", jit's shardings): one that names a mesh axis
        twice is rejected, and nothing after it on this path runs."""
        found = spec_duplicate(spec)
        if found is not None:
            self.record(DuplicateSpecEvent(site, ctx, act.path, node, axis=found[0], spec=spec, what=what,
                                           where=where, literal=found[1]))
            raise Raise()

    def resolved_spec(self, sharding: Value, where: str, act, ctx, site, node) -> Value:
        """A bare PartitionSpec where JAX takes a sharding (a sharding constraint, jit's
        `in_shardings` or `out_shardings`, named by `where`): the NamedSharding over the context
        mesh (`jax.set_mesh`, or a legacy `with mesh:`) JAX resolves it to, which must have every
        axis it names (else JAX raises, measured on 0.6.2, 0.8.2 and 0.10.2). Anything else, or a
        spec with no known context mesh, is returned as it is."""
        mesh = self.context_mesh(ctx, act)
        mesh = mesh if mesh is not None else ctx.legacy_mesh[1] if ctx.legacy_mesh else None
        if isinstance(sharding, LinenVarsV) and sharding.specs and isinstance(mesh, MeshV) and mesh.axes is not None:
            # `nn.get_partition_spec`'s specs as they are: each resolved as a bare spec, with the
            # logical names it holds (no rules map them there)
            for spec in self.written_specs(sharding, act, ctx, site, node):
                self.resolved_spec(spec, where, act, ctx, site, node)
            return sharding
        if not (isinstance(sharding, PSpecV) and isinstance(mesh, MeshV) and mesh.axes is not None):
            return sharding
        self.spec_unique(sharding, where or "shardings", where, act, ctx, site, node)
        missing = [a for a in sharding.named if a not in mesh.axes]
        if missing:
            self.record(ShardingAxisEvent(site, ctx, act.path, node, axis=missing[0], spec=sharding, mesh=mesh,
                                          bare=True, where=where))
            raise Raise()
        return ShardingV(mesh, sharding)

    def spmd_constraint(self, name, x: Value, spec: PSpecV, mesh, act, ctx, site, node) -> None:
        """A sharding constraint to `spec` (of `mesh`, None for a bare spec) of a value a vmap
        around it maps, where the vmap's `spmd_axis_name` splits the mapped dimension over an axis
        the spec names too: JAX's batching rule of the constraint raises there (measured on
        0.6.2, 0.8.2 and 0.10.2). A value is mapped where it depends on what a vmap maps, or is
        computed by the module of a Linen `nn.vmap` that maps its parameters."""
        leaves: list = []
        map_arrays(x, lambda a: leaves.append(a) or a)
        mapped = any(BATCHED in a.vma for a in leaves)
        for layer in reversed(ctx.layers):
            if layer.kind in ("shard_map", "pmap"):
                return
            if layer.kind == "vmap" and layer.spmd & frozenset(spec.named) and mapped:
                self.record(ConstraintEvent(site, ctx, act.path, node, api=name, kind="spmd_axis",
                                            axes=tuple(sorted(layer.spmd)), spec=spec, mesh=mesh))
                raise Raise()

    def constraint(self, name, x: Value, where: Value, act, ctx, site, node) -> None:
        """A sharding constraint of `x` to `where` (a NamedSharding, or a bare PartitionSpec of
        the context mesh) in traced code, where JAX rejects it (measured on 0.6.2, 0.8.2 and
        0.10.2):
        - outside shard_map and any mesh context, a NamedSharding whose spec names axes of a mesh
          whose axes are all Explicit (`jax.make_mesh`'s default from JAX 0.10): a constraint only
          refers to Auto axes;
        - inside one, a NamedSharding of an operand that surely varies over a manual axis, where
          the shard_map checks varying axes, from JAX 0.8 (its Auto-typed mesh cannot describe it);
        - inside one, a spec that names a manual axis (JAX 0.6.2 too; a NamedSharding's fails when
          lowered, so only then does nothing after it run)."""
        if isinstance(where, ShardingV) and isinstance(where.mesh, MeshV) and isinstance(where.spec, PSpecV) \
                and where.mesh.axes is not None:
            mesh, spec = where.mesh, where.spec
        elif isinstance(where, PSpecV):
            mesh, spec = None, where
        else:
            return
        self.spmd_constraint(name, x, spec, mesh, act, ctx, site, node)
        smap = ctx.innermost("shard_map")

        def record(kind, axes, manual=()):
            self.record(ConstraintEvent(site, ctx, act.path, node, api=name, kind=kind, axes=axes, spec=spec,
                                        mesh=mesh, manual=manual))

        if smap is None and mesh is None:
            self.resolved_spec(spec, "", act, ctx, site, node)
        if smap is None:
            # under `jax.set_mesh` of an Explicit mesh a constraint asserts the value's sharding
            # type (a prefix spec's missing entries unsplit), where it is known
            context = self.context_mesh(ctx, act)
            if self.explicit_mesh(context) and (mesh is None or mesh.key() == context.key()):
                for leaf in stypes.typed_leaves(x):  # (one sharding for a pytree: each of its arrays)
                    want = stypes.of_spec(spec, leaf.shape)
                    if want is not None and want != leaf.spec:
                        self.record(ConstraintEvent(site, ctx, act.path, node, api=name, kind="assert",
                                                    axes=tuple(spec.named), spec=spec, mesh=context, have=leaf.spec))
                        raise Raise()
            outside = context is None and "mesh_maybe" not in ctx.modes
            if mesh is not None and spec.named and outside and (
                    mesh.explicit_types or (mesh.explicit_default and self.jax_version >= MAKE_MESH_EXPLICIT)):
                record("explicit", tuple(spec.named))
                raise Raise()
            return
        manual = ctx.manual_axes
        if not manual or smap.mesh_axes is None or (mesh is not None and tuple(mesh.axes) != tuple(smap.mesh_axes)):
            return
        in_order = tuple(a for a in smap.mesh_axes if a in manual)
        varying: set = set()

        def leaf(a: Value) -> Value:
            if exact_vma(a):
                varying.update(vma_of(a) & manual)
            return a

        map_arrays(x, leaf)
        check = self.smap_checks.get(smap, Const(True))
        if mesh is not None and varying and isinstance(check, Const) and check.value is True \
                and self.jax_version >= CONSTRAINT_VARYING_SINCE:
            record("varying", tuple(a for a in in_order if a in varying), in_order)
            raise Raise()
        named = tuple(a for a in spec.named if a in manual)
        if named:
            record("manual", named, in_order)
            if mesh is None and self.jax_version >= CONSTRAINT_VARYING_SINCE:
                raise Raise()

    # ------------------------------------------------------------------ other rows

    def _api_env_default(self, name, row, p, act, ctx, site, node, decorating):
        """`os.environ.get(name, default)`: the default, as a script run without that variable
        set sees it (as argparse gives a flag its default); without a default, not known."""
        default = p.get("default")
        return default if isinstance(default, Const) and default.value is not None else Unknown

    def _api_json_text(self, name, row, p, act, ctx, site, node, decorating):
        """`json.loads(text)` of a text the program writes: what it holds (dicts, lists,
        strings, numbers), as Python reads it; else not known."""
        text = p.get("s")
        if not (isinstance(text, Const) and isinstance(text.value, (str, bytes)) and len(text.value) <= MAX_JSON):
            return Unknown
        try:
            return _json_value(json.loads(text.value))
        except (ValueError, RecursionError):
            return Unknown

    def _api_json_file(self, name, row, p, act, ctx, site, node, decorating):
        """`json.load(f)` of a data file opened for reading (datafiles.py)."""
        f = p.get("fp")
        if not isinstance(f, datafiles.OpenFileV):
            return Unknown
        text = datafiles.read(f.path, act.scope.module.path)
        return self._api_json_text(name, row, {"s": Const(text)}, act, ctx, site, node, decorating) \
            if text is not None else Unknown

    def _api_os_path(self, name, row, p, act, ctx, site, node, decorating):
        args = p.get("args")
        return datafiles.os_path(name.rsplit(".", 1)[-1], list(args.items)) if isinstance(args, Seq) else Unknown

    def _api_regex(self, name, row, p, act, ctx, site, node, decorating):
        """`re.search(pattern, string)` (`match`, `fullmatch`) of known strings: None, or a match
        (truthy; its groups known)."""
        pattern, string, flags = p.get("pattern"), p.get("string"), p.get("flags", Const(0))
        if not (isinstance(pattern, Const) and isinstance(pattern.value, str) and isinstance(string, Const)
                and isinstance(string.value, str) and len(string.value) <= _MAX_MATCHED
                and isinstance(flags, Const) and isinstance(flags.value, int)):
            return Unknown
        try:
            found = getattr(re, name.rsplit(".", 1)[-1])(pattern.value, string.value, flags.value)
        except (re.error, ValueError, RecursionError):
            return Unknown
        if found is None:
            return Const(None)
        return Inst(Ext(MATCH), {"groups": Seq(tuple(map(Const, found.groups())), "tuple")})

    def _api_regex_compile(self, name, row, p, act, ctx, site, node, decorating):
        """`re.compile(pattern)` of a known pattern: the pattern, its flags kept."""
        pattern, flags = p.get("pattern"), p.get("flags", Const(0))
        if not (isinstance(pattern, Const) and isinstance(pattern.value, str) and isinstance(flags, Const)):
            return Unknown
        return Inst(Ext("re.Pattern"), {"pattern": pattern, "flags": flags})

    def _api_regex_method(self, name, row, p, act, ctx, site, node, decorating):
        """`pattern.search(string)` (`match`, `fullmatch`) of a compiled pattern: as `re.search`."""
        me, pos, end = p.get("self"), p.get("pos", Const(0)), p.get("endpos", Const(None))
        if not (isinstance(me, Inst) and isinstance(pos, Const) and pos.value == 0 and isinstance(end, Const)
                and end.value is None):
            return Unknown
        return self._api_regex(f"re.{name.rsplit('.', 1)[-1]}", row,
                               {"pattern": me.attrs["pattern"], "string": p.get("string"), "flags": me.attrs["flags"]},
                               act, ctx, site, node, decorating)

    def _api_path(self, name, row, p, act, ctx, site, node, decorating):
        args = p.get("args")
        return datafiles.new_path(list(args.items)) if isinstance(args, Seq) else Unknown

    def _api_partial(self, name, row, p, act, ctx, site, node, decorating):
        fn = p.get("func")
        if fn is None:
            return Unknown
        args = p.get("args")
        kw = p.get("keywords")
        return Partial(fn, args.items if isinstance(args, Seq) else (), dict(kw.items) if isinstance(kw, DictV) else {})

    def _api_memspace(self, name, *a):
        return Ext(name)

    def _api_block_spec(self, name, row, p, act, ctx, site, node, decorating):
        space = p.get("memory_space")
        return BlockSpecV(None if space is None or (isinstance(space, Const) and space.value is None) else space)

    def _api_grid_spec(self, name, row, p, act, ctx, site, node, decorating):
        """`pltpu.PrefetchScalarGridSpec(num_scalar_prefetch, ...)`: the kernel's first refs are
        its first operands, prefetched to scalar memory (`_apply_pallas_call`); then the blocks of
        the others, and of the outputs (`pl.GridSpec`: none prefetched)."""
        return Inst(Ext(name), {"num_scalar_prefetch": p.get("num_scalar_prefetch", Const(0)),
                                "in_specs": p.get("in_specs", Const(None)),
                                "out_specs": p.get("out_specs", Const(None))})

    def _api_other(self, *a):
        return Unknown

    _api_memspace_enum = _api_device_id_type = _api_other

    # ------------------------------------------------------------------ argparse

    def _api_argparser(self, name, row, p, act, ctx, site, node, decorating):
        return Inst(Ext("argparse.ArgumentParser"), {"__flags__": DictV({})})

    def _api_argparse_group(self, name, row, p, act, ctx, site, node, decorating):
        return p.get("self", Unknown)  # a group adds to its parser's namespace

    def _api_argparse_add(self, name, row, p, act, ctx, site, node, decorating):
        """`add_argument(...)`: the flag's destination and default (None for one that must be
        given: a positional argument or `required=True`)."""
        parser, flags, kw = p.get("self"), p.get("flags"), p.get("kwargs")
        store = parser.attrs.get("__flags__") if isinstance(parser, Inst) else None
        names = [f.value for f in flags.items if isinstance(f, Const) and isinstance(f.value, str)] \
            if isinstance(flags, Seq) else []
        if not isinstance(store, DictV) or not names or not isinstance(kw, DictV):
            return Unknown
        opts = kw.items
        dest = opts.get("dest")
        longs = [n for n in names if n.startswith("--")] or [n for n in names if n.startswith("-")] or names
        dest = dest.value if isinstance(dest, Const) else longs[0].lstrip("-").replace("-", "_")
        action = opts.get("action")
        action = action.value if isinstance(action, Const) else None
        required = not names[0].startswith("-") and opts.get("nargs") is None
        required |= isinstance(opts.get("required"), Const) and opts["required"].value is True
        if "default" in opts:
            default = opts["default"]
            kind = opts.get("type")
            if isinstance(default, Const) and isinstance(default.value, str) \
                    and value_name(kind) in ("builtins.int", "builtins.float", "builtins.str"):
                try:  # argparse applies `type` to a string default
                    default = Const(_PYTYPES[value_name(kind)](default.value))
                except (TypeError, ValueError):
                    default = Unknown
        else:
            default = Const({"store_true": False, "store_false": True}.get(action))
        if required or "default" not in opts and action not in (None, "store", "store_true", "store_false"):
            default = Unknown
        store.items.setdefault(dest, default)
        return Unknown

    def _api_argparse_defaults(self, name, row, p, act, ctx, site, node, decorating):
        parser, kw = p.get("self"), p.get("kwargs")
        store = parser.attrs.get("__flags__") if isinstance(parser, Inst) else None
        if isinstance(store, DictV) and isinstance(kw, DictV):
            store.items.update(kw.items)
        return Const(None)

    def _api_argparse_parse(self, name, row, p, act, ctx, site, node, decorating):
        parser, given_args = p.get("self"), given(p, "args")
        store = parser.attrs.get("__flags__") if isinstance(parser, Inst) else None
        defaults = given_args is None or (isinstance(given_args, Seq) and not given_args.items)  # `parse_args([])`
        if not isinstance(store, DictV) or not defaults:
            return Unknown
        ns = Inst(Ext("argparse.Namespace"), dict(store.items))
        return Seq((ns, Seq((), "list"))) if name.endswith("parse_known_args") else ns

    # ------------------------------------------------------------------ builtins

    def call_builtin(self, name: str, args, kwargs, act, ctx, site, node) -> Value:
        if name in ("copy.copy", "copy.deepcopy") and len(args) == 1:
            return copied(args[0], name == "copy.deepcopy")
        if name == "functools.wraps":
            return Ext(_WRAPS)  # `functools.wraps(fn)(wrapper)` is the wrapper
        if name == _WRAPS and len(args) == 1:
            return args[0]
        if name in _SEQ_KINDS:
            if not args:
                return Seq((), _SEQ_KINDS[name])
            items = self.iterate(args[0])
            return Seq(tuple(items), _SEQ_KINDS[name]) if items is not None else self.repeated(args[0], _SEQ_KINDS[name])
        if name == "builtins.range":
            vals = [a.value for a in args if isinstance(a, Const) and isinstance(a.value, int)]
            if len(vals) == len(args) and 1 <= len(vals) <= 3:
                r = range(*vals)
                if len(r) <= 256:
                    return Seq(tuple(Const(i) for i in r), "list")
            return Unknown
        if name == "builtins.zip":
            seqs = [self.iterate(a) for a in args]
            if any(s == [] for s in seqs):  # zip stops at the shortest
                return Seq((), "list")
            if args and all(s is not None for s in seqs):
                return Seq(tuple(Seq(t) for t in zip(*seqs)), "list")
            return Repeated(Seq(tuple(self.element(a) for a in args)), "list") if args else Unknown
        if name == "builtins.map" and len(args) >= 2 and is_callable(args[0]):
            # `f` on each item (of the iterables zipped), where they are known; else on any one
            seqs = [self.iterate(a) for a in args[1:]]
            if all(s is not None for s in seqs) and min(map(len, seqs)) <= MAX_EXPAND:
                return Seq(tuple(self.call(args[0], list(t), {}, act, ctx, site, node, label="map calls it")
                                 for t in zip(*seqs)), "list")
            return Repeated(self.call(args[0], [self.element(a) for a in args[1:]], {}, act, ctx, site, node,
                                      label="map calls it"), "list")
        if name == "builtins.iter" and len(args) == 1:
            return args[0]  # iterated as the value itself is
        if name == "builtins.next" and args:
            # a generator's (or an iterator's) first item
            if isinstance(args[0], Repeated):
                return args[0].item
            items = self.iterate(args[0])
            return items[0] if items else Unknown
        if name == "builtins.enumerate" and args:
            items = self.iterate(args[0])
            return Seq(tuple(Seq((Const(i), v)) for i, v in enumerate(items)), "list") if items is not None \
                else Repeated(Seq((Unknown, self.element(args[0]))), "list")
        if name == "builtins.len" and args:
            if isinstance(args[0], DevicesV):
                if args[0].shape:  # `len(jax.devices())` where the count is assumed: an array's rows
                    return Const(args[0].shape[0]) if isinstance(args[0].shape[0], int) else Unknown
                return self._api_device_count("jax.device_count", None, {}, act, ctx, site, node, False)
            if isinstance(args[0], ArrayV) and args[0].shape and isinstance(args[0].shape[0], int):
                return Const(args[0].shape[0])  # an array's rows
            items = self.iterate(args[0])
            return Const(len(items)) if items is not None else Unknown
        if name == "builtins.globals" and not args and act is not None:
            return GlobalsV(act.scope.module)
        if name == "builtins.getattr" and len(args) >= 2 and isinstance(args[1], Const) \
                and isinstance(args[1].value, str):
            v = self.getattr(args[0], args[1].value)
            # (the default where the attribute is surely missing: a known object without it, not
            # one the analysis does not follow, which may hold it)
            return v if v is not Unknown or len(args) < 3 or args[0] is Unknown else args[2]
        if name in ("builtins.setattr", "builtins.object.__setattr__") and len(args) == 3 \
                and isinstance(args[1], Const) and isinstance(args[1].value, str):
            self.store_attr(args[0], args[1].value, args[2])
            return Const(None)
        if name == "builtins.hasattr" and len(args) == 2 and isinstance(args[1], Const):
            return self._hasattr(args[0], args[1].value)
        if name == "builtins.isinstance" and len(args) == 2:
            r = self._isinstance(args[0], args[1])
            return Const(r) if r is not None else Unknown
        if name == "builtins.super":
            return self.super_of(act) if not args else Unknown
        if name == _VARIABLE_INIT and len(args) >= 2 and isinstance(args[0], Inst):
            self.variable_made(args[0], args[1].value, args[2:], kwargs, act, ctx, site, node)
            return Const(None)
        if name == "builtins.dict":
            base = dict(args[0].items) if args and isinstance(args[0], DictV) else {} if not args else \
                self._pairs_dict(args[0])
            return DictV({**base, **kwargs}) if base is not None else Unknown
        if name == "builtins.open" and args:
            return datafiles.opened(args[0], args[1] if len(args) > 1 else kwargs.get("mode", Const("r")))
        if name in ("builtins.str", "os.fspath") and len(args) == 1 and isinstance(args[0], datafiles.PathV):
            return Const(args[0].path)
        if name == "builtins.str" and len(args) == 1 and not kwargs and (text := _key_text(args[0], False)) is not None:
            return Const(text)  # a key of a key path: `str(DictKey(key='wte'))` is "['wte']"
        if name in ("builtins.int", "builtins.float", "builtins.str", "builtins.bool") and len(args) == 1 \
                and isinstance(args[0], Const):
            try:
                return Const(_PYTYPES[name](args[0].value))
            except (TypeError, ValueError):
                return Unknown
        if name in DESCRIPTORS and len(args) == 1 and not kwargs:
            return Descriptor(DESCRIPTORS[name], args[0])  # `shift = staticmethod(partial(...))` in a class body
        if name in ("builtins.min", "builtins.max", "builtins.sum") and args:
            items = self.iterate(args[0]) if len(args) == 1 else args
            if items and all(isinstance(i, Const) and isinstance(i.value, (int, float)) for i in items):
                fn = {"builtins.min": min, "builtins.max": max, "builtins.sum": sum}[name]
                return Const(fn(i.value for i in items))
            return Unknown
        if name in ("builtins.all", "builtins.any") and len(args) == 1 and not kwargs:
            # `all`: false where an item is known false, true where every item is known true
            # (`any` the other way round); else not known
            items, which = self.iterate(args[0]), name == "builtins.any"
            if items is None:
                return Unknown
            known = [self.truth(i) for i in items]
            if which in known:
                return Const(which)
            return Const(not which) if None not in known else Unknown
        if name in ("math.prod", "numpy.prod") and args:
            items = self.iterate(args[0])
            if items is not None and all(isinstance(i, Const) and isinstance(i.value, int) for i in items):
                n = 1
                for i in items:
                    n *= i.value
                return Const(n)
            return Unknown
        if name in ("numpy.array", "numpy.asarray") and args and isinstance(args[0], DevicesV):
            return args[0]
        if name in _AS_ARRAY and args and isinstance(args[0], ArrayV):
            # the same array (numpy's is on the host; JAX's keeps the placement it has, where known)
            a, dtype = args[0], dtype_name(kwargs.get("dtype", args[1] if len(args) > 1 else Unknown))
            placed = NO_SHARDING if name.startswith("numpy.") or a.sharding is NO_SHARDING else Unknown
            return ArrayV(a.shape, dtype or a.dtype, placed, vma=a.vma, exact=a.exact,
                          spec=None if name.startswith("numpy.") else a.spec)
        if name in _AS_ARRAY and args and isinstance(args[0], (Seq, Const)):
            # an array of Python numbers (nested lists): its shape, placed nowhere
            shape, kind = _literal_shape(args[0])
            if shape is not None:
                # (a Python number alone makes a weakly typed array: its dtype is the other operand's)
                dtype = dtype_name(kwargs.get("dtype", args[1] if len(args) > 1 else Unknown)) or (
                    kind if shape else None)
                return ArrayV(shape, dtype, NO_SHARDING, exact=True,
                              spec=None if name.startswith("numpy.") else ((),) * len(shape))
        if name in ("jax.numpy.dtype", "numpy.dtype") and args:
            d = dtype_name(args[0])
            return DTypeV(d) if d else Unknown
        if name.startswith(_GPU_PALLAS) and name.endswith("CompilerParams"):
            return CompilerParamsV(None, tpu=False)
        if name.startswith(("jax.experimental.pallas.tpu.", *_GPU_PALLAS)):
            if ctx.innermost("kernel") is not None:
                platform = "tpu" if name.startswith("jax.experimental.pallas.tpu.") else "gpu"
                self.record(KernelApiEvent(site, ctx, act.path, node, api=name, platform=platform))
            return Unknown
        if name.startswith(_ARRAY_MODULES):
            # An operation the table does not know keeps what its operands vary over, unless it
            # may be a collective that makes its result invariant (`all_gather_invariant`, ...).
            keeps = not (name.startswith("jax.lax.") and "invariant" in name)
            vma = frozenset().union(*(vma_of(a) for a in args)) if keeps else frozenset()
            exact = keeps and all(exact_vma(a) for a in (*args, *kwargs.values()))
            op = name.rsplit(".", 1)[-1]
            if not name.startswith("jax.lax.") and (op == "einsum" or op in ELEMENTWISE):
                operands = args[1:] if op == "einsum" else [*args, *(v for k, v in kwargs.items() if k not in OPTIONS)]
                if all(isinstance(a, ArrayV) for a in operands) and (op != "where" or len(operands) == 3):
                    self.shapes_fit(name, op if op in ("einsum", "where") else None, [a.shape for a in operands],
                                    act, ctx, node,
                                    subscripts=static(args[0]) if op == "einsum" and args else None,
                                    primitive=ELEMENTWISE_PRIMITIVES.get(op))
            found = dtypes.lax_mismatch(op, args) if name.startswith("jax.lax.") else None
            if found is not None:
                at = dtypes.lax_operands(op, args)
                self.record(LaxDtypeEvent(site, ctx, act.path, node, api=name, dtypes=found, at=tuple(at),
                                          numbers=tuple(isinstance(dtypes.operand_at(args, p), Const) for p in at)))
                raise Raise()  # (JAX raises while it traces the operation)
            if name in _SPLITS:
                # a list of arrays: what each holds, where known (unpacking it gives each)
                sections, axis = (args[1] if len(args) > 1 else kwargs.get("indices_or_sections"),
                                  args[2] if len(args) > 2 else kwargs.get("axis", Const(0)))
                shapes = pieces(shape_of(args[0]) if args else None, static(sections), static(axis),
                                uneven=op == "array_split")
                dtype = dtypes.of_call(op, args, kwargs)
                if shapes is None:
                    return Repeated(ArrayV(dtype=dtype, vma=vma, exact=exact), "list")
                return Seq(tuple(ArrayV(s, dtype=dtype, vma=vma, exact=exact) for s in shapes), "list")
            shape = call_shape(op, name.startswith("jax.lax."), args, kwargs)
            if shape is None and full_reduction(op, args[1:], kwargs):
                shape = ()
            given_dtype = kwargs.get("dtype", kwargs.get("preferred_element_type", kwargs.get("new_dtype")))
            if op in ("astype", "convert_element_type") and len(args) > 1:
                given_dtype = args[1]
            return ArrayV(shape, dtype=dtypes.result(op, args, kwargs, given_dtype), vma=vma, exact=exact,
                          spec=self.array_type(name, args, kwargs, shape, act, ctx, site, node),
                          weak=dtypes.weak_call(op, args, kwargs) if given_dtype is None else None)
        top, _, last = name.rpartition(".")
        if name.split(".")[0] in apis.MODELLED_PACKAGES:
            # A framework's layer class (`nn.Dense(64)`, `nnx.Linear(...)`, `eqx.nn.Linear(...)`)
            # or function: what it computes from arrays varies as they do.
            if last[:1].isupper():
                # (the keywords of an NNX Rngs name its streams: `rngs.data` is a stream, not the seed)
                layer = Inst(Ext(name), {SEEDED: Const(bool(args or kwargs))} if name == "flax.nnx.Rngs"
                             else {**dict(zip(layer_fields(name), args)), **kwargs})
                self.linen_layer_made(layer, name, args, kwargs)
                given_meta = None
                if name in NNX_VARIABLES:
                    layer.attrs["value"] = args[0] if args else kwargs.get("value", Unknown)
                    given_meta = variable_metadata(layer.attrs["value"])
                    if given_meta is not None:  # (`nnx.Param(init(key, shape))` of a partitioned init)
                        for k, v in given_meta.attrs.items():
                            if k != "initializer" and (k == "value" or k not in layer.attrs):
                                layer.attrs[k] = v
                params = layer_params(name, args, kwargs)
                if params:
                    layer.attrs[LAYER_SHAPES] = Const(tuple(params.items()))
                    if self.no_mesh_context(ctx, act):
                        layer.attrs[MESHLESS] = Const(True)
                shaping = layer_output(name, args, kwargs)
                if shaping:
                    layer.attrs[LAYER_OUTPUT] = Const(shaping)
                if name.startswith("flax.nnx.") and params:
                    layer.attrs[LAYER_TYPES] = Const(tuple(
                        (k, self.param_type(shape, kwargs.get(f"{k}_init"), act, ctx, site, node))
                        for k, shape in params.items()))
                elif name.startswith("equinox.nn.") and params:  # made by JAX's random functions: unsplit
                    layer.attrs[LAYER_TYPES] = Const(tuple((k, ((),) * len(shape)) for k, shape in params.items()))
                if name.startswith("flax.nnx.") and self.flax_version >= EAGER_SHARDING_SINCE:
                    for k, v in kwargs.items():
                        if isinstance(v, Inst) and isinstance(v.cls, Ext) and v.cls.name == PARTITIONED \
                                and not (params and k.removesuffix("_init") in params):
                            # `kernel_init=` of a parameter the table does not know the shape of
                            self.eager_sharding(v, act, ctx, site, node)
                    # `nnx.Param(value, sharding=spec)`: metadata as an initializer's
                    meta = (variable_sharding(kwargs) or given_meta) if name in NNX_VARIABLES else None
                    if meta is not None:
                        value = layer.attrs["value"] if isinstance(layer.attrs["value"], ArrayV) else None
                        sharding = self.eager_sharding(meta, act, ctx, site, node, value)
                        if value is not None and sharding is not None:
                            layer.attrs["value"] = self.typed(value, sharding, act, ctx, sharding)
                if name.startswith("flax.linen.") and self.linen_params and "linen_apply" in ctx.modes:
                    # a Linen layer made while `apply` runs: its parameters are the variables'
                    vma, exact = split_by(self.linen_params[-1], list(kwargs.values())), True
                    if vma is None:
                        vma, exact = linen_layer_vma(self.linen_params[-1], last, kwargs.get("name"))
                    layer.attrs["__exact__"] = exact
                    if vma:
                        layer.attrs["__vma__"] = vma
                return layer
            arrays = [a for a in (*args, *kwargs.values()) if isinstance(a, ArrayV)]
            if arrays and last in _REEXPORTED and isinstance(args[0] if args else None, ArrayV):
                # a framework's re-export of an activation (`nnx.silu`, `nn.gelu`) or of `one_hot`
                return ArrayV(call_shape(last, False, args, kwargs), dtypes.of_call(last, args, kwargs),
                              vma=frozenset().union(*(a.vma for a in arrays)),
                              exact=all(exact_vma(a) for a in (*args, *kwargs.values())),
                              spec=args[0].spec if last in stypes.UNARY and len(args) == 1 else None)
            if arrays:
                # Optax's functions (losses, norms, `apply_updates`) compute on what they are given
                # and communicate nothing: what they return varies exactly as their inputs do.
                exact = name.startswith("optax.") and all(exact_vma(a) for a in (*args, *kwargs.values()))
                return ArrayV(vma=frozenset().union(*(a.vma for a in arrays)), exact=exact)
        return Unknown

    def _hasattr(self, obj: Value, attr: str) -> Value:
        if isinstance(obj, Ext):
            present = self.api_present(f"{obj.name}.{attr}") if obj.name.split(".")[0] == "jax" else None
            return Unknown if present is None else Const(present)
        if isinstance(obj, Inst) and attr in obj.attrs:
            return Const(True)
        cls = obj.cls if isinstance(obj, Inst) else obj
        if isinstance(cls, ClassV) and any(attr in c.ns for c in mro(cls)):
            return Const(True)  # a method or class attribute, its own or a base's
        return Unknown

    def _isinstance(self, v: Value, t: Value) -> bool | None:
        results = set()
        for ty in (t.items if isinstance(t, Seq) else (t,)):
            for o in options(ty):
                results.add(self._isinstance1(v, o))
        if True in results:
            return True
        return False if results == {False} else None

    def _isinstance1(self, v: Value, t: Value) -> bool | None:
        if isinstance(v, Multi):
            rs = {self._isinstance1(o, t) for o in v.options}
            return rs.pop() if len(rs) == 1 else None
        tname = t.name if isinstance(t, Ext) else None
        if tname in _PYTYPES:
            if isinstance(v, Const):
                return isinstance(v.value, _PYTYPES[tname])
            if isinstance(v, Seq):
                return {"tuple": tuple, "list": list, "set": set}.get(v.kind) in (_PYTYPES[tname],) or (
                    tname == "builtins.frozenset" and v.kind == "set")
            if isinstance(v, DictV):
                return tname == "builtins.dict"
            if isinstance(v, (ArrayV, MeshV, Func, Inst)):
                return False
            return None
        if isinstance(t, ClassV):
            if isinstance(v, Inst) and isinstance(v.cls, ClassV):
                chain = mro(v.cls)
                if t in chain:
                    return True
                known = all(isinstance(o, ClassV) for c in chain for b in c.bases for o in options(b))
                return False if known else None
            if isinstance(v, (Const, Seq, DictV, ArrayV, MeshV)):
                return False
            return None
        if tname in ("jax.Array", "numpy.ndarray", "jax.numpy.ndarray"):
            if isinstance(v, ArrayV):
                return True if tname == "jax.Array" or v.sharding is NO_SHARDING else None
            if isinstance(v, (Const, Seq, DictV, MeshV, Func, Inst)):
                return False
        if tname == "jax.sharding.Mesh" and isinstance(v, MeshV):
            return not v.abstract
        if tname in _SHARDING_TYPES:
            # (a PartitionSpec, a NamedSharding: what `is_leaf=lambda s: isinstance(s, P)` picks out)
            if isinstance(v, _SHARDING_TYPES[tname]):
                return True
            if isinstance(v, (Const, Seq, DictV, ArrayV, MeshV, PSpecV, ShardingV, Func)):
                return False
        if tname is not None and isinstance(v, Inst) and isinstance(v.cls, Ext):
            if v.cls.name == tname:
                return True
            # the keys of a key path (`tree_map_with_path`): one of four classes, none a subclass of another
            kinds = [n.rsplit(".", 1)[-1] for n in (v.cls.name, tname) if "tree_util" in n]
            if len(kinds) == 2 and all(k in _KEY_PATH_CLASSES for k in kinds):
                return kinds[0] == kinds[1]
        return None

    def super_attr(self, sup: Super, attr: str) -> Value:
        for c in sup.chain:
            if attr in c.ns:
                return self.bind_attr(c.ns[attr], sup.inst)
        kind = variable_kind(sup.inst.cls)
        if attr == "__init__" and kind is not None:
            # (an NNX variable class's own `__init__` calling its Flax base's)
            return Partial(Ext(_VARIABLE_INIT), (sup.inst, Const(kind)), {})
        return Unknown


# ---------------------------------------------------------------------- helpers


def tree_leaves(tree: Value) -> list | None:
    """The leaves of a tree of lists, tuples, dicts, arrays and numbers, in JAX's order (a dict's
    by sorted key; None holds none); None where it holds anything else."""
    out: list = []

    def walk(v) -> bool:
        if isinstance(v, Seq) and v.kind in ("tuple", "list"):
            return all(walk(t) for t in v.items)
        if isinstance(v, DictV):
            keys = list(v.items)
            return all(isinstance(k, str) for k in keys) and all(walk(v.items[k]) for k in sorted(keys))
        if isinstance(v, Const) and v.value is None:
            return True
        if isinstance(v, ArrayV) or isinstance(v, Const) and isinstance(v.value, (int, float, complex)):
            out.append(v)
            return True
        return False

    return out if walk(tree) else None


class _NotFollowed(Exception):
    """A tree.map's `is_leaf` that does not surely decide of a node."""


def _is_false(v: Value) -> bool:
    return isinstance(v, Const) and v.value is False


def copied(v: Value, deep: bool) -> Value:
    """`copy.copy(v)` (`deep`: `copy.deepcopy(v)`): a new dict, list or object with the same items
    or attributes (themselves copied too, `deep`); what cannot be changed is itself."""
    def inner(x: Value) -> Value:
        return copied(x, True) if deep else x

    if isinstance(v, Multi):
        return Multi(tuple(copied(o, deep) for o in v.options))
    if isinstance(v, DictV):
        return DictV({k: inner(x) for k, x in v.items.items()}, v.origin)
    if isinstance(v, Seq):
        return Seq(tuple(inner(x) for x in v.items), v.kind, site=v.site) if v.kind == "list" or deep else v
    if isinstance(v, Inst) and _plain_object(v):
        return Inst(v.cls, {k: inner(x) for k, x in v.attrs.items()})
    return v


def _plain_object(v: Inst) -> bool:
    """An object whose attributes are all it holds: a namespace or config, or an instance of a
    program's class that derives from none outside the program (not a framework's module)."""
    if isinstance(v.cls, Ext):
        row = apis.API.get(v.cls.name)
        return row is not None and row.kind == "namespace"
    return not any(isinstance(c, Ext) and c.name != "builtins.object" for c in ancestors(v.cls))


def axis_tuple(v) -> tuple | None:
    if v is None:
        return None
    if isinstance(v, Const) and isinstance(v.value, str):
        return (v.value,)
    if isinstance(v, Seq) and all(isinstance(i, Const) and isinstance(i.value, str) for i in v.items):
        return tuple(i.value for i in v.items)
    return None


_SHARDING_TYPES = {"jax.sharding.PartitionSpec": PSpecV, "jax.sharding.NamedSharding": ShardingV}
_VARIABLE_INIT = "flax.nnx.Variable.__init__"
_KEY_PATH_CLASSES = ("SequenceKey", "DictKey", "GetAttrKey", "FlattenedIndexKey")


def _extended(path: tuple | None, kind: str, field: str, value) -> tuple | None:
    """A key path one key longer (`jax.tree_util.DictKey(key)`, ...); None where not known."""
    return None if path is None else (*path, _path_key(kind, field, value))


@functools.cache
def _path_key(kind: str, field: str, value) -> Inst:
    """One key of a key path: the same object for the same key, as long as the process runs (an
    instance's identity is part of the keys that memoise a function's runs on it, so a key made
    anew could take the identity of another one since freed)."""
    return Inst(Ext(f"jax.tree_util.{kind}"), {field: Const(value)})


def _key_text(key: Value, simple: bool) -> str | None:
    """One key of a key path as `keystr` writes it."""
    if not (isinstance(key, Inst) and isinstance(key.cls, Ext)):
        return None
    kind = key.cls.name.rsplit(".", 1)[-1]
    field = {"GetAttrKey": "name", "DictKey": "key", "SequenceKey": "idx"}.get(kind)
    value = key.attrs.get(field) if field is not None else None
    if not isinstance(value, Const):
        return None
    if simple:
        return str(value.value)
    return f".{value.value}" if kind == "GetAttrKey" else f"[{value.value!r}]"


def _or_unknown(v: Value | None) -> Value:
    return Unknown if v is None else v


def _leaf(v: Value | None) -> Value:
    """A layer's parameter as `jax.tree.map` sees it: an NNX variable's array."""
    return variable_array(v) if is_variable(v) else _or_unknown(v)


def axis_names(v) -> frozenset | None:
    if isinstance(v, Const) and v.value is None:
        return frozenset()
    t = axis_tuple(v)
    return frozenset(t) if t is not None else None


def perm_pairs(v) -> tuple | None:
    if not isinstance(v, Seq):
        return None
    pairs = []
    for item in v.items:
        if not (isinstance(item, Seq) and len(item.items) == 2 and all(
                isinstance(x, Const) and isinstance(x.value, int) for x in item.items)):
            return None
        pairs.append((item.items[0].value, item.items[1].value))
    return tuple(pairs)


def _mapped_splits(indices: ArrayV, table: ArrayV, ctx, start: int = 0) -> tuple | None:
    """The splits of the dimensions the vmaps around here (those from the layer `start` in)
    mapped away from `indices` (innermost last), as far as it was handed down per item; None
    where a vmap mapped `table` or split its mapped dimension in a way not known."""
    out: list = []
    held = id(indices)
    for layer in reversed(ctx.layers[start:]):
        if layer.kind != "vmap":
            continue
        views = dict(layer.views)
        if id(table) in views:
            return None
        if held in views:
            if layer.split is None:
                return None
            out.insert(0, layer.split)
        held = views.get(held, held)  # (one it does not map is handed down as it is)
    return tuple(out)


def _control_result(short: str, outputs: list) -> Value:
    """What a lax control-flow primitive returns, from what its functions returned when traced
    (once each, as JAX traces them): a loop its body's carry, `scan` the carry and the stacked
    outputs, `cond`/`switch` any branch's, `map` the stacked outputs."""
    if not outputs:
        return Unknown
    last = outputs[-1]
    if short in ("fori_loop", "while_loop"):
        return last
    if short == "scan":
        return Seq((last.items[0], _stacked(last.items[1]))) if isinstance(last, Seq) and len(last.items) == 2 \
            else Unknown
    if short in ("cond", "switch"):
        return join(outputs)
    if short in ("eval_shape", "filter_eval_shape"):
        return last  # its shapes and dtypes (the same abstract arrays here), its structure
    if short == "map":
        return _stacked(last)
    return Unknown


def _stacked(v: Value) -> Value:
    """Outputs stacked along a new leading axis: the same arrays, of another shape."""
    if isinstance(v, ArrayV):
        return ArrayV(None, v.dtype, v.sharding, v.vma, v.received, v.exact)
    if isinstance(v, Seq):
        return Seq(tuple(_stacked(i) for i in v.items), v.kind)
    if isinstance(v, DictV):
        return DictV({k: _stacked(i) for k, i in v.items.items()})
    return v if isinstance(v, Const) and v.value is None else Unknown


_AS_ARRAY = frozenset({"numpy.array", "numpy.asarray", "jax.numpy.array", "jax.numpy.asarray"})
# The functions of jax.nn (and `jnp.tanh`) that Flax re-exports (`nn.gelu`, `nnx.one_hot`), computed as JAX's.
_REEXPORTED = frozenset({
    "relu", "relu6", "gelu", "silu", "swish", "sigmoid", "softplus", "softmax", "log_softmax", "elu", "leaky_relu",
    "logistic", "one_hot", "standardize", "celu", "selu", "hard_tanh", "log_sigmoid", "soft_sign", "tanh",
    "hard_sigmoid", "hard_silu", "hard_swish",
})


def _literal_shape(v: Value) -> tuple:
    """The shape of nested lists (or tuples) of Python numbers, and the dtype JAX gives them
    ("int32"; "float32" where any is a float); (None, None) where it is not regular or an item
    is not a known number (a bool)."""
    if isinstance(v, Const) and isinstance(v.value, (int, float)) and not isinstance(v.value, bool):
        return (), "int32" if isinstance(v.value, int) else "float32"
    if not isinstance(v, Seq) or not v.items:
        return None, None
    inner = [_literal_shape(i) for i in v.items]
    if any(sh is None or sh != inner[0][0] for sh, _ in inner):
        return None, None
    return (len(v.items), *inner[0][0]), "float32" if any(k == "float32" for _, k in inner) else "int32"


def _names_beyond(spec: PSpecV, rank: int) -> bool:
    """Whether an entry of `spec` beyond the first `rank` surely names a mesh axis."""
    extra = spec.parts[rank:] if spec.parts is not None else ()
    return any(not (isinstance(e, Const) and e.value is None) for e in extra) and all(
        isinstance(e, Const) or isinstance(e, Seq) and all(isinstance(i, Const) for i in e.items) for e in extra)


def _sequence_shape(short: str, p: dict) -> tuple | None:
    """The shape of `arange(start, stop, step)` (ints or floats: `arange(8 * 16.)`),
    `linspace(start, stop, num)` or `eye(n, m)` given constant ints; else None."""
    extra = p.get("kwargs")
    keywords = extra.items if isinstance(extra, DictV) else {}
    numbers = _sequence_numbers(p)
    values = [v if isinstance(v, int) else None for v in numbers]
    if short == "arange" and 1 <= len(numbers) <= 3 and None not in numbers and numbers[2:] != [0]:
        start, stop, step = (0, numbers[0], 1) if len(numbers) == 1 else (*numbers, 1)[:3]
        return (max(0, math.ceil((stop - start) / step)),) if math.isfinite((stop - start) / step) else None
    if short == "linspace" and len(values) in (2, 3):
        num = values[2] if len(values) == 3 else keywords.get("num", Const(50))
        num = num.value if isinstance(num, Const) else num
        return (num,) if isinstance(num, int) and not isinstance(num, bool) else None
    if short == "eye" and len(values) in (1, 2) and None not in values and "M" not in keywords:
        return (values[0], values[-1])
    return None


def _sequence_dtype(short: str, p: dict) -> str | None:
    """The dtype `jnp.arange`, `jnp.linspace` or `jnp.eye` gives without `dtype=`: `arange`'s
    int32 of Python ints and float32 where one is a float (64-bit types off); float32 for the
    others. None where an argument is not a Python number."""
    if short != "arange":
        return "float32"
    numbers = _sequence_numbers(p)
    if not numbers or None in numbers:
        return None
    return "float32" if any(isinstance(n, float) for n in numbers) else "int32"


def _sequence_numbers(p: dict) -> list:
    """The positional arguments of `arange`/`linspace`/`eye`, each its Python int or float (None
    where it is not one)."""
    given = p.get("args")
    return [a.value if isinstance(a, Const) and isinstance(a.value, (int, float)) and not isinstance(a.value, bool)
            else None for a in (given.items if isinstance(given, Seq) else ())]


def _first_dtype(args) -> str | None:
    for a in args:
        if isinstance(a, ArrayV) and a.dtype:
            return a.dtype
    return None


def _arg_node(node, row: apis.Api, param: str):
    """The argument expression a call passes for a row's parameter."""
    if not isinstance(node, ast.Call):
        return None
    for kw in node.keywords:
        if kw.arg == param:
            return kw.value
    a = row.params
    positional = [p.arg for p in [*a.posonlyargs, *a.args]]
    if param in positional:
        i = positional.index(param)
        if i < len(node.args) and not any(isinstance(x, ast.Starred) for x in node.args[:i + 1]):
            return node.args[i]
    return None


def _all_of(types, kind: str) -> bool:
    """`axis_types=(AxisType.<kind>, ...)`: every axis of that type ("Explicit", "Auto")."""
    items = types.items if isinstance(types, Seq) else (types,) if types is not None else ()
    return bool(items) and all(isinstance(t, Ext) and t.name.endswith("." + kind) for t in items)


def make_mesh(kind: str, p: dict, site, node) -> MeshV:
    types = given(p, "axis_types")
    explicit = _all_of(types, "Explicit")
    if kind == "make_mesh":
        shape = ints(p.get("axis_shapes"))
        names = axis_tuple(p.get("axis_names"))
        if names is not None and (shape is None or len(shape) != len(names)):
            shape = None
        return MeshV(names, shape, site, explicit_default=types is None, explicit_types=explicit,
                     auto_types=_all_of(types, "Auto"))
    if kind == "abstract_mesh":
        first = p.get("axis_sizes") if given(p, "axis_sizes") is not None else p.get("shape_tuple")
        if isinstance(first, Seq) and first.items and all(isinstance(i, Seq) for i in first.items):
            names, sizes = [], []
            for pair in first.items:
                if len(pair.items) == 2 and isinstance(pair.items[0], Const):
                    names.append(pair.items[0].value)
                    s = pair.items[1]
                    sizes.append(s.value if isinstance(s, Const) else None)
            return MeshV(tuple(names), tuple(sizes) if None not in sizes else None, site, abstract=True)
        sizes = ints(first)
        names = axis_tuple(p.get("axis_names"))
        return MeshV(names, sizes if names and sizes and len(sizes) == len(names) else None, site, abstract=True)
    names = axis_tuple(p.get("axis_names"))
    devices = p.get("devices")
    sizes = devices.shape if isinstance(devices, DevicesV) else None
    if names is not None and sizes is not None and len(sizes) != len(names):
        sizes = None
    return MeshV(names, sizes, site, explicit_types=explicit, auto_types=types is None or _all_of(types, "Auto"))


def _maybe_on_mesh(operands) -> bool:
    """Whether the first array among `operands` may be on a mesh: not one known to be on none
    (made from host data, never placed)."""
    first = next((a for a in operands if isinstance(a, ArrayV)), None)
    return first is not None and first.sharding != NO_SHARDING


def linen_layer_vma(variables: Value, cls: str, name: Value | None) -> tuple[frozenset, bool]:
    """The axes a Linen layer's parameters vary over, within an `apply` of `variables`, and
    whether that is all of them: those of the subtrees its name keys (`name=` given, else its
    class's automatic names, `Dense_0`, ...) where the variables have some, at any depth (which
    of them is the layer's is not known: the axes all of them vary over, exact where they agree),
    else those of all the variables."""
    if isinstance(name, Const) and isinstance(name.value, str):
        def own(k: str) -> bool:
            return k == name.value
    elif name is None:
        own = re.compile(rf"{re.escape(cls)}_\d+").fullmatch
    else:
        own = None
    found = subtrees(variables, own) if own is not None else []
    if not found:
        return vma_of(variables), exact_vma(variables)
    return shared_vma(found)


def shared_vma(found: list) -> tuple[frozenset, bool]:
    """The axes all of `found` vary over, and whether they all vary over exactly those."""
    each = [vma_of(t) for t in found]
    return frozenset.intersection(*each), all(e == each[0] for e in each) and all(exact_vma(t) for t in found)


def subtrees(v: Value, own) -> list:
    """The values under the keys `own` accepts in a tree of dicts."""
    if not isinstance(v, DictV):
        return []
    out = []
    for k, x in v.items.items():
        if isinstance(k, str) and own(k):
            out.append(x)
        else:
            out.extend(subtrees(x, own))
    return out


def _json_value(obj) -> Value:
    """A value JSON text decodes to, as an abstract value."""
    if isinstance(obj, dict):
        return DictV({k: _json_value(v) for k, v in obj.items()})
    if isinstance(obj, list):
        return Seq(tuple(_json_value(v) for v in obj), "list")
    return Const(obj)


def _wider(a: tuple, b: tuple) -> tuple | None:
    """Of two sharding types of one rank, the one that splits every dimension the other splits
    (as it does) and more; None where neither does."""
    if all(x == y or not y for x, y in zip(a, b)):
        return a
    if all(x == y or not x for x, y in zip(a, b)):
        return b
    return None


def _row_member(v: Value) -> Value:
    """A row of what a scan scans over that is not an array: of a module a vmap stacked (or its
    state, `nnx.split` of it), one member; else an array of unknown shape."""
    if isinstance(v, Inst) and STACKED in v.attrs:
        return member(v)
    if isinstance(v, GraphPart) and v.kind == "state" and isinstance(v.of, Inst) and STACKED in v.of.attrs:
        return GraphPart("state", member(v.of), v.select)
    return ArrayV()
