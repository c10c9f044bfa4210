import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

ENSEMBLE = 'ensemble'
SIZE = 8


@eqx.filter_vmap
def make_ensemble(key):
  return eqx.nn.MLP(2, 2, 16, 2, key=key)


def member_loss(model, x, y):
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def ensemble_loss(params, static, x, y):
  models = eqx.combine(params, static)
  losses = eqx.filter_vmap(member_loss, in_axes=(eqx.if_array(0), None, None),
                           axis_name=ENSEMBLE)(models, x, y)
  return losses


def main():
  mesh = Mesh(np.array(jax.devices()), ('devices',))
  models = make_ensemble(jax.random.split(jax.random.key(0), SIZE))
  params, static = eqx.partition(models, eqx.is_array)

  def step(params, x, y):
    return ensemble_loss(params, static, x, y)

  sharded = jax.shard_map(step, mesh=mesh, in_specs=(P(ENSEMBLE), P(), P()),
                          out_specs=P(ENSEMBLE))
  x = jnp.ones((32, 2))
  jax.jit(sharded).trace(params, x, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
