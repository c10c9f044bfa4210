from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from params import init_mlp
from layers import forward

D_MODEL, D_FF, N_LAYERS, BATCH = 256, 1024, 2, 32


def loss_fn(layers, x, y):
  return jnp.mean((forward(layers, x) - y) ** 2)


@partial(jax.jit, donate_argnums=0)
def train_step(layers, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(layers, x, y)
  layers = jax.tree.map(lambda p, g: p - 1e-2 * g, layers, grads)
  return layers, loss


if __name__ == "__main__":
  mesh = jax.make_mesh((2, 2), ("data", "model"))
  jax.set_mesh(mesh)

  layers = jax.jit(init_mlp, static_argnums=(1, 2, 3))(jax.random.key(0), D_MODEL, D_FF, N_LAYERS)
  x = jax.ShapeDtypeStruct((BATCH, D_MODEL), jnp.float32,
                           sharding=jax.NamedSharding(mesh, P("data", None)))
  train_step.trace(layers, x, x).lower(lowering_platforms=("tpu",))
