import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from train import build_train_step, optim


def main():
  mesh = Mesh(np.array(jax.devices()), ("data",))
  model = eqx.nn.MLP(in_size=32, out_size=8, width_size=128, depth=3,
                     key=jax.random.PRNGKey(0))
  params, static = eqx.partition(model, eqx.is_array)
  opt_state = optim.init(params)
  train_step = build_train_step(static, mesh)
  x = jax.ShapeDtypeStruct((256, 32), jnp.float32)
  y = jax.ShapeDtypeStruct((256, 8), jnp.float32)
  train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
