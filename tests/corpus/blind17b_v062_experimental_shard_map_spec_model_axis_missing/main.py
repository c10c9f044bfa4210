from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

from mylib.parallel import mesh_for

mesh = mesh_for(jax.process_count())


def gemm(x, w):
  return jax.lax.psum(x @ w, 'model')


gemm_tp = shard_map(gemm, mesh, in_specs=(P('data', 'model'), P('model', None)),
                    out_specs=P('data', None))
gemm_tp = jax.jit(gemm_tp)
gemm_tp.trace(jnp.ones((16, 32)), jnp.ones((32, 8))).lower(lowering_platforms=('cuda',))
