from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

L = 4  # stages
M = 8  # microbatches
mesh = Mesh(np.array(jax.devices()[:L]), ("pp",))


def stage_fn(w, x):
  return jnp.tanh(x @ w)


@partial(shard_map, mesh=mesh, in_specs=(P("pp"), P()), out_specs=P(), check_rep=False)
def spmd_pipeline(ws, xs):
  w = ws[0]
  stage = jax.lax.axis_index("pp")
  shift = [(i, (i + 1) % L) for i in range(L)]
  state = jnp.zeros_like(xs[0])
  outs = jnp.zeros_like(xs)

  def step(t, carry):
    state, outs = carry
    inp = jnp.where(stage == 0, xs[t % M], state)
    y = stage_fn(w, inp)
    outs = jnp.where((stage == L - 1) & (t >= L - 1),
                     outs.at[(t - L + 1) % M].set(y), outs)
    state = jax.lax.ppermute(y, "pp", shift)
    return state, outs

  _, outs = jax.lax.fori_loop(0, M + L - 1, step, (state, outs))
  return jax.lax.psum(outs, "pp")


def loss(ws, xs, ys):
  return jnp.mean((spmd_pipeline(ws, xs) - ys) ** 2)


grad_fn = jax.jit(jax.grad(loss))
ws = jnp.ones((L, 32, 32)) * 0.01
xs = jnp.ones((M, 4, 32))
print(grad_fn.trace(ws, xs, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
