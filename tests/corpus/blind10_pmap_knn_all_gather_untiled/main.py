import functools

import jax
import jax.numpy as jnp
from jax import lax

K = 5


@functools.partial(jax.pmap, axis_name='shard', in_axes=(None, 0, 0))
def sharded_knn(queries, db_shard, ids_shard):
  scores = queries @ db_shard.T                       # [q, n_local]
  local_scores, local_idx = lax.top_k(scores, K)
  local_ids = ids_shard[local_idx]
  all_scores = lax.all_gather(local_scores, 'shard')  # [n_dev, q, K]
  all_ids = lax.all_gather(local_ids, 'shard')
  all_scores = jnp.moveaxis(all_scores, 0, 1).reshape(queries.shape[0], -1)
  all_ids = jnp.moveaxis(all_ids, 0, 1).reshape(queries.shape[0], -1)
  best, pos = lax.top_k(all_scores, K)
  return best, jnp.take_along_axis(all_ids, pos, axis=1)


def main():
  n = jax.local_device_count()
  db = jnp.ones((n, 64, 32))
  ids = jnp.arange(n * 64).reshape(n, 64)
  queries = jnp.ones((3, 32))
  jax.jit(sharded_knn).trace(queries, db, ids).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
