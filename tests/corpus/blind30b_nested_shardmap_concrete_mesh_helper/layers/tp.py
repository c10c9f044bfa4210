"""Tensor-parallel matmul helper with its own shard_map over the 'model' axis."""
from functools import partial

import jax
from jax.sharding import PartitionSpec as P


def tp_matmul(mesh, x, w):
    @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, 'model')),
             out_specs=P(None, 'model'), axis_names={'model'})
    def _mm(x, w):
        return x @ w
    return _mm(x, w)
