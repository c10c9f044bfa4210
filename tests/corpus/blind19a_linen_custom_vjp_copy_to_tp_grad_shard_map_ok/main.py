import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


@jax.custom_vjp
def copy_to_tp(x):
  return x


def _fwd(x):
  return x, None


def _bwd(_, g):
  return (lax.psum(g, 'model'),)


copy_to_tp.defvjp(_fwd, _bwd)


class ColumnMLP(nn.Module):
  hidden_per_shard: int

  @nn.compact
  def __call__(self, x):
    x = copy_to_tp(x)
    h = nn.relu(nn.Dense(self.hidden_per_shard)(x))
    return nn.Dense(1, use_bias=False)(h)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = ColumnMLP(16)


def grad_step(params, x, y):
  def loss(p):
    partial = model.apply(p, x)
    pred = lax.psum(partial, 'model')
    return jnp.mean((pred[:, 0] - y) ** 2)
  l, g = jax.value_and_grad(loss)(params)
  return lax.pmean(l, 'data'), lax.pmean(g, 'data')


params = {'params': {'Dense_0': {'kernel': jnp.zeros((2, 8, 16)), 'bias': jnp.zeros((2, 16))},
                     'Dense_1': {'kernel': jnp.zeros((2, 16, 1))}}}
pspec = jax.tree.map(lambda _: P('model'), params)


def per_device(params, x, y):
  params = jax.tree.map(lambda p: p[0], params)
  l, g = grad_step(params, x, y)
  return l, jax.tree.map(lambda a: a[None], g)


f = jax.jit(jax.shard_map(per_device, mesh=mesh, in_specs=(pspec, P('data'), P('data')),
                          out_specs=(P(), pspec)))
f.trace(params, jnp.ones((8, 8)), jnp.ones((8,))).lower(lowering_platforms=('cuda',))
