import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ops.sync import arrive_at_leader


class Synced(nn.Module):
  @nn.compact
  def __call__(self, x):
    h = nn.Dense(x.shape[-1])(x)
    return arrive_at_leader(h)


model = Synced()
mesh = Mesh(np.array(jax.devices()), ('dev',))
x = jnp.ones((32, 128), jnp.float32)
variables = jax.eval_shape(model.init, jax.random.PRNGKey(1), x)
repl = NamedSharding(mesh, P())
apply = jax.jit(model.apply, in_shardings=(repl, NamedSharding(mesh, P('dev'))))
apply.trace(variables, x).lower(lowering_platforms=('tpu',))
