import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("data",))


def scale_kernel(x_ref, o_ref, *, alpha):
    o_ref[...] = x_ref[...] * alpha


def scale(x, alpha=2.0):
    return pl.pallas_call(
        functools.partial(scale_kernel, alpha=alpha),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 8,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    )(x)


def run(x):
    return scale(x)


ARGS = (jax.ShapeDtypeStruct((64, 128), jnp.float32, sharding=NamedSharding(mesh, P("data"))),)
