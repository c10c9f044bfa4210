from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import model
from parallel import BATCH_SPEC, stacked_param_specs

mesh = jax.make_mesh((2, 2), ("data", "model"))
param_specs = stacked_param_specs()


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(param_specs, BATCH_SPEC, BATCH_SPEC),
         out_specs=(P(), param_specs))
def train_step(params, x, y):
  return jax.value_and_grad(model.loss)(params, x, y)


abstract = jax.eval_shape(lambda: model.init(jax.random.key(0), 4, 256, 1024))
params = jax.tree.map(
    lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=NamedSharding(mesh, s)),
    abstract, param_specs)
x = jax.ShapeDtypeStruct((16, 128, 256), jnp.float32, sharding=NamedSharding(mesh, BATCH_SPEC))
train_step.trace(params, x, x).lower(lowering_platforms=("tpu",))
