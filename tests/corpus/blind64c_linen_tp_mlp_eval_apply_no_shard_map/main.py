import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from model import MLPBlock
import train


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  model = MLPBlock(hidden=256, out=64)
  rng = jax.random.key(0)
  x = jax.ShapeDtypeStruct((16, 64), jnp.float32)
  y = jax.ShapeDtypeStruct((16, 64), jnp.float32)

  init = train.make_init(model, mesh)
  variables = jax.eval_shape(init, rng, x)

  train_step = train.make_train_step(model, mesh)
  train_step.trace(variables, x, y).lower(lowering_platforms=('tpu',))

  eval_step = train.make_eval_step(model, mesh)
  eval_step.trace(variables, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
