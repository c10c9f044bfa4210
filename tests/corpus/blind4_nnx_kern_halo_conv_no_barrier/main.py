import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from conv import RecurrentBlock

SEQ = 'seq'
mesh = Mesh(jax.devices(), (SEQ,))
block = RecurrentBlock(128, axis_name=SEQ, num_devices=len(jax.devices()), rngs=nnx.Rngs(0))

step = nnx.shard_map(lambda b, x: b(x), mesh=mesh, in_specs=(P(), P(None, SEQ)),
                     out_specs=P(None, SEQ), check_vma=False)
step = nnx.jit(step)

x = jnp.ones((2, 64, 128))
step.trace(block, x).lower(lowering_platforms=('tpu',))
