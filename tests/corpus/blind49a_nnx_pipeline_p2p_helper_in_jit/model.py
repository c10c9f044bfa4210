import jax
from flax import nnx


class Stage(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return jax.nn.relu(self.linear(x))


def create_stages(num_stages, d, rngs):
  @nnx.split_rngs(splits=num_stages)
  @nnx.vmap(in_axes=(0,), out_axes=0)
  def create(rngs: nnx.Rngs):
    return Stage(d, rngs=rngs)
  return create(rngs)


def local_stage(stages):
  """Drop the size-1 stage axis of this device's shard (split/merge round trip)."""
  graphdef, state = nnx.split(stages)
  state = jax.tree.map(lambda a: a[0], state)
  return nnx.merge(graphdef, state)
