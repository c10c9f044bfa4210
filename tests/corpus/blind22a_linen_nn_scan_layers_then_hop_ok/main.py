import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N = 4
PAIRS = [(i, i + 1) for i in range(N - 1)]


class Residual(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x, _):
    return x + nn.Dense(self.dim)(nn.LayerNorm()(x)), None


class ScannedStage(nn.Module):
  dim: int
  depth: int = 3

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(Residual, variable_axes={'params': 0}, split_rngs={'params': True},
                    length=self.depth)
    x, _ = Stack(self.dim)(x, None)
    token = lax.psend(x, 'pp', PAIRS)
    return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), 'pp', PAIRS)


mesh = Mesh(np.array(jax.devices()), ('pp',))
model = ScannedStage(dim=32)
x = jnp.ones((16, 32))


def init_fn(key, x):
  return model.init(key, x)


def apply_fn(params, x):
  return model.apply(params, x)


sm = lambda f, i, o: jax.shard_map(f, mesh=mesh, in_specs=i, out_specs=o, check_vma=False)
params = jax.eval_shape(sm(init_fn, (P(), P('pp')), P()), jax.random.key(0), x)
fwd = jax.jit(sm(apply_fn, (P(), P('pp')), P('pp')))
fwd.trace(params, x).lower(lowering_platforms=('cuda',))
