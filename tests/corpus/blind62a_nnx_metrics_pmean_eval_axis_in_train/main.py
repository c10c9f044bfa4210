import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

from model import MLP
from steps import make_eval_step, make_train_step


def main():
  train_mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
  eval_mesh = jax.make_mesh((4,), ('batch',), axis_types=(AxisType.Auto,))

  model = MLP(64, 256, 10, rngs=nnx.Rngs(0))
  graphdef, state = nnx.split(model)

  x = jnp.zeros((32, 64), jnp.float32)
  y = jnp.zeros((32,), jnp.int32)

  eval_step = make_eval_step(graphdef, eval_mesh)
  eval_step.trace(state, x, y).lower(lowering_platforms=('tpu',))

  train_step = make_train_step(graphdef, train_mesh)
  train_step.trace(state, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
