"""Expressions: evaluation, attributes and subscripts, and the static truth of conditions
(literals, known dtypes and shapes, `isinstance` of known values, `hasattr` of versioned JAX
APIs) that lets the interpreter run only the branch the inputs take."""

from __future__ import annotations

import ast
import math
import operator
import os
from dataclasses import replace

from .. import apis
from ..jaxfacts import ELEMENTWISE_PRIMITIVES, OPERANDS_SHARDING_CHECKED
from . import datafiles, dtypes, stypes
from .calls import DICT_ITEMS, Super, value_name
from .events import ApiRefEvent, MeshAxisLookupEvent, ShapeEvent, SliceTypeEvent
from .frames import Context, Raise
from .shapes import LAYER_SHAPES, broadcast, fault, indexed, matmul, swapped, transposed
from .transforms import layer_param
from .values import (
    ArrayV, Bound, ClassV, CommV, Const, Descriptor, DevicesV, DictV, DTypeV, EnumMember, Ext, Factory, Func, GlobalsV,
    GraphPart, Inst,
    LinenVarsV, MATCH, MeshV, MethodOf, ModV, Multi, NO_SHARDING, Partial, PSpecV, Repeated, Seq, ShardingV, Traced,
    Transformed, UNBOUND, Unknown, Value, YieldedV, dict_key, exact_vma, is_variable, join, mro, options, row_of,
    variable_array, vma_of,
)

MAX_EXPAND = 256  # a comprehension over a known sequence this long is expanded item by item
MAX_ARRAY_ROWS = 16  # iterating an array with at most this many rows gives each row

_BINOPS = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Mod: operator.mod,
    ast.FloorDiv: operator.floordiv, ast.Div: operator.truediv, ast.Pow: operator.pow,
    ast.BitOr: operator.or_, ast.BitAnd: operator.and_, ast.LShift: operator.lshift, ast.RShift: operator.rshift,
}
# The operators' symbols, for the messages of what they compute.
_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Pow: "**"}
_COMPARE = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
# Python types a known value is an instance of (for `isinstance` tests).
_PYTYPES = {"builtins.int": int, "builtins.float": float, "builtins.str": str, "builtins.bool": bool,
            "builtins.tuple": tuple, "builtins.list": list, "builtins.dict": dict, "builtins.set": set,
            "builtins.frozenset": frozenset}
# The numbers numpy, jax.numpy and math name (`jnp.inf`): constants, the same on every device.
_NUMBERS = {"inf": math.inf, "nan": math.nan, "pi": math.pi, "e": math.e, "tau": math.tau}
_DTYPE_NAMES = ("float32", "float16", "bfloat16", "float64", "int32", "int8", "int16", "int64", "uint8",
                "uint32", "bool_", "complex64", "float8_e4m3fn", "float8_e5m2", "int4", "uint4")
# The target JAX's version, as code tests it (`jax.__version_info__ >= (0, 7, 0)`).
_VERSION_ATTRS = ("jax.__version_info__", "jax.__version__", "jax.version.__version_info__",
                  "jax.version.__version__", "jax.version._version")
_MESH_ATTRS = ("axis_names", "shape", "size", "devices", "abstract_mesh", "axis_sizes", "shape_tuple")


