import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

import model

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
jax.set_mesh(mesh)
opt = optax.adamw(3e-4)


@jax.jit
def train_step(params, opt_state, x, y):
  def loss_fn(p):
    return jnp.mean((model.mlp(p, x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  updates, opt_state = opt.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


if __name__ == "__main__":
  params = jax.jit(lambda k: model.shard_params(model.init(k, 128, 512)))(jax.random.key(0))
  opt_state = opt.init(params)
  x = jax.device_put(jnp.ones((32, 128)), P("data", None))
  y = jax.device_put(jnp.zeros((32, 128)), P("data", None))
  train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))
