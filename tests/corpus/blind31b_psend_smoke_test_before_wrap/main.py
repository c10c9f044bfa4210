# Exported from notebook: pp_send_recv_demo.ipynb
# %%
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

N_STAGES = 4
mesh = jax.make_mesh((N_STAGES,), ("stage",), axis_types=(jax.sharding.AxisType.Explicit,))
FWD = [(i, i + 1) for i in range(N_STAGES - 1)]

# %%
def stage_fn(w, h):
    return jnp.tanh(h @ w)

def send_forward(h):
    tok = jax.lax.psend(h, "stage", FWD)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", FWD)

def pipeline_step(ws, x):
    w = ws[0]
    h = stage_fn(w, x)
    h = send_forward(h)
    return stage_fn(w, h)

# %%
# quick shape check on one stage's weights before wiring up the mesh
ws_one = jnp.ones((1, 16, 16)) * 0.1
x = jnp.ones((8, 16))
print(jax.jit(pipeline_step).trace(ws_one, x).lower(lowering_platforms=("cuda",)).as_text()[:60])

# %%
pipeline_step = jax.shard_map(pipeline_step, mesh=mesh,
                              in_specs=(P("stage"), P()), out_specs=P("stage"),
                              check_vma=False)
ws = jax.device_put(jnp.ones((N_STAGES, 16, 16)) * 0.1, jax.NamedSharding(mesh, P("stage")))
print(jax.jit(pipeline_step).trace(ws, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
