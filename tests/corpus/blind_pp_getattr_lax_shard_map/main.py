"""A schedule that looks its communication ops up by name (so a config can switch between
psend/precv and ppermute), run under shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

COMM = {"send": "psend", "recv": "precv"}
PERM = [(0, 1), (1, 2), (2, 3)]

send = getattr(jax.lax, COMM["send"])
recv = getattr(jax.lax, COMM["recv"])
mesh = Mesh(np.array(jax.devices()), ("pp",))


def step(x):
    tok = send(x * 2.0, "pp", PERM)
    return recv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


sharded = jax.shard_map(step, mesh=mesh, in_specs=P("pp"), out_specs=P("pp"))
jax.jit(sharded).trace(jax.ShapeDtypeStruct((32, 128), jnp.bfloat16)).lower(lowering_platforms=("cuda",))
