import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

import encoder

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
  params = encoder.init(jax.random.key(0))
  x = jax.device_put(jnp.ones((8, 32, 64)), P('data', None, None))
  labels = jax.device_put(jnp.zeros((8,), jnp.int32), P('data'))

  def loss_fn(params, x, labels):
    logits = encoder.apply(params, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  grad_step = jax.jit(jax.value_and_grad(loss_fn))
  lowered = grad_step.trace(params, x, labels).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
