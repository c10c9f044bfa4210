import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from sp import EncoderBlock, sequence_parallel
from sp.block import SEQ

mesh = Mesh(np.array(jax.devices()), (SEQ,))
block = EncoderBlock(dim=64)


def init_params(key, x):
  # Initialise once with the full sequence on every device.
  init = jax.shard_map(lambda x: block.init(key, x)["params"], mesh=mesh,
                       in_specs=P(), out_specs=P())
  return init(x)


from jax.sharding import PartitionSpec as P  # noqa: E402

params = init_params(jax.random.key(0), jnp.ones((1, 16, 64)))
fwd = sequence_parallel(block, mesh)
fwd.trace(params, jnp.ones((2, 128, 64))).lower(lowering_platforms=("cuda",))
