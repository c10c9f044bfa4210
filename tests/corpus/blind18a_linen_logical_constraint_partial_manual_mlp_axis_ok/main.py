import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import MlpBlock

RULES = (('batch', 'data'), ('embed', None), ('mlp', 'model'))
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = MlpBlock(hidden=256, out=32, batch_axis=None)
x = jnp.ones((16, 32))
variables = model.init(jax.random.key(0), x)
params = nn.meta.unbox(variables)


def local_loss(params, x):
  y = model.apply(params, x)
  return jax.lax.pmean(jnp.mean(y ** 2), 'data')


with mesh, nn.logical_axis_rules(RULES):
  f = jax.shard_map(local_loss, mesh=mesh, in_specs=(P(), P('data')),
                    out_specs=P(), axis_names={'data'})
  jax.jit(jax.grad(f)).trace(params, x).lower(lowering_platforms=('cuda',))
