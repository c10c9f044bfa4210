import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.sharding import Mesh
import numpy as np

from layers import EncoderBlock

rules = (('batch', 'data'), ('embed', None), ('heads', 'model'), ('kv', None), ('mlp', 'model'))

devices = np.asarray(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, ('data', 'model'))
block = EncoderBlock()
x = jnp.ones((16, 64, 512), jnp.float32)


def init(rng, x):
  return block.init(rng, x)


with mesh, nn.logical_axis_rules(rules):
  abs_variables = jax.eval_shape(init, jax.random.key(0), x)
  logical = nn.get_partition_spec(abs_variables)
  mesh_shardings = nn.logical_to_mesh_sharding(logical, mesh, rules)
  init_sharded = jax.jit(init, out_shardings=mesh_shardings)
  lowered = init_sharded.trace(jax.random.key(0), x).lower(lowering_platforms=('tpu',))
