import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

from model import Regressor
from train import AXIS, make_step


def main():
  mesh = Mesh(np.array(jax.devices()), axis_names=(AXIS,))
  model = Regressor(12, 64, 3, key=jax.random.key(42))
  params, static = eqx.partition(model, eqx.is_inexact_array)
  tx = optax.chain(optax.clip_by_global_norm(1.0), optax.sgd(1e-2, momentum=0.9))
  opt_state = tx.init(params)
  step = make_step(static, tx, mesh)
  x = jax.ShapeDtypeStruct((256, 12), jnp.float32)
  y = jax.ShapeDtypeStruct((256,), jnp.float32)
  step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
