from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from layers import GatherMix

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = GatherMix(features=128, model_axis_size=mesh.shape['model'])
x = jax.ShapeDtypeStruct((16, 256), jnp.float32)
spec = P('data', 'model')


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), spec), out_specs=P(), check_rep=False)
def init(rng, x):
  return model.init(rng, x)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), spec), out_specs=spec, check_rep=False)
def forward(params, x):
  return model.apply(params, x)


params = jax.eval_shape(init, jax.random.key(0), x)
forward.trace(params, x).lower(lowering_platforms=('tpu',))
