import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'stage'
N = 4


class Stage(nnx.Module):
  def __init__(self, rngs):
    self.dense = nnx.Linear(24, 24, rngs=rngs)

  def __call__(self, x):
    return nnx.silu(self.dense(x))


def shift(h):
  perm = [(i, i + 1) for i in range(N - 1)]
  tok = jax.lax.psend(h, AXIS, perm)
  return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), AXIS, perm)


def local_step(graphdef, state, x, y):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))

  def loss_fn(stage):
    h = x
    for _ in range(N - 1):
      h = shift(stage(h))
    out = stage(h)
    last = jax.lax.axis_index(AXIS) == N - 1
    return jax.lax.psum(jnp.where(last, jnp.mean((out - y) ** 2), 0.0), AXIS)

  loss, grads = nnx.value_and_grad(loss_fn)(stage)
  return loss, jax.tree.map(lambda g: g[None], nnx.state(grads))


@nnx.split_rngs(splits=N)
@nnx.vmap
def create(rngs):
  return Stage(rngs)


mesh = Mesh(np.array(jax.devices()), (AXIS,))
graphdef, state = nnx.split(create(nnx.Rngs(0)))
step = jax.jit(jax.shard_map(lambda s, x, y: local_step(graphdef, s, x, y), mesh=mesh,
                             in_specs=(P(AXIS), P(), P()), out_specs=(P(), P(AXIS)),
                             check_vma=False))
x = jnp.ones((8, 24))
step.trace(state, x, x).lower(lowering_platforms=('cuda',))
