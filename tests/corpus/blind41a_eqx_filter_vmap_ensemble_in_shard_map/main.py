import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ensemble import ensemble_predict, make_ensemble

mesh = Mesh(np.array(jax.devices()), ('data',))
models = make_ensemble(jax.random.key(0), 5)
params, static = eqx.partition(models, eqx.is_array)


def local_loss(params, x, y):
  pred = ensemble_predict(eqx.combine(params, static), x)
  return jax.lax.pmean(jnp.mean((pred - y) ** 2), 'data')


loss = jax.jit(jax.shard_map(jax.value_and_grad(local_loss), mesh=mesh,
                             in_specs=(P(), P('data'), P('data')), out_specs=(P(), P())))
x, y = jnp.ones((16, 3)), jnp.zeros((16, 1))
print(loss.trace(params, x, y).lower(lowering_platforms=('cuda',)) is not None)
