import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH = Mesh(np.array(jax.devices()[:4]), ("pp",))


def spmd(in_specs, out_specs, mesh=MESH):
    def wrap(fn):
        return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
    return wrap


@spmd(in_specs=P("pp"), out_specs=P("pp"))
def send_down(x):
    perm = [(0, 1), (1, 2), (2, 3)]
    tok = jax.lax.psend(x, "pp", perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", perm)


def run(x):
    return send_down(x)


ARGS = (jax.ShapeDtypeStruct((8, 128), jnp.float32),)
