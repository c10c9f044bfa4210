"""A pipeline stage whose __call__ hands activations on with psend/precv; the module is closed
over by the function given to jax.shard_map, under jax.jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('pp',))
NEXT = [(0, 1), (1, 2), (2, 3)]


class Stage(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    h = jnp.tanh(self.linear(x))
    sent = jax.lax.psend(h, 'pp', NEXT)
    return jax.lax.precv(sent, jax.ShapeDtypeStruct(h.shape, h.dtype), 'pp', NEXT)


stage = Stage(32, rngs=nnx.Rngs(0))


@jax.jit
def step(x):
  return jax.shard_map(lambda x: stage(x), mesh=mesh, in_specs=P('pp'), out_specs=P('pp'))(x)


step.trace(jnp.ones((16, 32))).lower(lowering_platforms=("cuda",))
