"""Sequence-parallel attention scores with nnx.shard_map: each device holds a slice of the
sequence, gathers every key, and the gathered keys' scores are returned as replicated."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.local_devices(), ('seq',))


class KeyProj(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.wk = nnx.Linear(d, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return self.wk(x)


@nnx.jit
def key_norms(proj, x):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('seq')), out_specs=P())
  def local(proj, x):
    keys = jax.lax.all_gather(proj(x), 'seq', axis=0, tiled=True)
    return jnp.linalg.norm(keys, axis=-1)
  return local(proj, x)


proj = KeyProj(32, rngs=nnx.Rngs(0))
x = jnp.ones((128, 32))
key_norms.trace(proj, x).lower(lowering_platforms=("cuda",))
