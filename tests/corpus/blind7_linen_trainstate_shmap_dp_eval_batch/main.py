import jax
import jax.numpy as jnp
from jax.sharding import Mesh

from train_lib import MLP, create_train_state, make_steps

TRAIN_BATCH = 64
EVAL_BATCH = 250
INPUT_DIM = 784


def main():
  mesh = Mesh(jax.devices(), ('batch',))
  state = create_train_state(jax.random.key(0), MLP(), INPUT_DIM, 1e-3)
  train_step, eval_step = make_steps(mesh)

  x = jnp.zeros((TRAIN_BATCH, INPUT_DIM))
  y = jnp.zeros((TRAIN_BATCH,), jnp.int32)
  train_step.trace(state, x, y, jax.random.key(1)).lower(lowering_platforms=('cuda',))

  ex = jnp.zeros((EVAL_BATCH, INPUT_DIM))
  ey = jnp.zeros((EVAL_BATCH,), jnp.int32)
  eval_step.trace(state, ex, ey).lower(lowering_platforms=('cuda',))


main()
