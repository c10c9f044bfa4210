import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from parallel import stacked_blocks, block_spec, TP

mesh = jax.sharding.Mesh(jax.devices(), (TP,))
blocks = stacked_blocks(4, 32, 128, nnx.Rngs(0))


@nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
@nnx.remat
def run_blocks(block, x):
  return block(x)


sharded_run_blocks = nnx.shard_map(
    run_blocks, mesh=mesh, in_specs=(block_spec, P()), out_specs=P())


@nnx.jit
def forward(blocks, x):
  return run_blocks(blocks, x).sum()


x = jnp.ones((8, 32))
print(forward.trace(blocks, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
