import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

N_STAGES = 4
D = 32


class Stage(nnx.Module):

  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.tanh(self.linear(self.norm(x)))


@nnx.split_rngs(splits=N_STAGES)
@nnx.vmap(in_axes=0, out_axes=0)
def create_stages(rngs: nnx.Rngs):
  return Stage(D, rngs=rngs)


def send_next(x):
  perm = [(i, i + 1) for i in range(N_STAGES - 1)]
  tok = lax.psend(x, 'stage', perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), 'stage', perm)


@nnx.jit
def pipeline_forward(stages: Stage, x):
  # every device holds one row of the P('stage')-sharded stack
  graphdef, state = nnx.split(stages)
  local = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  h = x
  for _ in range(N_STAGES - 1):
    h = send_next(local(h))
  h = local(h)
  is_last = lax.axis_index('stage') == N_STAGES - 1
  return lax.psum(jnp.where(is_last, h, 0.0), 'stage')


mesh = Mesh(np.array(jax.devices()), ('stage',))
with jax.set_mesh(mesh):
  stages = create_stages(nnx.Rngs(0))
  state = nnx.state(stages)
  sharding = jax.tree.map(lambda _: NamedSharding(mesh, P('stage')), state)
  nnx.update(stages, jax.device_put(state, sharding))
  x = jnp.ones((4, D))
  pipeline_forward.trace(stages, x).lower(lowering_platforms=('cuda',))
