"""A 2-D (data, model) mesh where the step is manual over every axis except `model`
(axis_names = set(mesh.axis_names) - {"model"}) and reduces over `data`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
AUTO = {"model"}
MANUAL = set(mesh.axis_names) - AUTO


def local_loss(w, x):
    return jax.lax.pmean(jnp.mean((x @ w) ** 2), "data")


f = jax.jit(jax.shard_map(local_loss, mesh=mesh, in_specs=(P(), P("data")), out_specs=P(),
                          axis_names=MANUAL))
f.trace(jax.ShapeDtypeStruct((16, 16), jnp.float32),
        jax.ShapeDtypeStruct((32, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
