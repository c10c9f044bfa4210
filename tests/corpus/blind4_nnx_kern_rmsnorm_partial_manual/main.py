import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from blocks import MLPBlock

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
block = MLPBlock(128, rngs=nnx.Rngs(0))


# Custom kernels are per-device code: run the block under shard_map over the batch axis only;
# `model` stays in auto mode so XLA can still shard the Linear layers.
@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'),
               axis_names={'data'}, check_vma=False)
def apply_block(block, x):
  return block(x)


x = jnp.ones((4, 16, 128))
apply_block.trace(block, x).lower(lowering_platforms=('tpu',))
