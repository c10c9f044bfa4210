import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("i",))


@jax.jit
def rms(x):
    ms = jax.lax.pmean(jnp.mean(x * x), "i")
    return x * jax.lax.rsqrt(ms + 1e-6)


def body(x):
    return x * 2


def run(x):
    y = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
    return rms(y)


ARGS = (jax.ShapeDtypeStruct((8, 16), jnp.float32),)
