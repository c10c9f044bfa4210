import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from common.model import DropoutMLP
from common.rng import per_device_rngs

DATA = 'data'
mesh = jax.make_mesh((4,), (DATA,), axis_types=(jax.sharding.AxisType.Explicit,))


@nnx.jit(static_argnames='num_samples')
def mc_predict(model, key, x, num_samples=4):
  """Monte Carlo dropout: average several stochastic forward passes."""
  rngs = per_device_rngs(key, DATA)
  samples = [model(x, rngs=rngs) for _ in range(num_samples)]
  return jnp.mean(jnp.stack(samples), axis=0)


model = DropoutMLP(8, 2, rngs=nnx.Rngs(params=0))
x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P(DATA)))
with jax.set_mesh(mesh):
  mc_predict.trace(model, jax.random.key(1), x).lower(lowering_platforms=('cuda',))
