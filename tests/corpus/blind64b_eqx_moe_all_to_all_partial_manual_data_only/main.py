import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from moe import Block
from train import make_train_step, optim


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "expert"))
  model = Block(64, key=jax.random.PRNGKey(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  train_step = make_train_step(mesh)
  params, static = eqx.partition(model, eqx.is_array)

  def step(params, opt_state, x, y):
    model, opt_state, loss = train_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(model, eqx.is_array), opt_state, loss

  x = jnp.zeros((128, 64))
  y = jnp.zeros((128, 64))
  jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
