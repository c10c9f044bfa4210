from functools import partial

import jax
from jax import numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType
import optax
from flax import nnx

auto_mesh = jax.make_mesh((2, 2), ('data', 'model'),
                          axis_types=(AxisType.Auto, AxisType.Auto))


class DotReluDot(nnx.Module):
  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(
      depth, depth,
      kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
      use_bias=False,
      rngs=rngs)
    self.w2 = nnx.Param(
      init_fn(rngs.params(), (depth, depth)),
      sharding=('model', None),
    )

  def __call__(self, x: jax.Array):
    y = self.dot1(x)
    y = jax.nn.relu(y)
    y = jax.lax.with_sharding_constraint(y, P('data', 'model'))
    z = jnp.dot(y, self.w2[...])
    return z


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model: DotReluDot):
    y_pred = model(x)
    return jnp.mean((y_pred - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(auto_mesh):
  model = DotReluDot(64, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  data_sharding = NamedSharding(auto_mesh, P('data', None))
  x = jax.device_put(jnp.ones((16, 64)), data_sharding)
  y = jax.device_put(jnp.ones((16, 64)), data_sharding)
  lowered = train_step.trace(model, optimizer, x, y).lower(
      lowering_platforms=('cuda',))
  txt = lowered.as_text()
print("lowered", len(txt) > 0)
