from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp

from comm import PP, shift_right

S = 4          # pipeline stages
M = 6          # microbatches
D = 64


@eqx.filter_vmap
def make_stages(key):
  return eqx.nn.MLP(D, D, width_size=4 * D, depth=1, activation=jax.nn.gelu, key=key)


stages = make_stages(jax.random.split(jax.random.key(0), S))
params, static = eqx.partition(stages, eqx.is_array)


# single-GPU simulation: one vmap lane per stage
@partial(eqx.filter_vmap, in_axes=(0, None), out_axes=0, axis_name=PP)
def pipeline_lanes(local, xs):
  stage = eqx.combine(local, static)
  idx = jax.lax.axis_index(PP)

  def tick(carry, t):
    state, out = carry
    feed = xs[jnp.minimum(t, M - 1)]
    inp = jnp.where(idx == 0, feed, state)
    y = jax.vmap(stage)(inp)
    done = jnp.where(idx == S - 1, y, jnp.zeros_like(y))
    out = out.at[jnp.clip(t - (S - 1), 0, M - 1)].add(done)
    state = shift_right(y, S)
    return (state, out), None

  (_, out), _ = jax.lax.scan(tick, (jnp.zeros_like(xs[0]), jnp.zeros_like(xs)),
                             jnp.arange(M + S - 1))
  return out


@jax.jit
def pipeline(params, xs):
  return pipeline_lanes(params, xs)[S - 1]


xs = jnp.ones((M, 8, D), jnp.float32)
print(pipeline.trace(params, xs).lower(lowering_platforms=('cuda',)).as_text()[:40])