class ExprMixin:
    def eval(self, node: ast.AST, act, ctx: Context) -> Value:
        kind = type(node)
        if kind is ast.Constant:
            return Const(node.value, self.site(node, act) if isinstance(node.value, str) else None)
        if kind is ast.Name:
            return self.lookup(node.id, act)
        method = _EXPR_METHODS.get(kind)
        try:
            if method is not None:
                return method(self, node, act, ctx)
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.eval(child, act, ctx)
            return Unknown
        except RecursionError:
            return Unknown

    def _ex_Attribute(self, node, act, ctx):
        base = self.eval(node.value, act, ctx)
        v = self.getattr(base, node.attr, at=(act, ctx, node))
        for o in options(v):
            if isinstance(o, Ext):
                self._api_ref(o, node, act, f"{base.name}.{node.attr}" if isinstance(base, Ext) else None)
        return v

    def _ex_Call(self, node, act, ctx):
        return self.eval_call(node, act, ctx)

    def _ex_Lambda(self, node, act, ctx):
        sc = act.scope.module.scope_of(node, act.scope)
        env = act.parent if act.scope.kind == "class" else act
        return Func(sc, env, self.eval_defaults(node.args, act, ctx))

    def _ex_Tuple(self, node, act, ctx):
        items = []
        for e in node.elts:
            if isinstance(e, ast.Starred):
                inner = self.eval(e.value, act, ctx)
                spread = self.iterate(inner)
                if spread is None:
                    return Unknown
                items.extend(spread)
            else:
                items.append(self.eval(e, act, ctx))
        kind = {ast.Tuple: "tuple", ast.List: "list", ast.Set: "set"}[type(node)]
        return Seq(tuple(items), kind, site=self.site(node, act) if kind != "set" else None)

    _ex_List = _ex_Set = _ex_Tuple

    def _ex_Slice(self, node, act, ctx):
        """A slice inside a tuple index (`x[:, 1:]`): Python's slice where its bounds are known."""
        parts = [self.eval(x, act, ctx) if x is not None else Const(None) for x in (node.lower, node.upper, node.step)]
        if all(isinstance(p, Const) and (p.value is None or isinstance(p.value, int)) for p in parts):
            return Const(slice(*(p.value for p in parts)))
        return Unknown

    def _ex_Dict(self, node, act, ctx):
        items = {}
        for k, v in zip(node.keys, node.values):
            vv = self.eval(v, act, ctx)
            if k is None:
                if isinstance(vv, DictV):
                    items.update(vv.items)
                continue
            kv = dict_key(self.eval(k, act, ctx))
            if kv is not None:
                try:
                    items[kv.value] = vv
                except TypeError:
                    pass
        return DictV(items)

    def _ex_Subscript(self, node, act, ctx):
        base = self.eval(node.value, act, ctx)
        if isinstance(node.slice, ast.Slice):
            parts = [self.eval(x, act, ctx) if x is not None else Const(None)
                     for x in (node.slice.lower, node.slice.upper, node.slice.step)]
            return join([self._slice(o, parts, node, act, ctx) for o in options(base)])
        idx = self.eval(node.slice, act, ctx)
        if not isinstance(base, Multi):
            return self._item(base, idx, node, act, ctx)
        items = []
        for o in base.options:
            try:
                items.append(self._item(o, idx, node, act, ctx))
            except Raise:
                continue  # only this option's path raises
        return join(items)

    def _slice(self, base, parts, node, act, ctx) -> Value:
        if isinstance(base, MethodOf) and base.name == "at" and isinstance(base.obj, ArrayV):
            # `x.at[a:b]`: its `.set(v)` / `.add(v)` / `.get()` is x updated there (a slice, whatever
            # its bounds, is static)
            a = base.obj
            known = all(isinstance(p, Const) and (p.value is None or isinstance(p.value, int)) for p in parts)
            picked = indexed(a.shape, [("slice", *(p.value for p in parts))]) if known else None
            return MethodOf(Seq((ArrayV(a.shape, a.dtype, vma=a.vma, exact=a.exact), ArrayV(picked, a.dtype))),
                            "at[]")
        if not all(isinstance(p, Const) and (p.value is None or isinstance(p.value, int)) for p in parts):
            return DevicesV(None) if isinstance(base, DevicesV) else Unknown
        sl = slice(*(p.value for p in parts))
        if isinstance(base, Seq):
            return Seq(base.items[sl], base.kind)
        if isinstance(base, Repeated):
            return base
        if isinstance(base, DevicesV):
            if base.shape is not None and len(base.shape) == 1:
                return DevicesV((len(range(base.shape[0])[sl]),))
            lo, hi, step = sl.start or 0, sl.stop, sl.step
            if step is None and lo == 0 and isinstance(hi, int) and hi > 0:
                return DevicesV((hi,))
            return DevicesV(None)
        if isinstance(base, Const) and isinstance(base.value, (str, tuple)):
            return Const(base.value[sl])
        if isinstance(base, ArrayV):
            # `x[a:b]`: the rows the slice keeps, the other dimensions as they were; placed
            # nowhere where `x` is not
            part = ("slice", sl.start, sl.stop, sl.step)
            self.cut_checked(base, lambda sizes: stypes.uneven_cut(base.spec, [part], base.shape, sizes), False,
                             self.site(node, act), node, act, ctx)
            placed = NO_SHARDING if base.sharding is NO_SHARDING else Unknown
            return ArrayV(indexed(base.shape, [part]), base.dtype, placed, vma=base.vma, exact=base.exact,
                          spec=stypes.indexed(base.spec, [part]), weak=base.weak)
        return Unknown

    def shapes_fit(self, api: str, op: str | None, shapes: list, act, ctx, node, subscripts=None,
                   primitive: str | None = None) -> None:
        """Operands of `api` (`op`: "einsum" with its `subscripts`, else elementwise) whose
        shapes, all known as JAX traces them, JAX rejects (`shapes.fault`): it raises there, and
        nothing after it on this path runs."""
        if not ctx.per_item:
            return
        found = fault(op or "elementwise", shapes, subscripts)
        if found is not None:
            self.record(ShapeEvent(self.site(node, act), ctx, act.path, node, api=api, primitive=primitive,
                                   fault=found))
            raise Raise()

    def cut_checked(self, base: ArrayV, cut, dynamic: bool, site, node, act, ctx, roll: bool = False) -> None:
        """A block of `base` (`x[...]`, `lax.dynamic_slice`, ...) of an array split over Explicit
        mesh axes, outside shard_map, from JAX 0.8: where it keeps part of a split dimension
        that the axes' total size does not divide (`cut(sizes)`, the axes' sizes by name, says
        where: `stypes.uneven_kept`), JAX's slicing rule (`dynamic_slice`'s where `dynamic`: a
        start is traced) cannot type it and raises (0.8.2 and 0.10.2 alike)."""
        if base.spec is None or ctx.innermost("shard_map") is not None or not ctx.per_item \
                or self.jax_version < OPERANDS_SHARDING_CHECKED:
            return
        mesh = self.mesh_of(ctx, act, base)
        if not isinstance(mesh, MeshV) or not mesh.axes or not mesh.sizes or None in mesh.sizes:
            return
        found = cut(dict(zip(mesh.axes, mesh.sizes)))
        if found is not None:
            self.record(SliceTypeEvent(site, ctx, act.path, node, dynamic=dynamic, found=found, spec=base.spec,
                                       shape=base.shape, roll=roll))
            raise Raise()

    def _item(self, base, idx, node, act, ctx) -> Value:
        if isinstance(base, GlobalsV):
            if isinstance(idx, Const) and isinstance(idx.value, str):
                found = self.global_value(self.module_act(base.module), idx.value)
                return found if found is not UNBOUND else Unknown
            return Unknown
        if isinstance(base, ClassV) and base.members is not None:
            found = isinstance(idx, Const) and idx.value in base.members
            return base.ns[idx.value] if found else Unknown  # `MeshAxis["SEQ"]`
        if is_variable(base):
            base = variable_array(base)  # `v[...]`: the array an NNX variable holds
        if isinstance(base, Inst) and isinstance(base.attrs.get(DICT_ITEMS), DictV):
            base = base.attrs[DICT_ITEMS]  # an instance of a dict subclass: its items
        if isinstance(base, Seq) and isinstance(idx, Const) and isinstance(idx.value, int):
            try:
                return base.items[idx.value]
            except IndexError:
                return Unknown
        if isinstance(base, Repeated) and not (isinstance(idx, Const) and not isinstance(idx.value, int)):
            return base.item
        if isinstance(base, DictV) and dict_key(idx) is not None:
            idx = dict_key(idx)
            try:
                found = base.items.get(idx.value)
            except TypeError:
                return Unknown
            if found is not None:
                return found
            mesh = base.origin
            if isinstance(mesh, MeshV) and mesh.axes is not None and isinstance(idx.value, str):
                self.record(MeshAxisLookupEvent(self.site(node, act), ctx, act.path, node, axis=idx.value,
                                                mesh=mesh, literal=idx.site))
                raise Raise()  # KeyError: nothing after it on this path runs
            return Unknown
        if isinstance(base, LinenVarsV):
            # `variables["params"]`: its parameters, by the same names
            within = idx.value if base.collections and isinstance(idx, Const) and isinstance(idx.value, str) else None
            return replace(base, collections=frozenset(), within=within)
        if isinstance(base, GraphPart) and base.kind == "state" and isinstance(base.of, Inst) \
                and isinstance(idx, Const) and isinstance(idx.value, str) \
                and (idx.value in base.of.attrs or layer_param(base.of, idx.value) is not None):
            # an NNX State by attribute name: a submodule's state, or the variable (a framework
            # layer's parameter, `state["linear"]["kernel"]`, as `linear.kernel` reads it)
            found = base.of.attrs[idx.value] if idx.value in base.of.attrs else self.getattr(base.of, idx.value)
            if not (isinstance(found, Inst) and not is_variable(found)
                    and (isinstance(found.cls, ClassV) or isinstance(found.attrs.get(LAYER_SHAPES), Const))):
                return found
            module = base.module.attrs.get(idx.value) if isinstance(base.module, Inst) else None
            return GraphPart("state", found, base.select, module if isinstance(module, Inst) else found)
        if isinstance(base, PSpecV) and base.parts is not None and isinstance(idx, Const) \
                and isinstance(idx.value, int) and -len(base.parts) <= idx.value < len(base.parts):
            return base.parts[idx.value]  # `sharding.spec[0]`: the axis (or axes, or None) of a dimension
        if isinstance(base, Const) and isinstance(idx, Const):
            try:
                return Const(base.value[idx.value])
            except Exception:
                return Unknown
        if isinstance(base, MethodOf) and base.name == "at" and isinstance(base.obj, ArrayV):
            # `x.at[i]`: its `.set(v)` / `.add(v)` / `.get()` is x updated where an index that
            # varies makes the whole result vary
            a = base.obj
            exact = a.exact and _exact_index(node, idx)
            return MethodOf(Seq((ArrayV(a.shape, a.dtype, vma=a.vma | vma_of(idx), exact=exact),
                                 ArrayV(indexed(a.shape, _index_parts(idx)), a.dtype))), "at[]")
        if isinstance(base, ArrayV):
            # an index that varies (`x[lax.axis_index(a)]`) makes the element vary too
            # (`x[...]` is `x`, of its sharding type; `table[ids]` a lookup)
            parts = _index_parts(idx)
            items = idx.items if isinstance(idx, Seq) and idx.kind == "tuple" else (idx,)
            self.cut_checked(base, lambda sizes: stypes.uneven_cut(base.spec, parts, base.shape, sizes),
                             any(isinstance(i, ArrayV) for i in items), self.site(node, act), node, act, ctx)
            spec = self.gather_type("[]", base, idx, act, ctx, self.site(node, act), node) \
                if parts[0][0] == "array" and len(parts) == 1 else stypes.indexed(base.spec, parts)
            return ArrayV(indexed(base.shape, parts), dtype=base.dtype, vma=base.vma | vma_of(idx),
                          exact=base.exact and _exact_index(node, idx), spec=spec, weak=base.weak)
        return Unknown

    def _ex_IfExp(self, node, act, ctx):
        known = self.truth(self.eval(node.test, act, ctx))
        if known is True:
            return self.eval(node.body, act, ctx)
        if known is False:
            return self.eval(node.orelse, act, ctx)
        self.weak += 1  # (one of them runs)
        try:
            return join([self.eval(node.body, act, ctx), self.eval(node.orelse, act, ctx)])
        finally:
            self.weak -= 1

    def _ex_BoolOp(self, node, act, ctx):
        """`a or b`: a where a is truthy, else b (and `and` the other way round)."""
        is_or = isinstance(node.op, ast.Or)
        results, weak = [], self.weak
        try:
            for i, e in enumerate(node.values):
                v = self.eval(e, act, ctx)
                if i == len(node.values) - 1:
                    results.append(v)
                    break
                known = self.truth(v)
                if known is None:
                    results.append(v)
                    self.weak = weak + 1  # (what follows may not run)
                    continue
                if known is is_or:
                    results.append(v)
                    break
        finally:
            self.weak = weak
        return join(results)

    def _ex_NamedExpr(self, node, act, ctx):
        v = self.eval(node.value, act, ctx)
        target = act
        while target.scope.kind == "comprehension":  # a walrus binds in the enclosing function
            target = target.parent
        self.assign(node.target, v, target, ctx)
        return v

    def _ex_Starred(self, node, act, ctx):
        return self.eval(node.value, act, ctx)

    def _ex_Yield(self, node, act, ctx):
        value = self.eval(node.value, act, ctx) if node.value is not None else Const(None)
        act.yields.append((value, _mesh_in_force(ctx), self.weak == act.weak_base))
        return Unknown  # what the consumer sends in

    def _ex_YieldFrom(self, node, act, ctx):
        it = self.eval(node.value, act, ctx)
        items = self.iterate(it)
        sure = items is not None and self.weak == act.weak_base
        act.yields.extend((v, _mesh_in_force(ctx), sure) for v in (items if items is not None else [self.element(it)]))
        return Unknown

    def _ex_Await(self, node, act, ctx):
        return self.eval(node.value, act, ctx)

    def _ex_BinOp(self, node, act, ctx):
        return self.binop(node.op, self.eval(node.left, act, ctx), self.eval(node.right, act, ctx), (act, ctx, node))

    def binop(self, op, left: Value, right: Value, where: tuple | None = None) -> Value:
        """`left op right`; `where` the (activation, context, node) it is computed at, for the
        sharding types of arrays (a matrix product is checked there)."""
        left, right = (variable_array(v) if is_variable(v) else v for v in (left, right))
        if isinstance(left, Multi) or isinstance(right, Multi):
            return join([self.binop(op, a, b, where) for a in options(left) for b in options(right)])
        if isinstance(op, ast.Div):
            path = datafiles.divide(left, right)
            if path is not None:
                return path
        if isinstance(left, Const) and isinstance(right, Const):
            fn = _BINOPS.get(type(op))
            try:
                return Const(fn(left.value, right.value)) if fn is not None else Unknown
            except Exception:
                return Unknown
        if isinstance(left, Seq) and isinstance(right, Seq) and isinstance(op, ast.Add):
            return Seq(left.items + right.items, left.kind)
        if isinstance(op, ast.Add) and any(isinstance(v, Repeated) for v in (left, right)) \
                and all(isinstance(v, (Seq, Repeated)) for v in (left, right)):
            parts = [i for v in (left, right) for i in (v.items if isinstance(v, Seq) else (v.item,))]
            return Repeated(join(parts), left.kind)
        if isinstance(left, Seq) and isinstance(right, Seq) and left.kind == right.kind == "set" \
                and isinstance(op, (ast.Sub, ast.BitOr, ast.BitAnd, ast.BitXor)):
            return _set_op(op, left, right)
        if isinstance(left, Seq) and isinstance(right, Const) and isinstance(op, ast.Mult) \
                and isinstance(right.value, int) and 0 <= right.value * len(left.items) <= MAX_EXPAND:
            return Seq(left.items * right.value, left.kind)
        if isinstance(left, ArrayV) or isinstance(right, ArrayV):
            arrays = [v for v in (left, right) if isinstance(v, ArrayV)]
            if len(arrays) == 2 and where is not None and type(op) in _OPERATORS:
                act, ctx, node = where
                self.shapes_fit(_OPERATORS[type(op)], None, [left.shape, right.shape], act, ctx, node,
                                primitive=ELEMENTWISE_PRIMITIVES.get(type(op).__name__))
            vma = frozenset().union(*(a.vma for a in arrays))
            received = next((a.received for a in arrays if a.received is not None), None) if not vma else None
            exact = all(isinstance(v, Const) or (isinstance(v, ArrayV) and v.exact) for v in (left, right))
            scalar = any(isinstance(v, Const) and isinstance(v.value, (int, float, complex)) for v in (left, right))
            # arrays placed nowhere, and Python numbers, give an array placed nowhere, of the
            # array's shape where the other operand is a number
            unplaced = all(isinstance(v, Const) or (isinstance(v, ArrayV) and v.sharding is NO_SHARDING)
                           for v in (left, right))
            shape = arrays[0].shape if scalar else _binop_shape(op, left, right)
            if not isinstance(op, ast.MatMult):
                spec = stypes.elementwise([left, right])
                clash = stypes.twice(spec) is not None if spec is not None else \
                    stypes.broadcast_conflict([left, right]) is not None
                if clash and where is not None:
                    act, ctx, node = where
                    spec = self.elementwise_type(_OPERATORS.get(type(op), ""),
                                                 ELEMENTWISE_PRIMITIVES.get(type(op).__name__),
                                                 [left, right], act, ctx, self.site(node, act), node)
            elif where is not None and len(arrays) == 2:
                act, ctx, node = where
                spec = self.product("@", left, right, stypes.matmul_dims(left, right, "matmul"), shape,
                                    None, act, ctx, self.site(node, act), node)
            else:
                spec = None
            dtype = dtypes.promote([left, right])
            weak = dtypes.weak_result([left, right]) if dtype is None else None
            if isinstance(op, ast.Div) and (dtype or weak) is not None and not dtypes.is_float(dtype or weak):
                # (true division of integers: float32, weak where its operands were)
                if dtype is not None:
                    dtype = "float32" if dtype != "complex64" else dtype
                elif weak != "complex64":
                    weak = "float32"
            return ArrayV(shape, dtype, NO_SHARDING if unplaced else Unknown, vma, received, exact, spec=spec,
                          weak=weak)
        return Unknown

    def _ex_UnaryOp(self, node, act, ctx):
        v = self.eval(node.operand, act, ctx)
        if isinstance(node.op, ast.Not):
            known = self.truth(v)
            return Const(not known) if known is not None else Unknown
        if isinstance(v, Const) and isinstance(v.value, (int, float)) and not isinstance(v.value, bool):
            if isinstance(node.op, ast.USub):
                return Const(-v.value)
            if isinstance(node.op, ast.UAdd):
                return v
        if isinstance(v, ArrayV):
            return v
        return Unknown

    def _ex_Compare(self, node, act, ctx):
        left = self.eval(node.left, act, ctx)
        result = True
        for op, comp in zip(node.ops, node.comparators):
            right = self.eval(comp, act, ctx)
            if len(node.ops) == 1 and not isinstance(op, (ast.In, ast.NotIn, ast.Is, ast.IsNot)) and \
                    (isinstance(left, ArrayV) or isinstance(right, ArrayV)):
                # an array compared elementwise: a boolean array, varying as its operands do
                arrays = [v for v in (left, right) if isinstance(v, ArrayV)]
                exact = all(isinstance(v, Const) or (isinstance(v, ArrayV) and v.exact) for v in (left, right))
                shape = broadcast(*(v.shape if isinstance(v, ArrayV) else () if isinstance(v, Const)
                                    and isinstance(v.value, (int, float)) else None for v in (left, right)))
                spec = stypes.elementwise([left, right])
                return ArrayV(shape, dtype="bool", vma=frozenset().union(*(a.vma for a in arrays)), exact=exact,
                              spec=spec if spec is not None and stypes.twice(spec) is None else None)
            r = self.compare(op, left, right)
            if r is None:
                result = None
            elif r is False and result is not None:
                return Const(False)
            left = right
        return Const(result) if result is not None else Unknown

    def compare(self, op, a: Value, b: Value) -> bool | None:
        if isinstance(a, Multi) or isinstance(b, Multi):
            rs = {self.compare(op, x, y) for x in options(a) for y in options(b)}
            return rs.pop() if len(rs) == 1 else None
        fn = _COMPARE[type(op)]
        if isinstance(op, (ast.Is, ast.IsNot)):
            if isinstance(b, Const) and b.value is None:
                if isinstance(a, Const):
                    return fn(a.value, None)
                if a is Unknown:
                    return None
                return isinstance(op, ast.IsNot)  # a known object that is not None
            if isinstance(a, Const) and isinstance(b, Const) and isinstance(a.value, bool):
                return fn(a.value, b.value)
            return None
        ka, kb = _comparable(a), _comparable(b)
        if ka is None or kb is None:
            return None
        try:
            return bool(fn(ka, kb))
        except TypeError:
            return None

    def truth(self, v: Value, test: ast.AST | None = None, act=None) -> bool | None:
        """Whether `v` is truthy, when that is known."""
        if isinstance(v, Multi):
            rs = {self.truth(o) for o in v.options}
            return rs.pop() if len(rs) == 1 else None
        if isinstance(v, Const):
            try:
                return bool(v.value)
            except Exception:
                return None
        if isinstance(v, (Seq, DictV)):
            return bool(v.items)
        if isinstance(v, (Func, ClassV, ModV, Transformed, Bound, Partial, MeshV, Factory)):
            return True
        if isinstance(v, Ext) and self.api_present(v.name) is True:
            return True  # an API the target version has: a function, class or module
        if isinstance(v, Inst) and isinstance(v.cls, ClassV) and self._plain_truth(v.cls):
            return True  # an object whose classes define neither __bool__ nor __len__
        if isinstance(v, Inst) and isinstance(v.cls, Ext) and v.cls.name == MATCH:
            return True
        return None

    def _plain_truth(self, cls: ClassV) -> bool:
        """Whether every class in `cls`'s MRO is the project's (or `object`) and none defines
        `__bool__` or `__len__`."""
        for c in mro(cls):
            if "__bool__" in c.ns or "__len__" in c.ns:
                return False
            if any(not isinstance(o, ClassV) and value_name(o) != "builtins.object"
                   for b in c.bases for o in options(b)):
                return False
        return True

    def iterate(self, v: Value) -> list | None:
        """The items iterating over `v` gives, when known."""
        if isinstance(v, Seq):
            return list(v.items)
        if isinstance(v, YieldedV) and v.items is not None:
            return list(v.items)
        if isinstance(v, DictV):
            return [Const(k) for k in v.items]
        if isinstance(v, ClassV) and v.members is not None:
            return [v.ns[name] for name in v.members]  # an Enum class: its members
        if isinstance(v, PSpecV) and v.parts is not None:
            return list(v.parts)
        if isinstance(v, Const) and isinstance(v.value, (tuple, list, str)):
            return [Const(x) for x in v.value]
        if isinstance(v, ArrayV):
            n = v.shape[0] if v.shape else v.lead
            if isinstance(n, int) and n <= MAX_ARRAY_ROWS:
                return [row_of(v)] * n
        return None

    def element(self, v: Value) -> Value:
        """Any one item of iterating over `v`, when its items are not known one by one: the
        item of a `Repeated`, the join of a long sequence's items, a row of an array."""
        if isinstance(v, Multi):
            return join([self.element(o) for o in v.options])
        if isinstance(v, Repeated):
            return v.item
        items = self.iterate(v)
        if items:
            return join(items)
        if isinstance(v, ArrayV):
            return ArrayV(dtype=v.dtype, vma=v.vma, exact=v.exact)
        return Unknown

    def repeated(self, v: Value, kind: str) -> Value:
        """`list(v)` (or tuple, set) of an iterable whose items are not known one by one."""
        item = self.element(v)
        return Repeated(item, kind) if item is not Unknown else Unknown

    def _comprehension(self, node, act, ctx) -> Value:
        """A list/set/dict comprehension or generator, in a scope of its own (a lambda made in it
        sees its variable's last value, as in Python). Over known sequences it is expanded item
        by item (`[(i, (i + 1) % n) for i in range(n)]`); otherwise its element is evaluated once
        with its targets unknown (the calls it makes still happen) and the result is unknown."""
        from .machine import Activation

        sc = act.scope.module.scope_of(node, act.scope)
        parent = act.parent if act.scope.kind == "class" else act
        cact = Activation(sc, ctx, {}, parent, act.path, act.depth)
        items: list = []
        first: list = []  # the first generator's iterable, evaluated once
        if not self._expand(node, node.generators, cact, ctx, items, first):
            tree = self.linen_tree()
            if tree is not None:
                tree.doubt()  # (the modules its items make, how many, are not known)
            for i, g in enumerate(node.generators):
                it = first[0] if i == 0 and first else self.eval(g.iter, cact, ctx)
                self.assign(g.target, self.element(it), cact, ctx)
                for cond in g.ifs:
                    self.eval(cond, cact, ctx)
            if isinstance(node, ast.DictComp):
                self.eval(node.key, cact, ctx)
                self.eval(node.value, cact, ctx)
                return Unknown
            item = self.eval(node.elt, cact, ctx)
            kind = "set" if isinstance(node, ast.SetComp) else "list"
            return Repeated(item, kind) if item is not Unknown else Unknown
        if isinstance(node, ast.DictComp):
            out = {}
            for k, v in items:
                k = dict_key(k)
                if k is None:
                    return Unknown
                out[k.value] = v
            return DictV(out)
        if isinstance(node, ast.SetComp):
            return Seq(tuple(items), "set")
        return Seq(tuple(items), "list", site=self.site(node, act))

    def _expand(self, node, gens, act, ctx, items: list, first: list | None = None) -> bool:
        if not gens:
            if isinstance(node, ast.DictComp):
                items.append((self.eval(node.key, act, ctx), self.eval(node.value, act, ctx)))
            else:
                items.append(self.eval(node.elt, act, ctx))
            return len(items) <= MAX_EXPAND
        g = gens[0]
        it = self.eval(g.iter, act, ctx)
        if first is not None:
            first.append(it)
        seq = self.iterate(it)
        if seq is None or len(seq) > MAX_EXPAND:
            return False
        for item in seq:
            self.assign(g.target, item, act, ctx)
            keep = True
            for cond in g.ifs:
                known = self.truth(self.eval(cond, act, ctx))
                if known is None:
                    return False
                keep = keep and known
            if keep and not self._expand(node, gens[1:], act, ctx, items):
                return False
        return True

    _ex_ListComp = _ex_SetComp = _ex_GeneratorExp = _ex_DictComp = _comprehension

    def _ex_JoinedStr(self, node, act, ctx):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
                continue
            inner = self.eval(v.value, act, ctx) if isinstance(v, ast.FormattedValue) else Unknown
            if not (isinstance(inner, Const) and isinstance(v, ast.FormattedValue) and v.conversion == -1
                    and v.format_spec is None):
                return Unknown
            parts.append(str(inner.value))
        return Const("".join(parts))

    def _api_ref(self, v: Ext, node, act, spelled: str | None = None) -> None:
        """A JAX API named in the code, where some JAX version lacks it: by its canonical name,
        or as `spelled` where that spelling came later than the API (`jax.P`)."""
        api = apis.API.get(v.name)
        name = spelled if spelled in apis.ALIAS_SINCE else v.name
        if api is not None and (api.since or api.until or name != v.name):
            self.record(ApiRefEvent(self.site(node, act), Context(), act.path, node, api=name,
                                    module=act.scope.module))

    # ------------------------------------------------------------------ attributes

    def getattr(self, base: Value, attr: str, at: tuple | None = None) -> Value:
        """`base.attr`. `at` is (activation, context, node) of the attribute expression, where a
        property's getter runs."""
        if isinstance(base, Multi):
            return join([self.getattr(o, attr, at) for o in base.options])
        if isinstance(base, Ext):
            name = f"{base.name}.{attr}"
            if name == "sys.argv" and at is not None:  # the script as run with no arguments
                return Seq((Const(os.path.basename(at[0].scope.module.path)),), "list")
            if name in _VERSION_ATTRS and self.jax_version:
                v = self.jax_version
                return Seq(tuple(Const(i) for i in v)) if "info" in attr else Const(".".join(map(str, v)))
            row = apis.API.get(apis.canonical(name))
            if row is not None and row.kind == "struct_create":
                return Bound(Ext(apis.canonical(name)), base)
            if apis.is_shipped_source(name):
                mod = self.finder.find(name)
                if mod is not None:
                    return ModV(mod)
            if attr in _DTYPE_NAMES and base.name in ("jax.numpy", "numpy", "jax.dtypes", "ml_dtypes"):
                return DTypeV(attr)
            if attr in _NUMBERS and base.name in ("jax.numpy", "numpy", "math"):
                return Const(_NUMBERS[attr])
            if apis.canonical(name) in apis.CONSTANTS:
                return Const(apis.CONSTANTS[apis.canonical(name)])
            return Ext(apis.canonical(name))
        if isinstance(base, ModV):
            return self.module_attr(base.module, attr)
        if isinstance(base, Super):
            return self.super_attr(base, attr)
        if isinstance(base, ClassV):
            v = self.class_attr(base, attr, None, at)
            return v if v is not Unknown else self.base_class_attr(base, attr)
        if isinstance(base, Inst):
            if attr in base.attrs:
                return base.attrs[attr]
            if not isinstance(base.cls, ClassV):
                param = layer_param(base, attr)
                if param is not None and isinstance(base.cls, Ext) and base.cls.name.startswith("flax.nnx."):
                    return Inst(Ext("flax.nnx.Param"), {"value": param})  # `linear.kernel`: a Param holding it
                return param if param is not None else self.base_method(base, attr)
            v = self.class_attr(base.cls, attr, base, at)
            if v is Unknown:
                fallback = self.class_attr(base.cls, "__getattr__", base) if not attr.startswith("__") else Unknown
                item = self.item_attr(base, attr, fallback)
                if item is not None:
                    return item
                if isinstance(fallback, Bound) and at is not None:
                    act, ctx, node = at
                    return self.call(fallback, [Const(attr)], {}, act, ctx, self.site(node, act), node,
                                     label=f"reads {attr} through __getattr__")
                inherited = self.base_method(base, attr)
                return self.lifted_method(base, attr, inherited) if base.lift is not None else inherited
            return self.lifted_method(base, attr, v) if base.lift is not None else v
        if isinstance(base, MeshV):
            return self._mesh_attr(base, attr)
        if isinstance(base, ArrayV):
            return self._array_attr(base, attr)
        if isinstance(base, ShardingV):
            if attr == "mesh":
                return base.mesh
            if attr == "spec":
                return base.spec
            return Unknown
        if isinstance(base, Const) and isinstance(base.value, EnumMember):
            return {"value": base.value.member_value, "name": Const(base.value.member_name)}.get(attr, Unknown)
        if isinstance(base, Const) and attr == "value" and isinstance(base.value, str):
            return base  # a str-valued Enum member (class Axis(str, Enum)) is its value
        if isinstance(base, MethodOf) and base.name == "at[]":
            return MethodOf(base, attr)
        if isinstance(base, datafiles.PathV):
            v = datafiles.path_attr(base, attr)
            return v if v is not None else MethodOf(base, attr)
        if isinstance(base, datafiles.OpenFileV):
            return MethodOf(base, attr)
        if isinstance(base, (Transformed, Factory, CommV, Traced, Func, DevicesV, DictV, Seq, Bound, Const)):
            if isinstance(base, Func) and attr in ("__name__", "__qualname__"):
                return Const(base.scope.name)
            return MethodOf(base, attr)
        return Unknown

    def _mesh_attr(self, mesh: MeshV, attr: str) -> Value:
        if attr == "axis_names":
            return Seq(tuple(Const(a) for a in mesh.axes)) if mesh.axes is not None else Unknown
        if attr == "shape":
            if mesh.axes is None:
                return Unknown
            sizes = mesh.sizes or (None,) * len(mesh.axes)
            return DictV({a: (Const(s) if s is not None else Unknown) for a, s in zip(mesh.axes, sizes)},
                         origin=mesh)
        if attr == "axis_sizes":
            return Seq(tuple(Const(s) for s in mesh.sizes)) if mesh.sizes is not None else Unknown
        if attr == "size":
            return Const(mesh.devices) if mesh.devices is not None else Unknown
        if attr == "abstract_mesh":
            return MeshV(mesh.axes, mesh.sizes, mesh.site, mesh.explicit_default, abstract=True,
                         explicit_types=mesh.explicit_types, auto_types=mesh.auto_types)
        if attr == "devices":
            return DevicesV(mesh.sizes)
        return MethodOf(mesh, attr)

    def _array_attr(self, a: ArrayV, attr: str) -> Value:
        if attr == "shape":
            return Seq(tuple(Const(d) if d is not None else Unknown for d in a.shape)) if a.shape is not None \
                else Unknown
        if attr == "dtype":
            return DTypeV(a.dtype or a.weak)
        if attr == "ndim":
            return Const(len(a.shape)) if a.shape is not None else Unknown
        if attr == "sharding":
            return a.sharding if isinstance(a.sharding, ShardingV) else Unknown
        if attr in ("T", "mT", "real", "imag"):
            shape = transposed(a.shape, None) if attr == "T" else swapped(a.shape, -1, -2) if attr == "mT" else a.shape
            spec = None if a.spec is None else a.spec[::-1] if attr == "T" else a.spec if attr != "mT" else \
                (*a.spec[:-2], a.spec[-1], a.spec[-2]) if len(a.spec) >= 2 else None
            return ArrayV(shape, dtype=a.dtype, vma=a.vma, exact=a.exact, spec=spec, weak=a.weak)
        if attr == "size" and a.shape is not None and None not in a.shape:
            return Const(math.prod(a.shape))
        return MethodOf(a, attr)

    def module_attr(self, mod, attr: str) -> Value:
        mact = self.module_act(mod)
        bound = attr in mact.env if not mact.lazy else attr in mod.top_bindings
        if bound:
            return self.global_value(mact, attr)
        sub = self.finder.find(f"{mod.name}.{attr}", mod)
        if sub is not None and sub.path != mod.path:
            self.module_act(sub)
            return ModV(sub)
        return self.global_value(mact, attr)

    def class_attr(self, cls: ClassV, attr: str, instance: Inst | None, at: tuple | None = None,
                   depth: int = 0) -> Value:
        """`cls.attr` or `instance.attr` through the class and its bases (depth first)."""
        if attr in cls.ns:
            v = cls.ns[attr]
            if instance is None:
                if isinstance(v, Descriptor) and v.kind == "classmethod":
                    return Bound(v.func, cls)
                return v.func if isinstance(v, Descriptor) else v
            return self.bind_attr(v, instance, at)
        if depth > 8:
            return Unknown
        for b in cls.bases:
            for o in options(b):
                if isinstance(o, ClassV):
                    v = self.class_attr(o, attr, instance, at, depth + 1)
                    if v is not Unknown:
                        return v
        return Unknown

    def bind_attr(self, v: Value, instance: Inst, at: tuple | None = None) -> Value:
        """A class attribute seen through an instance: methods bind it, properties run (where
        the attribute expression is known; a cached_property's value is then the instance's)."""
        if isinstance(v, Multi):
            return join([self.bind_attr(o, instance, at) for o in v.options])
        if isinstance(v, Descriptor):
            if v.kind == "staticmethod":
                return v.func
            if v.kind == "classmethod":
                return Bound(v.func, instance.cls)
            if at is None:
                return Unknown
            act, ctx, node = at
            result = self.call(v.func, [instance], {}, act, ctx, self.site(node, act), node,
                               label=f"reads the property {node.attr}")
            if v.kind == "cached_property":  # the instance keeps it: a caller's changes to it last
                instance.attrs[node.attr] = result
                instance.version += 1
            return result
        if isinstance(v, Func) or (isinstance(v, Transformed) and isinstance(v.fn, (Func, Partial))):
            return Bound(v, instance)  # (a functools.partial is no descriptor: it is not bound)
        return v

    # ------------------------------------------------------------------ definitions

    def eval_defaults(self, args: ast.arguments, act, ctx) -> dict:
        out = {}
        positional = [*args.posonlyargs, *args.args]
        for p, d in zip(positional[len(positional) - len(args.defaults):], args.defaults):
            out[p.arg] = self.eval(d, act, ctx)
        for p, d in zip(args.kwonlyargs, args.kw_defaults):
            if d is not None:
                out[p.arg] = self.eval(d, act, ctx)
        return out


