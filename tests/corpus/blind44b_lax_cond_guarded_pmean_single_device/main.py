import dataclasses

import jax
import jax.numpy as jnp
from jax import lax


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  distributed: bool = False
  axis_name: str = "data"
  learning_rate: float = 3e-3


config = TrainConfig()


def loss_fn(params, x, y):
  logits = x @ params["w"] + params["b"]
  return jnp.mean(jax.nn.softplus(-y * logits))


def train_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  sync = lambda t: lax.pmean(t, config.axis_name)
  grads, loss = lax.cond(config.distributed, sync, lambda t: t, (grads, loss))
  params = jax.tree.map(lambda p, g: p - config.learning_rate * g, params, grads)
  return params, loss


params = {"w": jnp.zeros((20, 1)), "b": jnp.zeros((1,))}
x, y = jnp.ones((64, 20)), jnp.ones((64, 1))
print(jax.jit(train_step).trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
