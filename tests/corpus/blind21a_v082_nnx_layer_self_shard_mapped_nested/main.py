from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from layers import MESH, Net

net = Net(nnx.Rngs(0))


@nnx.jit
def train_step(net, x):
  @partial(nnx.shard_map, mesh=MESH, in_specs=(P(), P('data')), out_specs=(P(), P()))
  def grads(net, x):
    loss, g = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(net)
    return jax.lax.pmean(loss, 'data'), jax.lax.pmean(g, 'data')
  return grads(net, x)


x = jnp.ones((16, 16))
train_step.trace(net, x).lower(lowering_platforms=('cuda',))