_EXPR_METHODS = {getattr(ast, name[4:]): fn for name, fn in vars(ExprMixin).items()
                 if name.startswith("_ex_") and hasattr(ast, name[4:])}


def _mesh_in_force(ctx: Context):
    """The context mesh: a MeshV, None (none entered), Unknown (one it cannot see may be)."""
    return ctx.mesh if ctx.mesh is not None else Unknown if "mesh_maybe" in ctx.modes else None


def _set_op(op, left: Seq, right: Seq) -> Value:
    """`a - b`, `a | b`, `a & b`, `a ^ b` of sets of known constants (`set(mesh.axis_names) - {"x"}`)."""
    if not all(isinstance(i, Const) for i in (*left.items, *right.items)):
        return Unknown
    a = [i.value for i in left.items]
    b = {i.value for i in right.items}
    if isinstance(op, ast.Sub):
        out = [x for x in a if x not in b]
    elif isinstance(op, ast.BitAnd):
        out = [x for x in a if x in b]
    elif isinstance(op, ast.BitOr):
        out = a + [x for x in (i.value for i in right.items) if x not in a]
    else:
        out = [x for x in a if x not in b] + [x for x in (i.value for i in right.items) if x not in a]
    return Seq(tuple(Const(x) for x in dict.fromkeys(out)), "set")


