"""Per-axis reducers built with a list comprehension of lambdas: Python's late binding makes every
lambda use the last axis name ("model"), and reducer 0 runs under a shard_map over ("data",)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

AXES = ("data", "model")
reducers = [lambda x: jax.lax.psum(x, ax) for ax in AXES]

mesh = Mesh(np.array(jax.devices()), ("data",))
reduce_data = reducers[0]
f = jax.jit(jax.shard_map(reduce_data, mesh=mesh, in_specs=P("data"), out_specs=P()))
f.trace(jax.ShapeDtypeStruct((16,), jnp.float32)).lower(lowering_platforms=("cuda",))
