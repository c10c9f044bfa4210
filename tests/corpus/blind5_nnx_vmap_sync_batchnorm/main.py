import jax.numpy as jnp
from flax import nnx

from net import Block

AXIS = 'examples'

model = Block(6, stats_axis=AXIS, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, xs):
  per_example = nnx.vmap(lambda m, x: m(x[None])[0], in_axes=(None, 0), axis_name=AXIS)
  return per_example(model, xs)


forward.trace(model, jnp.ones((5, 6))).lower(lowering_platforms=('cuda',))