def _index_parts(idx: Value) -> list:
    """An array index as `shapes.indexed` reads it: per item, an integer (a Python int, or a
    traced integer scalar), an array of integers, a slice, `None`, `...`; anything else unread."""
    parts = []
    for i in (idx.items if isinstance(idx, Seq) and idx.kind == "tuple" else (idx,)):
        v = i.value if isinstance(i, Const) else None
        if isinstance(i, Const) and isinstance(v, int) and not isinstance(v, bool):
            parts.append(("int",))
        elif isinstance(i, Const) and isinstance(v, slice):
            parts.append(("slice", v.start, v.stop, v.step))
        elif isinstance(i, Const) and v is None:
            parts.append(("new",))
        elif isinstance(i, Const) and v is Ellipsis:
            parts.append(("ellipsis",))
        elif isinstance(i, ArrayV) and i.shape == () and i.dtype is not None and "int" in i.dtype:
            parts.append(("int",))
        elif isinstance(i, ArrayV) and i.shape is not None and i.dtype is not None and "int" in i.dtype:
            parts.append(("array", i.shape))  # `h[senders]`: gathers rows
        else:
            parts.append(("other",))
    return parts


def _exact_index(node, idx: Value) -> bool:
    """Whether all the axes an index varies over are known: a slice in it (`x[:, 0]`) is static
    in Python's syntax, whatever its bounds."""
    sl = node.slice if isinstance(node, ast.Subscript) else None
    if isinstance(sl, ast.Tuple) and isinstance(idx, Seq) and len(sl.elts) == len(idx.items):
        return all(isinstance(e, ast.Slice) or exact_vma(i) for e, i in zip(sl.elts, idx.items))
    return exact_vma(idx)


