# Exported from notebook: pp_send_recv_demo.ipynb
# %%
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

N_STAGES = 4
mesh = jax.make_mesh((N_STAGES,), ("stage",))
FWD = [(i, i + 1) for i in range(N_STAGES - 1)]

def send_forward(h):
    tok = jax.lax.psend(h, "stage", FWD)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", FWD)

def forward(ws, x):
    w = ws[0]
    h = send_forward(jnp.tanh(x @ w))
    return jnp.tanh(h @ w)

forward = jax.shard_map(forward, mesh=mesh, in_specs=(P("stage"), P()),
                        out_specs=P("stage"), check_vma=False)

# %%
# forward lowers fine; now try the backward pass
def loss(ws, x):
    return jnp.sum(forward(ws, x) ** 2)

ws = jax.device_put(jnp.ones((N_STAGES, 16, 16)) * 0.1, jax.NamedSharding(mesh, P("stage")))
x = jnp.ones((8, 16))
print(jax.jit(forward).trace(ws, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
print(jax.jit(jax.grad(loss)).trace(ws, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
