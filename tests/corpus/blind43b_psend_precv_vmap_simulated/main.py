import jax
import jax.numpy as jnp

from p2p import AXIS, forward_edge

S, B, D = 4, 8, 32
ws = jnp.ones((S, D, D), jnp.float32)
x = jnp.ones((S, B, D), jnp.float32)


def stage(w, h):
  h = jnp.tanh(h @ w)
  return forward_edge(h, S)


# one device, S simulated stages
sim = jax.jit(jax.vmap(stage, axis_name=AXIS))
print(sim.trace(ws, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
