"""nnx.cond picks between a ppermute exchange over 'ring' and a plain layer, under nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('ring',))
SHIFT = [(i, (i + 1) % 4) for i in range(4)]


class Mixer(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return self.linear(x)


def mix(model, x, exchange):
  """Optionally swap activations with the neighbouring device before the layer."""
  return nnx.cond(
      exchange,
      lambda m, x: m(jax.lax.ppermute(x, 'ring', SHIFT)),
      lambda m, x: m(x),
      model, x,
  )


model = Mixer(16, rngs=nnx.Rngs(0))
x = jnp.ones((16, 16))


nnx.jit(mix).trace(model, x, jnp.array(True)).lower(lowering_platforms=("cuda",))
