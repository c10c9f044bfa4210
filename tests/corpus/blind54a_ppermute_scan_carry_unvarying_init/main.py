"""Accumulate a value passed around the ring; carry initialised with zeros."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("ring",), axis_types=(jax.sharding.AxisType.Auto,))
N = 4


def ring_sum(block):
    perm = [(j, (j + 1) % N) for j in range(N)]

    def step(carry, _):
        acc, msg = carry
        msg = lax.ppermute(msg, "ring", perm)
        return (acc + msg, msg), None

    # accumulator starts from a fresh constant
    acc0 = jnp.zeros(block.shape[1:], block.dtype)
    (acc, _), _ = lax.scan(step, (acc0, block[0]), None, length=N - 1)
    return acc + block[0]


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"))
def ring_reduce(x):
    return ring_sum(x)[None]


if __name__ == "__main__":
    x = jax.ShapeDtypeStruct((N, 128), jnp.float32)
    ring_reduce.trace(x).lower(lowering_platforms=("tpu",))
