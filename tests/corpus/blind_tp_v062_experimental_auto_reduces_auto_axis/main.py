"""2-D (data, model) mesh, JAX 0.6.2: jax.experimental.shard_map manual over `model` only
(auto={"data"}), with the loss psum over both axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


def row_parallel(x, w):
    return jax.lax.psum(x @ w, ("model", "data"))


f = jax.jit(shard_map(row_parallel, mesh, in_specs=(P(None, "model"), P("model", None)),
                      out_specs=P(), check_rep=False, auto=frozenset({"data"})))
f.trace(jax.ShapeDtypeStruct((8, 512), jnp.float32),
        jax.ShapeDtypeStruct((512, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
