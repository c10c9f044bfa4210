from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


NUM_DEVICES = jax.device_count()


def ring_perm(axis_size):
    # one hop to the right, for every device in the job
    return [(j % axis_size, (j + 1) % axis_size) for j in range(NUM_DEVICES)]


@partial(jax.shard_map, mesh=mesh, in_specs=(P("model", None), P(None, "model")),
         out_specs=P(None, "model"))
def collective_matmul_allgather_lhs_non_contracting(lhs, rhs):
    # lhs is the looped operand; rhs is the local operand
    axis_size = lax.axis_size("model")
    idx = lax.axis_index("model")
    chunk_size = lhs.shape[0]
    shift = partial(lax.ppermute, axis_name="model", perm=ring_perm(axis_size))

    out = jnp.zeros((chunk_size * axis_size, rhs.shape[1]), dtype=rhs.dtype)
    out = lax.dynamic_update_slice(out, lhs @ rhs, (idx * chunk_size, 0))

    def body(i, carry):
        out, lhs = carry
        update_idx = (idx - i) % axis_size
        lhs = shift(lhs)
        out = lax.dynamic_update_slice(out, lhs @ rhs, (update_idx * chunk_size, 0))
        return out, lhs

    out, _ = lax.fori_loop(1, axis_size, body, (out, lhs))
    return out


lhs = jax.device_put(jnp.ones((64, 32), jnp.float32), NamedSharding(mesh, P("model", None)))
rhs = jax.device_put(jnp.ones((32, 128), jnp.float32), NamedSharding(mesh, P(None, "model")))
f = jax.jit(collective_matmul_allgather_lhs_non_contracting)
print(f.trace(lhs, rhs).lower(lowering_platforms=("cuda",)).as_text()[:40])
