"""An outer jitted train step calling an inner jitted pipeline that is shard_mapped."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


def shift(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


@jax.jit
def pipeline(x):
    return jax.shard_map(shift, mesh=mesh, in_specs=P("pp"), out_specs=P("pp"))(x)


@jax.jit
def train_step(w, x):
    h = x @ w
    return jnp.mean(pipeline(h) ** 2)


train_step.trace(jax.ShapeDtypeStruct((64, 64), jnp.float32),
                 jax.ShapeDtypeStruct((32, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
