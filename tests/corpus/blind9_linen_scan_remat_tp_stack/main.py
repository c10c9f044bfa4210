import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
TP = mesh.shape['model']


class TPBlock(nn.Module):
  d_ff: int
  tp_size: int = 1

  @nn.compact
  def __call__(self, x, _):
    h = nn.LayerNorm()(x)
    h = nn.gelu(nn.Dense(self.d_ff // self.tp_size, use_bias=False, name='wi')(h))
    h = nn.Dense(x.shape[-1], use_bias=False, name='wo')(h)
    if self.tp_size > 1:
      h = lax.psum(h, 'model')
    return x + h, None


class Stack(nn.Module):
  num_layers: int = 4
  d_ff: int = 128
  tp_size: int = 1

  @nn.compact
  def __call__(self, x):
    block = nn.remat(TPBlock, prevent_cse=False)
    layers = nn.scan(block, variable_axes={'params': 0}, split_rngs={'params': True},
                     length=self.num_layers)
    x, _ = layers(self.d_ff, self.tp_size, name='layers')(x, None)
    return x


def spec_for(path, _):
  names = [getattr(k, 'key', None) for k in path]
  if 'wi' in names:
    return P(None, None, 'model')
  if 'wo' in names:
    return P(None, 'model', None)
  return P()


init_model = Stack()
tp_model = init_model.clone(tp_size=TP)
params = init_model.init(jax.random.key(0), jnp.ones((1, 8, 32)))['params']
param_specs = jax.tree_util.tree_map_with_path(spec_for, params)
tx = optax.adamw(1e-3)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P('data')),
                   out_specs=(P(), param_specs))
def loss_and_grads(params, x):
  def loss_fn(p):
    return jnp.mean(tp_model.apply({'params': p}, x) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(params)
  return lax.pmean(loss, 'data'), lax.pmean(grads, 'data')


@jax.jit
def train_step(params, opt_state, x):
  loss, grads = loss_and_grads(params, x)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


if __name__ == '__main__':
  x = jnp.ones((8, 8, 32))
  train_step.trace(params, tx.init(params), x).lower(lowering_platforms=('cuda',))
