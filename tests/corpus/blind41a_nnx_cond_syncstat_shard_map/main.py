import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class SyncedScaler(nnx.Module):
  """Normalises features by a running mean synchronised over the batch axis."""

  def __init__(self, features, axis_name):
    self.mean = nnx.BatchStat(jnp.zeros((features,)))
    self.count = nnx.BatchStat(jnp.zeros((), jnp.int32))
    self.axis_name = axis_name

  def __call__(self, x, train):
    def update(m, x):
      batch_mean = jax.lax.pmean(x.mean(0), self.axis_name)
      m.mean[...] = 0.9 * m.mean[...] + 0.1 * batch_mean
      m.count[...] = m.count[...] + 1

    def keep(m, x):
      pass

    nnx.cond(train, update, keep, self, x)
    return x - self.mean[...]


mesh = jax.make_mesh((4,), ('batch',), axis_types=(AxisType.Auto,))
scaler = SyncedScaler(6, 'batch')


@nnx.jit(static_argnums=2)
def step(scaler, x, train):
  f = nnx.shard_map(lambda s, x: s(x, train), mesh=mesh,
                    in_specs=(P(), P('batch')), out_specs=P('batch'))
  return f(scaler, x)


step.trace(scaler, jnp.ones((16, 6)), True).lower(lowering_platforms=('cuda',))
print('ok')
