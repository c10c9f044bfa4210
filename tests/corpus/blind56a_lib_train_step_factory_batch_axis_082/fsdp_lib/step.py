import jax
import jax.numpy as jnp

from .sharding import PARAM_LOGICAL_AXES, logical_to_spec


def make_train_step(config):
  act_spec = logical_to_spec(config, "batch", "embed")

  def loss_fn(params, x, y):
    x = jax.lax.with_sharding_constraint(x, act_spec)
    h = jax.nn.gelu(x @ params["w_in"])
    out = h @ params["w_out"]
    out = jax.lax.with_sharding_constraint(out, act_spec)
    return jnp.mean((out - y) ** 2)

  @jax.jit
  def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    params = jax.tree.map(lambda p, g: p - config.lr * g, params, grads)
    params = {k: jax.lax.with_sharding_constraint(v, logical_to_spec(config, *PARAM_LOGICAL_AXES[k]))
              for k, v in params.items()}
    return params, loss

  return train_step
