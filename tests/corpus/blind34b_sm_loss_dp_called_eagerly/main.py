from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from dp import model

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))

params = model.init(jax.random.key(0), [32, 64, 8])
batch = (jnp.ones((16, 32)), jnp.ones((16, 8)))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('batch')), out_specs=(P(), P()))
def step(params, batch):
  return jax.value_and_grad(model.loss_dp)(params, batch, 'batch')


# sanity check of the initial loss before training, outside the shard_map
print("initial loss", jax.jit(model.loss_dp, static_argnums=2).trace(params, batch, 'batch')
      .lower(lowering_platforms=('cuda',)).as_text()[:10])
print(jax.jit(step).trace(params, batch).lower(lowering_platforms=('cuda',)).as_text()[:30])
