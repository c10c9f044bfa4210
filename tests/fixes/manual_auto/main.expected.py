from functools import partial

import jax
from jax.experimental import pallas as pl
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


@partial(shard_map, mesh=jax.make_mesh((2, 2), ("x", "y")), in_specs=P("x"), out_specs=P("x"))
def kernel_call(v):
    return pl.pallas_call(copy_kernel, out_shape=jax.ShapeDtypeStruct(v.shape, v.dtype))(v)


if __name__ == "__main__":
    jax.jit(kernel_call).trace(jax.ShapeDtypeStruct((8, 128), jax.numpy.float32)).lower(lowering_platforms=("tpu",))
