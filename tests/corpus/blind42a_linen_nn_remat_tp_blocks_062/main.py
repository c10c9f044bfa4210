"""Tensor-parallel transformer MLP stack with rematerialised blocks (nn.remat), on an older
JAX where shard_map still lives in jax.experimental."""
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

try:
  from jax import shard_map as _shard_map

  def shard_map(f, mesh, in_specs, out_specs):
    return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs)
except ImportError:  # JAX < 0.6
  from jax.experimental.shard_map import shard_map

MODEL = 'model'


class Block(nn.Module):
  d: int
  f_local: int

  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm()(x)
    h = nn.relu(nn.Dense(self.f_local, name='wi')(h))
    h = nn.Dense(self.d, use_bias=False, name='wo')(h)
    return x + jax.lax.psum(h, MODEL)


class Stack(nn.Module):
  depth: int
  d: int
  f_local: int

  @nn.compact
  def __call__(self, x):
    RematBlock = nn.remat(Block, prevent_cse=False)
    for i in range(self.depth):
      x = RematBlock(self.d, self.f_local, name=f'block_{i}')(x)
    return x


mesh = Mesh(np.array(jax.devices()), (MODEL,))
model = Stack(depth=3, d=32, f_local=64 // mesh.shape[MODEL])
x = jnp.ones((8, 32))


def block_specs(tree):
  def spec(path, _):
    names = [getattr(k, 'key', '') for k in path]
    if 'wi' in names:
      return P(None, MODEL) if names[-1] == 'kernel' else P(MODEL)
    if 'wo' in names:
      return P(MODEL, None)
    return P()
  return jax.tree_util.tree_map_with_path(spec, tree)


abstract = jax.eval_shape(lambda: shard_map(model.init, mesh, (P(), P()), P())(jax.random.PRNGKey(0), x))
specs = block_specs(abstract)
params = jax.jit(shard_map(model.init, mesh, (P(), P()), specs))(jax.random.PRNGKey(0), x)
tx = optax.adam(1e-3)
opt_state = tx.init(params)


@jax.jit
def train_step(params, opt_state, x):
  @functools.partial(shard_map, mesh=mesh, in_specs=(specs, P()), out_specs=(P(), specs))
  def grads(params, x):
    return jax.value_and_grad(lambda p: jnp.mean(model.apply(p, x) ** 2))(params)

  loss, g = grads(params, x)
  updates, opt_state = tx.update(g, opt_state)
  return optax.apply_updates(params, updates), opt_state, loss


train_step.trace(params, opt_state, x).lower(lowering_platforms=('cuda',))
print('lowered')
