import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P
from jax import shard_map

SEQ = 'seq'


def pooled_attention(q, k):
  # q: [1, d] (replicated query), k: [seq/SEQ, d]
  k_full = jax.lax.all_gather(k, SEQ, axis=0, tiled=True)
  scores = jax.nn.softmax(q @ k_full.T, axis=-1)
  return scores @ k_full


def build(mesh):
  return jax.jit(shard_map(pooled_attention, mesh=mesh,
                           in_specs=(P(), P(SEQ, None)), out_specs=P()))


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), (SEQ,))
  fn = build(mesh)
  fn.trace(jnp.ones((1, 64)), jnp.ones((128, 64))).lower(lowering_platforms=('cuda',))
