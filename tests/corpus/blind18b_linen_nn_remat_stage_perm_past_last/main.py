import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nn.Module):
  @nn.compact
  def __call__(self, x):
    return x + nn.Dense(x.shape[-1])(nn.gelu(nn.Dense(4 * x.shape[-1])(x)))


class Stage(nn.Module):
  n_layers: int = 2

  @nn.compact
  def __call__(self, x):
    for _ in range(self.n_layers):
      x = nn.remat(MLP)()(x)
    return x


def send_forward(y, n):
  perm = [(i, i + 1) for i in range(n)]
  token = jax.lax.psend(y, 'stage', perm)
  return jax.lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', perm)


def run(params, x, *, n, model):
  params = jax.tree.map(lambda p: p[0], params)
  for _ in range(n - 1):
    x = send_forward(model.apply(params, x), n)
  return model.apply(params, x)


if __name__ == '__main__':
  n = 4
  mesh = Mesh(np.array(jax.devices()), ('stage',))
  model = Stage()
  x = jnp.ones((8, 32))
  params = jax.vmap(model.init, in_axes=(0, None))(jax.random.split(jax.random.PRNGKey(0), n), x)
  fn = jax.shard_map(lambda p, x: run(p, x, n=n, model=model), mesh=mesh,
                     in_specs=(P('stage'), P()), out_specs=P('stage'), check_vma=False)
  jax.jit(fn).trace(params, x).lower(lowering_platforms=('cuda',))
