"""Two-stage pipeline forward, serialized with jax.export: the stage is jitted but the
shard_map was left out."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import export
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

N_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:N_STAGES]), ("stages",))
FWD = [(i, i + 1) for i in range(N_STAGES - 1)]


def stage_forward(w, x):
    h = jnp.tanh(x @ w)
    token = jax.lax.psend(h, "stages", FWD)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), "stages", FWD)


sharding = NamedSharding(mesh, P("stages"))
replicated = NamedSharding(mesh, P())
pipeline = jax.jit(stage_forward, in_shardings=(replicated, sharding), out_shardings=sharding)

w = jax.ShapeDtypeStruct((64, 64), jnp.float32)
x = jax.ShapeDtypeStruct((N_STAGES * 8, 64), jnp.float32)
exported = export.export(pipeline, platforms=["cuda"])(w, x)
print(exported.platforms, [a.shape for a in exported.out_avals])
