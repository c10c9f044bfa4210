import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from nets.mlp import MLP
from nets.rules import LOGICAL_AXIS_RULES

mesh = Mesh(np.array(jax.devices()).reshape(4, 1), ('data', 'model'))
model = MLP(num_layers=2, depth=64)


def local_step(params, x):
  def loss_fn(p):
    return jnp.mean(model.apply({'params': p}, x) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, 'data')
  params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
  return params, jax.lax.pmean(loss, 'data')


step = jax.jit(jax.shard_map(local_step, mesh=mesh,
                             in_specs=(P(), P('data')), out_specs=(P(), P())))

x = jnp.ones((16, 32))
with nn.logical_axis_rules(LOGICAL_AXIS_RULES):
  params = nn.unbox(model.init(jax.random.key(0), x[:4])['params'])
  with mesh:
    lowered = step.trace(params, x).lower(lowering_platforms=('cuda',))
print('lowered')
