"""Ring all-reduce by hand: reduce-scatter + all-gather phases with ppermute in a scan."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("ring",), axis_types=(jax.sharding.AxisType.Auto,))
N = 4


def ring_allreduce(x):
    # x: (N, chunk) local contributions, varying over 'ring'
    idx = lax.axis_index("ring")
    perm = [(j, (j + 1) % N) for j in range(N)]

    def rs_step(acc, i):
        send_chunk = (idx - i) % N
        piece = lax.dynamic_index_in_dim(acc, send_chunk, keepdims=False)
        recv = lax.ppermute(piece, "ring", perm)
        recv_chunk = (idx - i - 1) % N
        cur = lax.dynamic_index_in_dim(acc, recv_chunk, keepdims=False)
        acc = lax.dynamic_update_index_in_dim(acc, cur + recv, recv_chunk, 0)
        return acc, None

    acc, _ = lax.scan(rs_step, x, jnp.arange(N - 1))
    return acc


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"))
def allreduce_blocks(x):
    return ring_allreduce(x[0])[None]


if __name__ == "__main__":
    x = jax.ShapeDtypeStruct((N, N, 256), jnp.float32)
    allreduce_blocks.trace(x).lower(lowering_platforms=("tpu",))