def _comparable(v: Value):
    """A Python value standing for `v` in a comparison, or None when `v` is not known."""
    if isinstance(v, Const):
        return v.value
    if isinstance(v, DTypeV):
        return ("dtype", v.name) if v.name is not None else None
    if isinstance(v, Seq):
        items = [_comparable(i) for i in v.items]
        if any(i is None and not (isinstance(x, Const) and x.value is None) for i, x in zip(items, v.items)):
            return None
        return tuple(items) if v.kind == "tuple" else list(items) if v.kind == "list" else frozenset(items)
    if isinstance(v, Ext) and v.name.rsplit(".", 1)[-1] in _DTYPE_NAMES:
        return ("dtype", v.name.rsplit(".", 1)[-1])
    if isinstance(v, PSpecV) and v.parts is not None:
        parts = [_spec_entry(p) for p in v.parts]
        return None if any(p is _UNKNOWN_ENTRY for p in parts) else ("pspec", tuple(parts))
    return None


_UNKNOWN_ENTRY = object()


def _spec_entry(part: Value):
    """A PartitionSpec entry as JAX compares it: None, an axis, or a tuple of axes (a tuple of
    one axis is that axis)."""
    if isinstance(part, Const) and (part.value is None or isinstance(part.value, str)):
        return part.value
    if isinstance(part, Seq) and all(isinstance(i, Const) and isinstance(i.value, str) for i in part.items):
        names = tuple(i.value for i in part.items)
        return names[0] if len(names) == 1 else names
    return _UNKNOWN_ENTRY


