import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(4, 1), ("data", "model"))

LR = 0.05


def train_step(state, batch):
  params, momentum = state
  x, y = batch

  def loss_fn(p):
    return jnp.mean(optax_like_l2(x @ p["w"] + p["b"], y))

  loss, g = jax.value_and_grad(loss_fn)(params)
  g = jax.lax.pmean(g, "data")
  momentum = jax.tree.map(lambda m, gi: 0.9 * m + gi, momentum, g)
  params = jax.tree.map(lambda p, m: p - LR * m, params, momentum)
  return (params, momentum), {"loss": jax.lax.pmean(loss, "data")}


def optax_like_l2(pred, y):
  return 0.5 * (pred - y) ** 2


# step 1: give it a mesh
train_step = jax.shard_map(
    train_step,
    mesh=mesh,
    in_specs=(P(), (P("data"), P("data"))),
    out_specs=(P(), {"loss": P()}),
)
# step 2: checkpoint the whole thing to save activations memory
train_step = jax.checkpoint(train_step)
# step 3: jit with donation of the optimizer state
train_step = jax.jit(train_step, donate_argnums=0)


if __name__ == "__main__":
  params = {"w": jnp.zeros((20, 3)), "b": jnp.zeros((3,))}
  state = (params, jax.tree.map(jnp.zeros_like, params))
  batch = (jnp.ones((64, 20)), jnp.ones((64, 3)))
  lowered = train_step.trace(state, batch).lower(lowering_platforms=("cuda",))
