import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from config import TRAIN


def loss_fn(model, x, y):
  return jnp.mean(optax.l2_loss(jax.vmap(model)(x), y))


@eqx.filter_jit
def train_step(model, opt_state, x, y, optim, data_sharding):
  x, y = eqx.filter_shard((x, y), data_sharding)
  grads = eqx.filter_grad(loss_fn)(model, x, y)
  updates, opt_state = optim.update(grads, opt_state)
  return eqx.apply_updates(model, updates), opt_state


def main():
  mesh = Mesh(np.array(jax.devices()), TRAIN["mesh_axes"])
  data_sharding = NamedSharding(mesh, P(TRAIN["batch_axis"]))
  optim = optax.adam(TRAIN["lr"])
  model = eqx.nn.MLP(8, 2, 32, 2, key=jr.key(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition((model, opt_state), eqx.is_array)

  def step(params, x, y):
    model, opt_state = eqx.combine(params, static)
    return eqx.filter(train_step(model, opt_state, x, y, optim, data_sharding), eqx.is_array)

  x = jnp.zeros((TRAIN["batch_size"], 8))
  y = jnp.zeros((TRAIN["batch_size"], 2))
  jax.jit(step).trace(params, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
