"""Row-parallel matmul with the top-level jax.shard_map (check_vma=False), on JAX 0.6.2."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("model",))


def row_parallel(x, w):
    return jax.lax.psum(x @ w, "model")


f = jax.jit(jax.shard_map(row_parallel, mesh=mesh, in_specs=(P(None, "model"), P("model", None)),
                          out_specs=P(), check_vma=False))
f.trace(jax.ShapeDtypeStruct((8, 512), jnp.float32),
        jax.ShapeDtypeStruct((512, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
