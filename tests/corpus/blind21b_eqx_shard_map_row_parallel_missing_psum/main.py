import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import RowParallelMLP

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = RowParallelMLP(12, 48, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
specs = eqx.tree_at(lambda m: (m.up.weight, m.up.bias, m.down.weight),
                    jax.tree.map(lambda _: P(), params),
                    (P("model", None), P("model"), P(None, "model")))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(specs, P("data")), out_specs=P("data", None))
def forward(params, x):
  m = eqx.combine(params, static)
  return eqx.filter_vmap(m)(x)


jax.jit(forward).trace(params, jnp.ones((8, 12))).lower(lowering_platforms=("cuda",))
