import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

from halo import DATA_AXIS, SEQ_AXIS
from layers import ShardedDepthwiseConv

mesh = jax.make_mesh((2, 2), (DATA_AXIS, SEQ_AXIS), axis_types=(AxisType.Auto, AxisType.Auto))
conv = ShardedDepthwiseConv(256, kernel_size=7, num_shards=mesh.shape[SEQ_AXIS],
                            rngs=nnx.Rngs(0))

act_spec = P(DATA_AXIS, SEQ_AXIS, None)
forward = nnx.jit(nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), act_spec),
                                out_specs=act_spec, check_vma=False))

x = jax.ShapeDtypeStruct((16, 2048, 256), jnp.float32)
forward.trace(conv, x).lower(lowering_platforms=("tpu",))
