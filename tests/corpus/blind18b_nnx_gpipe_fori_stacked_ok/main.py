import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
N_MICRO = 6


class Stage(nnx.Module):
  def __init__(self, d, *, rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.proj = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return x + jnp.tanh(self.proj(self.norm(x)))


@nnx.split_rngs(splits=N_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stages(rngs):
  return Stage(64, rngs=rngs)


def gpipe(graphdef, state, micro):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  idx = lax.axis_index('pp')
  fwd = [(i, i + 1) for i in range(N_STAGES - 1)]
  mb_shape = micro.shape[1:]

  def tick(t, carry):
    inbox, outs = carry
    feed = micro[jnp.minimum(t, N_MICRO - 1)]
    x = jnp.where(idx == 0, feed, inbox)
    y = stage(x)
    tok = lax.psend(y, 'pp', fwd)
    inbox = lax.precv(tok, jax.ShapeDtypeStruct(mb_shape, y.dtype), 'pp', fwd)
    slot = jnp.clip(t - (N_STAGES - 1), 0, N_MICRO - 1)
    outs = outs.at[slot].set(jnp.where(idx == N_STAGES - 1, y, outs[slot]))
    return inbox, outs

  init = (jnp.zeros(mb_shape, micro.dtype), jnp.zeros_like(micro))
  _, outs = lax.fori_loop(0, N_MICRO + N_STAGES - 1, tick, init)
  return lax.psum(jnp.where(idx == N_STAGES - 1, outs, 0.0), 'pp')


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('pp',))
  graphdef, state = nnx.split(make_stages(nnx.Rngs(0)))
  run = jax.jit(jax.shard_map(lambda s, m: gpipe(graphdef, s, m), mesh=mesh,
                              in_specs=(P('pp'), P()), out_specs=P(), check_vma=False))
  micro = jnp.ones((N_MICRO, 8, 64))
  run.trace(state, micro).lower(lowering_platforms=('cuda',))
