"""A pooled embedding over the global batch: the NNX encoder is passed to a jax.jit function
that calls its pmean-ing method on a batch sharded over 'data'."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('data',))


class Encoder(nnx.Module):
  def __init__(self, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(32, 32, rngs=rngs)
    self.norm = nnx.LayerNorm(32, rngs=rngs)

  def __call__(self, x):
    return self.norm(nnx.relu(self.linear(x)))

  def pooled(self, x):
    """Mean embedding over the whole global batch."""
    return jax.lax.pmean(self(x).mean(axis=0), 'data')


encoder = Encoder(rngs=nnx.Rngs(0))
x = jnp.ones((64, 32))


@jax.jit
def pooled(encoder, x):
  return encoder.pooled(x)


x = jax.device_put(x, jax.sharding.NamedSharding(mesh, P('data')))
pooled.trace(encoder, x).lower(lowering_platforms=("cuda",))
