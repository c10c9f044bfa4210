"""Ring reduce-scatter with a varying accumulator: the zeros it starts from are made varying
over the ring axis through the compat shim, so the fori_loop carry type is stable."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

AXIS = "x"


def reduce_scatter(x):
    n = jax.lax.axis_size(AXIS)
    me = jax.lax.axis_index(AXIS)
    chunks = x.reshape(n, -1, x.shape[-1])
    perm = [(i, (i + 1) % n) for i in range(n)]

    def body(i, acc):
        acc = jax.lax.ppermute(acc, AXIS, perm)
        return acc + chunks[(me - i - 1) % n]

    acc = jnp.zeros_like(chunks[0])
    return jax.lax.fori_loop(0, n, body, acc)


mesh = Mesh(np.array(jax.devices()), (AXIS,))
f = jax.jit(jax.shard_map(reduce_scatter, mesh=mesh, in_specs=P(None), out_specs=P(AXIS)))
f.trace(jax.ShapeDtypeStruct((64, 128), jnp.float32)).lower(lowering_platforms=("cuda",))
