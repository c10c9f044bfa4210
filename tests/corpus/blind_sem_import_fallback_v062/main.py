"""The usual compatibility import (`from jax import shard_map`, falling back to
jax.experimental.shard_map) with the new keyword check_vma=False, on JAX 0.6.2."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

try:
    from jax import shard_map
except ImportError:
    from jax.experimental.shard_map import shard_map

mesh = Mesh(np.array(jax.devices()), ("x",))


def allgather_matmul(x, w):
    full = jax.lax.all_gather(x, "x", tiled=True)
    return full @ w


f = jax.jit(shard_map(allgather_matmul, mesh=mesh, in_specs=(P("x"), P(None, "x")), out_specs=P(None, "x"),
                      check_vma=False))
f.trace(jax.ShapeDtypeStruct((32, 64), jnp.float32),
        jax.ShapeDtypeStruct((64, 128), jnp.float32)).lower(lowering_platforms=("cuda",))
