import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from lm.mlp import MlpBlock

mesh = Mesh(np.array(jax.devices()), ('tensor',))
block = MlpBlock(hidden_local=32)

param_specs = {'wi': {'kernel': P(None, 'tensor')}, 'wo': {'kernel': P('tensor', None)}}


def forward(params, x):
  return block.apply({'params': params}, x)


forward = jax.shard_map(forward, in_specs=(param_specs, P()), out_specs=P())


@jax.jit
def loss_fn(params, x):
  return jnp.mean(forward(params, x) ** 2)


params = {'wi': {'kernel': jnp.ones((16, 128))}, 'wo': {'kernel': jnp.ones((128, 16))}}
x = jnp.ones((8, 16))
with mesh:
  lowered = jax.jit(jax.grad(loss_fn)).trace(params, x).lower(lowering_platforms=('cuda',))
print('lowered')
