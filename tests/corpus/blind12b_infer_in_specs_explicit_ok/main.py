import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

K = 4


def sharded_topk(logits):
  vals, idx = jax.lax.top_k(logits, K)
  offset = jax.lax.axis_index('vocab') * logits.shape[-1]
  all_vals = jax.lax.all_gather(vals, 'vocab', axis=-1, tiled=True)
  all_idx = jax.lax.all_gather(idx + offset, 'vocab', axis=-1, tiled=True)
  best, pos = jax.lax.top_k(all_vals, K)
  return best, jnp.take_along_axis(all_idx, pos, axis=-1)


def main():
  mesh = jax.make_mesh((4,), ('vocab',), axis_types=(AxisType.Explicit,))
  with jax.set_mesh(mesh):
    logits = jax.device_put(jnp.zeros((2, 256)), P(None, 'vocab'))
    f = jax.jit(jax.shard_map(sharded_topk, out_specs=(P(None, 'vocab'), P(None, 'vocab'))))
    f.trace(logits).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
