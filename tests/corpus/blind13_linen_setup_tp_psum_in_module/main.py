import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


class TPMlp(nn.Module):
  hidden: int
  out: int
  axis: str | None = 'model'

  def setup(self):
    self.up = nn.Dense(self.hidden, use_bias=False)
    self.down = nn.Dense(self.out, use_bias=False)

  def __call__(self, x):
    h = nn.gelu(self.up(x))
    y = self.down(h)
    if self.axis is not None:
      y = jax.lax.psum(y, self.axis)
    return y


model = TPMlp(hidden=8, out=4)   # per-shard hidden width
params = TPMlp(hidden=8, out=4, axis=None).init(jax.random.key(0), jnp.ones((2, 4)))
pspec = {'params': {'up': {'kernel': P(None, 'model')}, 'down': {'kernel': P('model', None)}}}


def fwd(params, x):
  y = model.apply(params, x)
  return jax.lax.pmean(jnp.mean(y ** 2), 'data')


f = jax.jit(jax.shard_map(fwd, mesh=mesh, in_specs=(pspec, P('data')), out_specs=P()))

if __name__ == '__main__':
  full = jax.tree.map(lambda a: jnp.concatenate([a, a], axis=1 if a.shape[0] == 4 else 0), params)
  f.trace(full, jnp.ones((8, 4))).lower(lowering_platforms=('cuda',))
