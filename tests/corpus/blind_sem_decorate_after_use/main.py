"""A notebook-style script: the loss is lowered once to inspect its HLO before the cell that
re-binds it to its data-parallel version runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


def data_parallel(fn):
    return jax.shard_map(fn, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())


def loss(w, x):
    return jax.lax.pmean(jnp.mean((x @ w) ** 2), "data")


w = jax.ShapeDtypeStruct((8, 8), jnp.float32)
x = jax.ShapeDtypeStruct((32, 8), jnp.float32)
print(jax.jit(loss).trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:200])

loss = data_parallel(loss)
jax.jit(loss).trace(w, x).lower(lowering_platforms=("cuda",))
