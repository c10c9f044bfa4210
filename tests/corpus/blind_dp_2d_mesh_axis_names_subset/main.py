"""2-D (data, model) mesh; the step is manual over `data` only (axis_names={"data"}) but also
reduces the loss over `model`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


def loss(w, x):
    l = jnp.mean((x @ w) ** 2)
    return jax.lax.pmean(l, ("data", "model"))


f = jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(P(), P("data")), out_specs=P(),
                          axis_names={"data"}))
f.trace(jax.ShapeDtypeStruct((16, 16), jnp.float32),
        jax.ShapeDtypeStruct((32, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
