import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import ParallelConfig
from model import TokenShift

pcfg = ParallelConfig()
mesh = Mesh(np.array(jax.devices()).reshape(pcfg.mesh_shape), pcfg.mesh_axes)

layer = TokenShift(128, pcfg.seq_axis, rngs=nnx.Rngs(0))
act_spec = P(pcfg.data_axis, pcfg.seq_axis, None)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), act_spec), out_specs=act_spec, check_vma=False)
def apply(layer, x):
  return layer(x)


x = jax.ShapeDtypeStruct((2, 16, 128), jnp.float32)
apply.trace(layer, x).lower(lowering_platforms=("tpu",))
