import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()[:4]), ("data",))


def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


def add_one(x):
    return pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def run(x):
    return jax.shard_map(
        add_one,
        mesh=mesh,
        in_specs=P("data", None),
        out_specs=P("data", None),  # one block per device
    )(x)


if __name__ == "__main__":
    jax.jit(run).trace(jax.ShapeDtypeStruct((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
