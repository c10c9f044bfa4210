"""A circular pipeline: nnx.scan over microbatches, activations passed on with ppermute, all
under nnx.shard_map over 'stage'."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

N = 4
mesh = jax.sharding.Mesh(jax.devices()[:N], ('stage',))
RIGHT = [(i, (i + 1) % N) for i in range(N)]


class Stage(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return nnx.gelu(self.linear(x))


def pipeline(stage, microbatches):
  """Each device applies its stage, then hands its activations to the next device."""
  @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
  def tick(stage, h, mb):
    h = stage(h + mb)
    return jax.lax.ppermute(h, 'stage', RIGHT), h
  _, outs = tick(stage, jnp.zeros_like(microbatches[0]), microbatches)
  return outs


stage = Stage(32, rngs=nnx.Rngs(0))
microbatches = jnp.ones((N, 8, 32))


run = nnx.jit(nnx.shard_map(pipeline, mesh=mesh, in_specs=(P(), P(None, 'stage')),
                            out_specs=P(None, 'stage')))
run.trace(stage, microbatches).lower(lowering_platforms=("cuda",))
