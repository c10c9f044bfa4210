"""A stage whose number of microbatches is static: functools.partial(jax.jit, static_argnums=1)
around a shard_mapped function."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


def send_microbatches(x, n_micro):
    chunks = jnp.split(x, n_micro)
    outs = []
    for c in chunks:
        tok = jax.lax.psend(c, "pp", PERM)
        outs.append(jax.lax.precv(tok, jax.ShapeDtypeStruct(c.shape, c.dtype), "pp", PERM))
    return jnp.concatenate(outs)


@partial(jax.jit, static_argnums=1)
def pipeline(x, n_micro):
    body = partial(send_microbatches, n_micro=n_micro)
    return jax.shard_map(body, mesh=mesh, in_specs=P("pp"), out_specs=P("pp"))(x)


pipeline.trace(jax.ShapeDtypeStruct((64, 32), jnp.float32), 4).lower(lowering_platforms=("cuda",))
