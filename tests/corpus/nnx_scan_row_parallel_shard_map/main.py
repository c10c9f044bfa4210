"""A stack of row-parallel layers run with nnx.scan inside nnx.shard_map over 'model'."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('model',))


class Block(nnx.Module):
  """A row-parallel layer: each device holds a slice of the input features."""

  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d // 4, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    i = jax.lax.axis_index('model')
    local = jax.lax.dynamic_slice_in_dim(x, i * (x.shape[-1] // 4), x.shape[-1] // 4, axis=-1)
    return nnx.relu(jax.lax.psum(self.linear(local), 'model'))


@nnx.vmap(in_axes=0, out_axes=0)
def create_blocks(rngs):
  return Block(64, rngs=rngs)


def forward(blocks, x):
  @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
  def body(x, block):
    return block(x)
  return body(x, blocks)


blocks = create_blocks(nnx.Rngs(0).fork(split=3))
x = jnp.ones((8, 64))


sharded = nnx.jit(nnx.shard_map(forward, mesh=mesh, in_specs=(P(), P()), out_specs=P()))
sharded.trace(blocks, x).lower(lowering_platforms=("cuda",))
