import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from mlp import ParallelMLP

HIDDEN = 2048
mesh = jax.make_mesh((2, 2), ("data", "model"))
TP = mesh.shape["model"]

global_model = ParallelMLP(hidden=HIDDEN)
shard_model = ParallelMLP(hidden=HIDDEN // TP, reduce_axis="model")

x_spec = P("data", None)
x = jax.ShapeDtypeStruct((64, 512), jnp.float32, sharding=NamedSharding(mesh, x_spec))
rng = jax.random.key(0)

boxed = jax.eval_shape(global_model.init, rng, x)
var_sharding = nn.get_sharding(boxed, mesh)
var_specs = nn.get_partition_spec(boxed)


@functools.partial(jax.jit, out_shardings=var_sharding)
def init(rng, x):
  return global_model.init(rng, x)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(var_specs, x_spec),
                   out_specs=x_spec)
def forward(variables, x):
  return shard_model.apply(variables, x)


if __name__ == "__main__":
  init.trace(rng, x).lower(lowering_platforms=("tpu",))
  variables = jax.tree.map(
      lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=s),
      nn.unbox(boxed), var_sharding)
  forward.trace(variables, x).lower(lowering_platforms=("tpu",))
