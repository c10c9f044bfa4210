import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

N_STAGES = 4
D = 32


class Stage(nnx.Module):

  def __init__(self, rngs):
    self.linear = nnx.Linear(D, D, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.linear(x))


@nnx.vmap(in_axes=0, out_axes=0)
def make_stages(key):
  return Stage(nnx.Rngs(key))


stages = make_stages(jax.random.split(jax.random.key(0), N_STAGES))
graphdef, state = nnx.split(stages)


def shift_perm(n):
  return [(i, min(i + 1, n - 1)) for i in range(n)]


def pipeline(state, microbatches):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  n = jax.lax.axis_size('stage')
  sid = jax.lax.axis_index('stage')

  def tick(h, mb):
    h = jnp.where(sid == 0, mb, h)
    out = stage(h)
    return jax.lax.ppermute(out, 'stage', shift_perm(n)), out

  h0 = jax.lax.pcast(jnp.zeros_like(microbatches[0]), 'stage', to='varying')
  _, outs = jax.lax.scan(tick, h0, microbatches)
  return outs


def main():
  mesh = Mesh(np.array(jax.devices()), ('stage',))
  fwd = jax.jit(jax.shard_map(pipeline, mesh=mesh, in_specs=(P('stage'), P()),
                              out_specs=P('stage')))
  mbs = jnp.ones((8, 4, D))
  fwd.trace(state, mbs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
