import jax
import jax.numpy as jnp

from nn.ffn import ffn
from utils.mesh import BATCH_SPEC, PARAM_SPECS, build_mesh, place

mesh = build_mesh(2, 2)
with jax.sharding.use_mesh(mesh):
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    params = place(mesh, {"w_in": jax.random.normal(k1, (64, 256)),
                          "w_out": jax.random.normal(k2, (256, 64))}, PARAM_SPECS)
    x = place(mesh, jnp.ones((16, 64)), BATCH_SPEC)
    step = jax.jit(ffn)
    print(step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
