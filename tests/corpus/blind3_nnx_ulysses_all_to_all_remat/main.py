import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from ulysses import Block

SP = 'sp'
mesh = Mesh(jax.devices(), (SP,))
blocks = nnx.List([Block(32, 8, sp_axis=SP, rngs=nnx.Rngs(i)) for i in range(2)])


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(None, SP)), out_specs=P(None, SP))
def forward(blocks, x):
  for block in blocks:
    x = nnx.remat(lambda b, h: b(h))(block, x)
  return x


x = jnp.ones((2, 16, 32))
forward.trace(blocks, x).lower(lowering_platforms=('tpu',))
