# Exported from notebook: pp_send_recv_demo.ipynb (run on the cluster image, jax 0.6)
# %%
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

N_STAGES = 4
mesh = Mesh(np.array(jax.devices()), ("stage",))
FWD = [(i, i + 1) for i in range(N_STAGES - 1)]

# %%
def send_forward(h):
    tok = jax.lax.psend(h, "stage", FWD)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", FWD)

@jax.jit
def pipeline_step(ws, x):
    def per_stage(ws, x):
        h = jnp.tanh(x @ ws[0])
        h = send_forward(h)
        return jnp.tanh(h @ ws[0])
    return jax.shard_map(per_stage, mesh=mesh, in_specs=(P("stage"), P()),
                         out_specs=P("stage"), check_vma=False)(ws, x)

# %%
ws = jnp.ones((N_STAGES, 16, 16)) * 0.1
x = jnp.ones((8, 16))
print(pipeline_step.trace(ws, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
