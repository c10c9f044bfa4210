import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import MlpBlock

mesh = Mesh(np.array(jax.devices()), ('data',))
model = MlpBlock(hidden=128, out=8)
x = jnp.ones((32, 16))
params = nn.meta.unbox(model.init(jax.random.key(0), x))


def dp_step(params, x, y):
  def loss_fn(p):
    return jnp.mean((model.apply(p, x) - y) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.psum(grads, 'data')
  params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
  return params, jax.lax.pmean(loss, 'data')


step = jax.jit(jax.shard_map(dp_step, mesh=mesh,
                             in_specs=(P(), P('data'), P('data')),
                             out_specs=(P(), P())))
step.trace(params, x, jnp.ones((32, 8))).lower(lowering_platforms=('cuda',))
