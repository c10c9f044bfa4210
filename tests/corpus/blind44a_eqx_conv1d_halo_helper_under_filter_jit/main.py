import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from halo import halo_exchange


class PeriodicCNN(eqx.Module):
  convs: list

  def __init__(self, channels, depth, key):
    keys = jr.split(key, depth)
    self.convs = [eqx.nn.Conv1d(channels, channels, kernel_size=3, padding=0, key=k)
                  for k in keys]

  def __call__(self, u, axis_name):
    for conv in self.convs:
      u = u + jax.nn.tanh(conv(halo_exchange(u, axis_name)))
    return u


mesh = Mesh(jax.devices(), ('x',))
field_sharding = NamedSharding(mesh, P(None, 'x'))
model = PeriodicCNN(channels=4, depth=3, key=jr.PRNGKey(0))


@eqx.filter_jit
def rollout_step(model, u):
  u = eqx.filter_shard(u, field_sharding)
  u = model(u, 'x')
  return eqx.filter_shard(u, field_sharding)


params, static = eqx.partition(model, eqx.is_array)
u0 = jnp.ones((4, 256))
lowered = jax.jit(lambda p, u: rollout_step(eqx.combine(p, static), u)).trace(params, u0).lower(
    lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
