from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

NUM_LAYERS = 3
D = 64
TP = 4


class Block(nnx.Module):
  def __init__(self, d, tp, *, rngs: nnx.Rngs):
    # each device holds 1/tp of the hidden dimension
    self.up = nnx.Linear(d, 4 * d // tp, rngs=rngs)
    self.down = nnx.Linear(4 * d // tp, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(x))
    return x + jax.lax.psum(self.down(h), "model")


class MLPStack(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=NUM_LAYERS)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create_block(rngs: nnx.Rngs):
      return Block(D, TP, rngs=rngs)

    self.blocks = create_block(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def forward(x, block):
      return block(x)

    return forward(x, self.blocks)


mesh = Mesh(np.array(jax.devices()), ("model",))
model = MLPStack(rngs=nnx.Rngs(0))


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P()), out_specs=P())
def apply(model, x):
  return model(x)


if __name__ == "__main__":
  x = jnp.ones((8, D))
  apply.trace(model, x).lower(lowering_platforms=("cuda",))
