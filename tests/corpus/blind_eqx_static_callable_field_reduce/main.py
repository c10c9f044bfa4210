"""An Equinox row-parallel layer that stores its reduction as a static callable field
(functools.partial(lax.psum, axis_name=...)), called under eqx.filter_jit + jax.shard_map."""
import functools
from typing import Callable

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class RowParallel(eqx.Module):
    weight: jax.Array
    reduce: Callable = eqx.field(static=True)

    def __init__(self, din, dout, reduce, *, key):
        self.weight = jr.normal(key, (din, dout)) / din
        self.reduce = reduce

    def __call__(self, x):
        return self.reduce(x @ self.weight)


mesh = Mesh(jax.devices(), ("tp",))
layer = RowParallel(256, 64, functools.partial(lax.psum, axis_name="tp"), key=jr.key(0))


@eqx.filter_jit
def forward(layer, x):
    return jax.shard_map(lambda l, x: l(x), mesh=mesh, in_specs=(P("tp"), P(None, "tp")), out_specs=P())(layer, x)


forward.lower(layer, jnp.ones((8, 256)))
