import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

from train.model import init_params
from train.step import accumulate_gradients

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)

NUM_MICRO, MICRO_BATCH = 4, 8
tx = optax.adam(1e-3)

with jax.set_mesh(mesh):
  params = init_params(jax.random.key(0))
  opt_state = tx.init(params)
  xs = jax.device_put(jnp.ones((NUM_MICRO, MICRO_BATCH, 64)), P(None, 'data', None))
  labels = jax.device_put(jnp.zeros((NUM_MICRO, MICRO_BATCH), jnp.int32), P(None, 'data'))

  @jax.jit
  def train_step(params, opt_state, xs, labels):
    loss, grads = accumulate_gradients(params, xs, labels)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  lowered = train_step.trace(params, opt_state, xs, labels).lower(
      lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
