import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec


class Layer(nn.Module):
  @nn.compact
  def __call__(self, carry, _):
    return carry + nn.Dense(carry.shape[-1])(nn.LayerNorm()(carry)), None


class ScannedStage(nn.Module):
  depth: int = 3

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(Layer, variable_axes={'params': 0}, split_rngs={'params': True},
                    length=self.depth)
    x, _ = Stack()(x, None)
    return x


N = 4
mesh = Mesh(np.array(jax.devices()), ('pipe',))
model = ScannedStage()
x = jnp.zeros((16, 64), jnp.float32)
params = jax.eval_shape(
    lambda keys: jax.vmap(lambda k: model.init(k, x))(keys),
    jax.random.split(jax.random.PRNGKey(0), N))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(PartitionSpec('pipe'), PartitionSpec()),
                   out_specs=PartitionSpec(), check_vma=False)
def pipelined(params, x):
  local = jax.tree.map(lambda a: a[0], params)
  perm = [(s, s + 1) for s in range(N - 1)]
  for _ in range(N - 1):
    y = model.apply(local, x)
    x = jax.lax.precv(jax.lax.psend(y, 'pipe', perm), jax.ShapeDtypeStruct(y.shape, y.dtype),
                      'pipe', perm)
  y = model.apply(local, x)
  return jax.lax.psum(jnp.where(jax.lax.axis_index('pipe') == N - 1, y, 0), 'pipe')


exp = jax.export.export(jax.jit(pipelined), platforms=['cuda'])(
    params, jax.ShapeDtypeStruct(x.shape, x.dtype))
