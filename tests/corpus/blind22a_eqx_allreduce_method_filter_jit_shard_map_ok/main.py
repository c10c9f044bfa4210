from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from collectives import ring_all_reduce

DP = 4
mesh = Mesh(np.array(jax.devices()), ('dp',))


class Model(eqx.Module):
  mlp: eqx.nn.MLP

  def __call__(self, x):
    return jax.vmap(self.mlp)(x)


def loss(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


def reduce_grads(g):
  return jax.tree.map(
      lambda a: ring_all_reduce(a.reshape(-1, 128), axis_name='dp',
                                num_devices=DP).reshape(a.shape) / DP, g)


@eqx.filter_jit
def train_step(model, x, y):
  params, static = eqx.partition(model, eqx.is_array)

  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('dp'), P('dp')), out_specs=P(),
           check_vma=False)
  def local(p, x, y):
    g = eqx.filter_grad(loss)(eqx.combine(p, static), x, y)
    return reduce_grads(g)

  return local(params, x, y)


model = Model(eqx.nn.MLP(128, 128, 128, 1, key=jax.random.key(0)))
params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((32, 128), jnp.float32)
jax.jit(lambda p, x, y: train_step(eqx.combine(p, static), x, y)).trace(params, x, x).lower(
    lowering_platforms=('tpu',))
