import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from enc.model import Encoder

RULES = [('batch', 'data'), ('mlp', 'model'), ('embed', None)]
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = Encoder(features=32, num_layers=2)
x = jnp.ones((16, 32))
params = nn.unbox(model.init(jax.random.key(0), x))


def dp_grads(params, x):
  g = jax.grad(lambda p: jnp.mean(model.apply(p, x) ** 2))(params)
  return jax.lax.pmean(g, 'data')


with nn.logical_axis_rules(RULES):
  grads_fn = jax.jit(shard_map(dp_grads, mesh=mesh, in_specs=(P(), P('data')),
                               out_specs=P(), check_rep=False))
  grads_fn.trace(params, x).lower(lowering_platforms=('cuda',))
