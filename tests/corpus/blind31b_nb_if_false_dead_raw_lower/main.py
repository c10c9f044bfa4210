# Exported from notebook: ring_attention_scratch.ipynb
# %%
import functools
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

DEBUG = False
AXIS = "sp"

devices = jax.devices()
mesh = Mesh(devices, (AXIS,))

# %%
def rotate(kv):
    n = jax.lax.axis_size(AXIS)
    return jax.lax.ppermute(kv, AXIS, [(i, (i + 1) % n) for i in range(n)])

def ring_scores(q, k):
    n = jax.lax.axis_size(AXIS)
    def body(i, carry):
        acc, k = carry
        acc = acc + jnp.einsum("qd,kd->q", q, k)
        return acc, rotate(k)
    acc0 = jnp.zeros_like(q[:, 0])
    acc, _ = jax.lax.fori_loop(0, n, body, (acc0, k))
    return acc

# %%
q = jnp.ones((16, 8), jnp.float32)
k = jnp.ones((16, 8), jnp.float32)

# %%
# turn on to look at the HLO of the per-device body
# DEBUG = True  (too noisy, left off)

# %%
if False:  # was: if DEBUG
    hlo = jax.jit(ring_scores).trace(q[:4], k[:4]).lower(lowering_platforms=("cuda",))
    print(hlo.as_text()[:200])

# %%
ring = jax.jit(jax.shard_map(ring_scores, mesh=mesh, in_specs=(P(AXIS), P(AXIS)), out_specs=P(AXIS)))
print(ring.trace(q, k).lower(lowering_platforms=("cuda",)).as_text()[:60])
