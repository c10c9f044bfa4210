import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding

import layers as L

mesh = jax.make_mesh((2, 2), (L.BATCH, L.MLP))
jax.set_mesh(mesh)

x = jax.device_put(jnp.ones((4, 16, 32)), P(L.BATCH, None, None))
w_in = jax.device_put(jnp.ones((32, 64)), P(None, L.MLP))
w_out = jax.device_put(jnp.ones((64, 32)), P(L.MLP, None))

step = jax.jit(L.mlp_block)
lowered = step.trace(x, w_in, w_out).lower(lowering_platforms=("cuda",))
print(jax.typeof(x).sharding.spec, "lowered")
