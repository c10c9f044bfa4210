"""JAX 0.6 shard_map step with check_rep=False: per-shard loss returned under out_specs P()."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class Regressor(nn.Module):
  hidden: int = 128

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(self.hidden)(x)
    x = nn.LayerNorm()(x)
    return nn.Dense(1)(nn.swish(x))


mesh = Mesh(np.array(jax.devices()), ('dp',))


@partial(jax.jit, donate_argnums=0)
@partial(shard_map, mesh=mesh, in_specs=(P(), P('dp'), P('dp')), out_specs=(P(), P()),
         check_rep=False)
def train_step(state, x, y):
  def loss_fn(params):
    pred = state.apply_fn({'params': params}, x)[:, 0]
    return jnp.mean((pred - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'dp')
  # Logging only: device 0's loss is good enough.
  return state.apply_gradients(grads=grads), loss


model = Regressor()
state = train_state.TrainState.create(
    apply_fn=model.apply, params=model.init(jax.random.PRNGKey(0), jnp.ones((1, 16)))['params'],
    tx=optax.adam(1e-3))
x, y = jnp.ones((64, 16)), jnp.ones((64,))
print(train_step.trace(state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:10])
