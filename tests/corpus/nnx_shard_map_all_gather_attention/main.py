"""Sequence-parallel attention with nnx.shard_map: each device keeps its queries, gathers every
key and value over `seq`, and returns its own rows of the output."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.local_devices(), ('seq',))


class Attention(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.wq = nnx.Linear(d, d, use_bias=False, rngs=rngs)
    self.wk = nnx.Linear(d, d, use_bias=False, rngs=rngs)
    self.wv = nnx.Linear(d, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    q = self.wq(x)
    k = jax.lax.all_gather(self.wk(x), 'seq', axis=0, tiled=True)
    v = jax.lax.all_gather(self.wv(x), 'seq', axis=0, tiled=True)
    weights = jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]), axis=-1)
    return weights @ v


@nnx.jit
def attend(attn, x):
  return nnx.shard_map(lambda a, x: a(x), mesh=mesh, in_specs=(P(), P('seq')),
                       out_specs=P('seq'))(attn, x)


attn = Attention(32, rngs=nnx.Rngs(0))
x = jnp.ones((128, 32))
attend.trace(attn, x).lower(lowering_platforms=("cuda",))
