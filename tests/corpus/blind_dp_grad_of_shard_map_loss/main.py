"""jax.grad taken outside a shard_mapped loss whose per-device losses are pmean'ed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("dp",))


def local_loss(w, x):
    return jax.lax.pmean(jnp.mean((x @ w) ** 2), "dp")


global_loss = jax.shard_map(local_loss, mesh=mesh, in_specs=(P(), P("dp")), out_specs=P())
grad_fn = jax.jit(jax.grad(global_loss))
grad_fn.trace(jax.ShapeDtypeStruct((16, 16), jnp.float32),
              jax.ShapeDtypeStruct((64, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
