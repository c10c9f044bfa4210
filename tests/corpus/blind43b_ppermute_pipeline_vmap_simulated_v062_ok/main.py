import jax
import jax.numpy as jnp

from pipe import AXIS, make_stage_loop

S, M, B, D = 4, 6, 2, 16
ws = jax.random.normal(jax.random.PRNGKey(0), (S, D, D)) / 4.0
xs = jnp.ones((M, B, D))

# simulate the S pipeline stages on a single device: vmap binds the axis name
simulate = jax.jit(jax.vmap(make_stage_loop(S, M), in_axes=(0, None), axis_name=AXIS))
print(simulate.trace(ws, xs).lower(lowering_platforms=('cuda',)).as_text()[:40])
