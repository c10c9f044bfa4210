"""Two-stage pipeline forward, serialized with jax.export for a CUDA deployment."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import export
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:N_STAGES]), ("stages",))
FWD = [(i, i + 1) for i in range(N_STAGES - 1)]


def stage_forward(w, x):
    h = jnp.tanh(x @ w)
    token = jax.lax.psend(h, "stages", FWD)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), "stages", FWD)


pipeline = jax.jit(
    jax.shard_map(stage_forward, mesh=mesh, in_specs=(P("stages"), P("stages")), out_specs=P("stages"))
)

w = jax.ShapeDtypeStruct((N_STAGES * 64, 64), jnp.float32)
x = jax.ShapeDtypeStruct((N_STAGES * 8, 64), jnp.float32)
exported = export.export(pipeline, platforms=["cuda"])(w, x)
print(exported.platforms, [a.shape for a in exported.out_avals])
