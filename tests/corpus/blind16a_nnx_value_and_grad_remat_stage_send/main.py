import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from pipe.p2p import send_to_next

N = 4
mesh = Mesh(np.array(jax.devices()), ('stage',))


class Stage(nnx.Module):

  def __init__(self, d, rngs):
    self.fc = nnx.Linear(d, d, rngs=rngs)
    self.ln = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.gelu(self.fc(self.ln(x)))


@nnx.remat
def stage_and_send(stage, h):
  return send_to_next(stage(h), 'stage', N)


def loss_fn(stage, x, y):
  h = x
  for _ in range(N - 1):
    h = stage_and_send(stage, h)
  out = stage(h)
  is_last = lax.axis_index('stage') == N - 1
  return jnp.where(is_last, jnp.mean((out - y) ** 2), 0.0)


def train_step(graphdef, state, x, y):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  loss, grads = nnx.value_and_grad(loss_fn)(stage, x, y)
  grads = jax.tree.map(lambda g: g[None], nnx.state(grads))
  return lax.psum(loss, 'stage'), grads


@nnx.split_rngs(splits=N)
@nnx.vmap(in_axes=0, out_axes=0)
def make(rngs):
  return Stage(64, rngs)


graphdef, state = nnx.split(make(nnx.Rngs(0)))
step = jax.jit(jax.shard_map(lambda s, x, y: train_step(graphdef, s, x, y), mesh=mesh,
                             in_specs=(P('stage'), P(), P()), out_specs=(P(), P('stage')),
                             check_vma=False))
x = jnp.ones((8, 64))
step.trace(state, x, x).lower(lowering_platforms=('cuda',))