def exception_names(expr: ast.AST) -> frozenset:
    """The exception class names an `except` clause (or `pytest.raises` argument) names."""
    if expr is None:
        return frozenset({"*"})
    if isinstance(expr, ast.Tuple):
        return frozenset().union(*(exception_names(e) for e in expr.elts))
    if isinstance(expr, ast.Name):
        return frozenset({expr.id})
    if isinstance(expr, ast.Attribute):
        return frozenset({expr.attr})
    return frozenset({"*"})


def caught_names(handler: ast.ExceptHandler) -> frozenset:
    """What a handler catches and swallows: nothing when its body raises."""
    return frozenset() if _raise_in(handler) is not None else exception_names(handler.type)


def rethrown(handler: ast.ExceptHandler) -> tuple | None:
    """(what it catches, the raise statement, what it raises) for a handler that raises an
    exception of its own (`raise StageError(...) from e`); a bare `raise` (or re-raising the
    caught exception) keeps JAX's own."""
    st = _raise_in(handler)
    if st is None or st.exc is None or (isinstance(st.exc, ast.Name) and st.exc.id == handler.name):
        return None
    what = st.exc.func if isinstance(st.exc, ast.Call) else st.exc
    return exception_names(handler.type), st, ast.unparse(what) if len(ast.dump(what)) < 300 else "an exception"


def _raise_in(handler: ast.ExceptHandler):
    for st in handler.body:
        for n in ast.walk(st):
            if isinstance(n, ast.Raise):
                return n
    return None


def _binop_shape(op, left: Value, right: Value) -> tuple | None:
    """The shape of an operation on two arrays of known shapes: `a @ b`, or an elementwise
    operation (the shapes broadcast); else not known."""
    a = left.shape if isinstance(left, ArrayV) else None
    b = right.shape if isinstance(right, ArrayV) else None
    if a is None or b is None:
        return None
    return matmul(a, b) if isinstance(op, ast.MatMult) else broadcast(a, b)
