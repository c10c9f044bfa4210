import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

if hasattr(lax, "pvary"):
    vary = lax.pvary
else:
    def vary(x, axis_name):
        return lax.pcast(x, axis_name, to="varying")

mesh = Mesh(np.array(jax.devices()), ("x",))
N = 4


def matmul_allgather(lhs, rhs):
    # lhs: [m/N, k], rhs: [k, n/N]; out: [m, n/N] computed by rotating lhs blocks
    idx = lax.axis_index("x")
    perm = [(j, (j + 1) % N) for j in range(N)]
    out = vary(jnp.zeros((lhs.shape[0] * N, rhs.shape[1]), lhs.dtype), "x")

    def body(i, carry):
        out, blk = carry
        pos = (idx - i) % N
        out = lax.dynamic_update_slice_in_dim(out, blk @ rhs, pos * blk.shape[0], 0)
        return out, lax.ppermute(blk, "x", perm)

    out, _ = lax.fori_loop(0, N, body, (out, lhs))
    return out


f = jax.jit(jax.shard_map(matmul_allgather, mesh=mesh, in_specs=(P("x"), P(None, "x")), out_specs=P(None, "x")))
f.trace(jnp.ones((32, 16)), jnp.ones((16, 32))).lower(lowering_platforms=("cuda",))
