"""Syntax and call shapes an analyser can trip on (Python 3.10+)."""
from __future__ import annotations

import functools as ft
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import *  # noqa: F403
from jax.sharding import Mesh, PartitionSpec as P

AXES = ("x", "y")
perm = [(i, (i + 1) % 4) for i in range(4)]
mesh = Mesh(jax.devices(), AXES) if len(jax.devices()) > 1 else None
kw = {"mesh": mesh, "in_specs": P(), "out_specs": P()}


def deco_factory(*args, **kwargs) -> Callable:
    def deco(fn):
        return jax.shard_map(fn, *args, **kwargs)
    return deco


@deco_factory(**kw)
@partial(jax.jit, donate_argnums=(0,))
@(lambda f: f)
def stacked(x, /, y=lax.psum(1, "x"), *rest, z: int = 0, **more):
    match x:
        case {"a": v, **kws}:
            return lax.psum(v, AXES[0])
        case [first, *others] if (n := len(others)) > 1:
            return lax.ppermute(first, "y", perm[:n])
        case jnp.ndarray() as arr:
            return lax.all_gather(arr, axis_name=("x", "y"), tiled=True)
        case _:
            return lax.psend(x, axis_name=AXES, perm=perm)


class Model:
    axis = "x"

    def __init__(self, k=lambda v: lax.pmean(v, "x")):
        self.k = k

    @property
    def step(self):
        return jax.jit(self.__call__)

    def __call__(self, x):
        global perm
        total = 0

        def inner():
            nonlocal total
            total += 1
            return lax.precv(x, jax.ShapeDtypeStruct(x.shape, x.dtype), self.axis, perm)

        return [inner() for _ in range(2) if (y := lax.axis_index(self.axis))], {k: v for k, v in kw.items()}


def kernel(x_ref, o_ref, sem, *, n=pltpu.get_barrier_semaphore):
    copy = pltpu.make_async_remote_copy(x_ref, o_ref, sem, sem, device_id=(lax.axis_index("x"),),
                                        device_id_type=pltpu.DeviceIdType.MESH)
    copy.start(); copy.wait()


call = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
                      compiler_params=pltpu.CompilerParams(collective_id=0))
calls = [pl.pallas_call(lambda r, o: None, out_shape=None)(jnp.ones(1)) for _ in ()]
f"{lax.psum(1, 'x')!r:>{10}}"
m = Model()
m.step(jnp.ones(4))
jax.vmap(m, axis_name="x")(jnp.ones((4, 4)))
jax.jit(call)(jnp.ones((8, 128)))
shard_map(call, mesh, P("x"), P("x"))(jnp.ones((8, 128)))  # noqa: F405
ft.reduce(lambda acc, fn: fn(acc), [jax.jit, jax.vmap, stacked], jnp.ones(3))
(yield_ := None)
try:
    stacked(jnp.ones(4))
except* ValueError:
    pass
del stacked, Model
async def later():
    async with mesh:
        await jax.jit(lambda: lax.psum(1, "x"))()
    async for _ in later():
        pass
if __name__ == "__main__":
    while (k := lax.psum(1, "x")):
        break
    else:
        lax.pmax(1, *AXES)
