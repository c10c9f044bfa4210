# Exported from notebook: pp_send_recv_demo.ipynb
# %% [markdown]
# Minimal GPipe-style forward: each stage applies its layer then sends the
# activation to the next stage with psend/precv (GPU only).

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

# %%
def pipeline_step(ws, x):
    w = ws[0]
    h = stage_fn(w, x)
    h = send_forward(h)
    return stage_fn(w, h)

# %%
pipeline_step = jax.shard_map(pipeline_step, mesh=mesh,
                              in_specs=(P("stage"), P()), out_specs=P("stage"),
                              check_vma=False)

# %%
ws = jax.device_put(jnp.ones((N_STAGES, 16, 16)) * 0.1, jax.NamedSharding(mesh, P("stage")))
x = jnp.ones((8, 16))
print(jax.jit(pipeline_step).trace(ws, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
