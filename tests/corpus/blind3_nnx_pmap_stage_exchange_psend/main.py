import functools

import jax
import jax.numpy as jnp
from flax import nnx

from exchange import pass_to_next

N = jax.local_device_count()


class Stage(nnx.Module):
  def __init__(self, dim, rngs):
    self.fc = nnx.Linear(dim, dim, rngs=rngs)

  def __call__(self, x):
    return nnx.tanh(self.fc(x))


@nnx.split_rngs(splits=N)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stages(rngs):
  return Stage(8, rngs)


@functools.partial(nnx.pmap, axis_name='stage', in_axes=(0, 0), out_axes=0)
def forward(stage, x):
  for _ in range(N - 1):
    x = pass_to_next(stage(x), axis_name='stage', n=N)
  return stage(x)


stages = make_stages(nnx.Rngs(0))
xs = jnp.ones((N, 4, 8))
nnx.jit(forward).trace(stages, xs).lower(lowering_platforms=('cuda',))
