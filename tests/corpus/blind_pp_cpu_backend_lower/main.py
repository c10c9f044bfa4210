"""A pipeline test run on a CPU-only CI runner: the shard_mapped stage is lowered with the
plain `.lower(...)`, i.e. for the default (CPU) backend."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


def shift(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


f = jax.jit(jax.shard_map(shift, mesh=mesh, in_specs=P("pp"), out_specs=P("pp")))
print(f.lower(jax.ShapeDtypeStruct((16, 64), jnp.float32)).as_text()[:100])
