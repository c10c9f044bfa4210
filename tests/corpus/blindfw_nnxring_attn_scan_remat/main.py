"""A stack of ring-attention blocks, created with nnx.vmap and applied with nnx.scan over
nnx.remat, run sequence-parallel under nnx.shard_map (the sequence axis split over `sp`)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from ring import Block

NUM_LAYERS = 3
mesh = Mesh(jax.devices(), ('sp',))


@nnx.split_rngs(splits=NUM_LAYERS)
@nnx.vmap(in_axes=0, out_axes=0)
def create_blocks(rngs: nnx.Rngs):
  return Block(32, axis_name='sp', rngs=rngs)


def apply_blocks(blocks, x):
  @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
  @nnx.remat
  def forward(x, block):
    return block(x)
  return forward(x, blocks)


blocks = create_blocks(nnx.Rngs(0))
run = nnx.jit(nnx.shard_map(apply_blocks, mesh=mesh, in_specs=(P(), P(None, 'sp')),
                            out_specs=P(None, 'sp')))
run.trace(blocks, jnp.ones((2, 64, 32))).lower(lowering_platforms=("cuda",))
