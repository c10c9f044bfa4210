import jax
import jax.numpy as jnp
from flax import nnx

from stages.comm import STAGE_AXIS, recv_prev, send_next


class Stage(nnx.Module):
  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.lin(x))


def make_stages(n, d):
  @nnx.split_rngs(splits=n)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def build(rngs):
    return Stage(d, rngs)
  return build(nnx.Rngs(0))


def pipeline_step(graphdef, state, microbatches, n_stages):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  me = jax.lax.axis_index(STAGE_AXIS)

  def tick(inbox, mb):
    x = jnp.where(me == 0, mb, inbox)
    y = stage(x)
    tok = send_next(y, n_stages)
    return recv_prev(tok, y, n_stages), y

  _, ys = jax.lax.scan(tick, jnp.zeros_like(microbatches[0]), microbatches)
  return ys[None]
