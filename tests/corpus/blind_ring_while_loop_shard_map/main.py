"""Ring rotation until a convergence flag: ppermute inside lax.while_loop, inside shard_map
(check_vma=False: the loop predicate is per-device)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N = 4
RIGHT = [(i, (i + 1) % N) for i in range(N)]
mesh = Mesh(np.array(jax.devices()[:N]), ("ring",))


def rotate_until(x):
    def cond(state):
        i, buf = state
        return (i < N) & (jnp.max(jnp.abs(buf)) > 1e-3)

    def body(state):
        i, buf = state
        return i + 1, jax.lax.ppermute(buf, "ring", RIGHT) * 0.5

    _, out = jax.lax.while_loop(cond, body, (0, x))
    return out


f = jax.jit(jax.shard_map(rotate_until, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"), check_vma=False))
f.trace(jax.ShapeDtypeStruct((16,), jnp.float32)).lower(lowering_platforms=("cuda",))
