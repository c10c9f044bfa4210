from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from blocks import SEQ_AXIS, Encoder

mesh = Mesh(np.array(jax.devices()), (SEQ_AXIS,))
model = Encoder()
x = jnp.ones((2, 64, 128))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, SEQ_AXIS)), out_specs=P())
def init_params(key, x):
  return model.init(key, x)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, SEQ_AXIS)), out_specs=P(None, SEQ_AXIS))
def encode(variables, x):
  return model.apply(variables, x)


variables = jax.eval_shape(init_params, jax.random.key(0), x)
jax.jit(encode).trace(variables, x).lower(lowering_platforms=('tpu',))
