"""A stage whose number of microbatches is static: functools.partial(jax.jit, static_argnums=1),
with the mesh applied only through in_shardings."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


def send_microbatches(x, n_micro):
    chunks = jnp.split(x, n_micro)
    outs = []
    for c in chunks:
        tok = jax.lax.psend(c, "pp", PERM)
        outs.append(jax.lax.precv(tok, jax.ShapeDtypeStruct(c.shape, c.dtype), "pp", PERM))
    return jnp.concatenate(outs)


@partial(jax.jit, static_argnums=1, in_shardings=(NamedSharding(mesh, P("pp")),))
def pipeline(x, n_micro):
    return send_microbatches(x, n_micro)


pipeline.trace(jax.ShapeDtypeStruct((64, 32), jnp.float32), 4).lower(lowering_platforms=("cuda",))
