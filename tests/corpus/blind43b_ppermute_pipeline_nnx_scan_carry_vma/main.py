import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from stages import make_stages

S = jax.device_count()
M, B, D = 8, 4, 32
mesh = Mesh(jax.devices(), ('stage',))

graphdef, state = nnx.split(make_stages(S, D, jax.random.key(0)))
xs = jnp.ones((M, B, D), jnp.float32)


def gpipe(state, xs):
  stage_mod = nnx.merge(graphdef, jax.tree.map(lambda p: p[0], state))
  idx = lax.axis_index('stage')
  shift = [(i, (i + 1) % S) for i in range(S)]

  def tick(carry, t):
    act = jnp.where(idx == 0, xs[jnp.minimum(t, M - 1)], carry)
    out = stage_mod(act)
    done = jnp.where(idx == S - 1, out, jnp.zeros_like(out))
    return lax.ppermute(out, 'stage', shift), done

  _, outs = lax.scan(tick, jnp.zeros((B, D)), jnp.arange(M + S - 1))
  # only the last stage emitted real values; collect them everywhere
  return lax.psum(outs[S - 1:], 'stage')


run = jax.jit(jax.shard_map(gpipe, mesh=mesh, in_specs=(P('stage'), P()), out_specs=P()))
print(run.trace(state, xs).lower(lowering_platforms=('cuda',)).as_text()[:40])
