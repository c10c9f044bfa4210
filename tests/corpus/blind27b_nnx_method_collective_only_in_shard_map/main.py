import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',))


class Normalizer(nnx.Module):
  def __init__(self, features):
    self.mean = nnx.BatchStat(jnp.zeros((features,)))
    self.proj = nnx.Linear(features, features, rngs=nnx.Rngs(0))

  def __call__(self, x):
    return self.proj(x - self.mean[...])

  def update_stats(self, x):
    local = jnp.mean(x, axis=0)
    self.mean[...] = 0.9 * self.mean[...] + 0.1 * jax.lax.pmean(local, 'data')


norm = Normalizer(6)
x = jnp.ones((16, 6))

# cell: eager forward works without any mesh
print(norm(x).shape)

fwd = nnx.jit(lambda m, x: m(x))
print(fwd.trace(norm, x).lower(lowering_platforms=('cuda',)).as_text()[:20])


# cell: stats update, per device
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=P())
def update(m, x):
  m.update_stats(x)
  return m.mean[...]


update = nnx.jit(update)
print(update.trace(norm, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
