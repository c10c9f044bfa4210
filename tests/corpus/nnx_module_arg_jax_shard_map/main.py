"""A pooled embedding over the global batch: the NNX encoder is passed as an argument to the
function jax.shard_map maps over 'data', under jax.jit."""
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


def local(encoder, x):
  return encoder.pooled(x)


@jax.jit
def pooled(encoder, x):
  return jax.shard_map(local, mesh=mesh, in_specs=(P(), P('data')), out_specs=P())(encoder, x)


pooled.trace(encoder, x).lower(lowering_platforms=("cuda",))
