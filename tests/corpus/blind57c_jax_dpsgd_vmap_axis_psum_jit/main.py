from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

EXAMPLE = "example"
CLIP = 1.0


def loss_fn(params, x, y):
  pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
  return jnp.mean((pred - y) ** 2)


def clipped_grad(params, x, y):
  g = jax.grad(loss_fn)(params, x, y)
  norm = optax.global_norm(g)
  g = jax.tree.map(lambda t: t * jnp.minimum(1.0, CLIP / (norm + 1e-6)), g)
  # mean of the clipped per-example grads across the vmapped batch
  return jax.tree.map(partial(lax.pmean, axis_name=EXAMPLE), g)


def dp_grads(params, xb, yb):
  per_ex = jax.vmap(clipped_grad, in_axes=(None, 0, 0), axis_name=EXAMPLE)
  return jax.tree.map(lambda t: t[0], per_ex(params, xb, yb))


mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
opt = optax.sgd(1e-2)
replicated = NamedSharding(mesh, P())
batch_sharded = NamedSharding(mesh, P("data"))


@partial(jax.jit, in_shardings=(replicated, replicated, batch_sharded, batch_sharded))
def train_step(params, opt_state, xb, yb):
  grads = dp_grads(params, xb, yb)
  updates, opt_state = opt.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state


def main():
  params = {"w1": jnp.zeros((16, 32)), "w2": jnp.zeros((32, 1))}
  opt_state = opt.init(params)
  xb, yb = jnp.ones((64, 16)), jnp.ones((64, 1))
  train_step.trace(params, opt_state, xb, yb).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
