from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

L, D = 4, 128


class Block(nnx.Module):
  def __init__(self, *, rngs):
    self.w1 = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (D, 2 * D)))
    self.w2 = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (2 * D, D)))

  def __call__(self, x):
    w1 = jax.lax.all_gather(self.w1[...], "fsdp", axis=0, tiled=True)
    w2 = jax.lax.all_gather(self.w2[...], "fsdp", axis=0, tiled=True)
    return x + nnx.relu(x @ w1) @ w2


@nnx.split_rngs(splits=L)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_blocks(rngs):
  return Block(rngs=rngs)


def forward(blocks, x):
  @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
  @nnx.remat
  def body(x, block):
    return block(x)
  return body(x, blocks)


mesh = Mesh(np.array(jax.devices()), ("fsdp",))


@nnx.jit
def loss_and_grads(blocks, x):
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(None, "fsdp"), P("fsdp")),
           out_specs=(P(), P(None, "fsdp")))
  def inner(blocks, x):
    def loss_fn(blocks):
      return jnp.mean(forward(blocks, x) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(blocks)
    return jax.lax.pmean(loss, "fsdp"), grads
  return inner(blocks, x)


if __name__ == "__main__":
  blocks = make_blocks(nnx.Rngs(0))
  x = jnp.ones((16, D))
  loss_and_grads.trace(blocks, x).lower(lowering_platforms=("cuda",))
