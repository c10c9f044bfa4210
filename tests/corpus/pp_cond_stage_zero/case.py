import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("stage",))
FWD = [(0, 1), (1, 2), (2, 3)]


def first(x):
    return x


def later(x):
    tok = lax.psend(x, "stage", FWD)
    return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "stage", FWD)


def step(x):
    return lax.cond(x.sum() > 0, later, first, x)


def run(x):
    return jax.shard_map(step, mesh=mesh, in_specs=P("stage"), out_specs=P("stage"), check_vma=False)(x)


ARGS = (jax.ShapeDtypeStruct((4, 16), jnp.float32),)
