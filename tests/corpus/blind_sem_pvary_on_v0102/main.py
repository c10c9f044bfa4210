"""Ring attention accumulator marked varying with jax.lax.pvary (the 0.6-0.8 spelling), on JAX
0.10.2 where only jax.lax.pcast remains."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("seq",))
RIGHT = [(i, (i + 1) % 4) for i in range(4)]


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("seq"), P("seq"), P("seq")), out_specs=P("seq"))
def ring_attention(q, k, v):
    def step(carry, _):
        o, k, v = carry
        o = o + jax.nn.softmax(q @ k.T, axis=-1) @ v
        return (o, jax.lax.ppermute(k, "seq", RIGHT), jax.lax.ppermute(v, "seq", RIGHT)), None

    o0 = jax.lax.pvary(jnp.zeros_like(q), "seq")
    (o, _, _), _ = jax.lax.scan(step, (o0, k, v), None, length=4)
    return o


x = jax.ShapeDtypeStruct((64, 32), jnp.float32)
ring_attention.trace(x, x, x).lower(lowering_platforms=("cuda",))
