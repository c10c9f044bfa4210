import jax
import jax.numpy as jnp
from flax import nnx

import config
from model import LogicalMultiDotReluDot

mesh = jax.make_mesh(config.MESH_SHAPE, config.MESH_AXES)


def create_model(key):
  return LogicalMultiDotReluDot(128, 2, rngs=nnx.Rngs(key))


def loss_fn(model, x):
  return jnp.mean(model(x) ** 2)


@jax.jit
def init_and_eval(key, x):
  model = create_model(key)
  return loss_fn(model, x)


if __name__ == "__main__":
  with jax.set_mesh(mesh), nnx.logical_axis_rules(config.LOGICAL_AXIS_RULES):
    x = jnp.ones((8, 128))
    lowered = init_and_eval.trace(jax.random.key(0), x).lower(
        lowering_platforms=('cuda',))
    print(lowered.as_text()[:40])
