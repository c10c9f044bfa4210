from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('batch', 'feats'))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, 'feats'), P('feats', None), P('feats')),
         out_specs=P(None, 'feat'))
def gemm_tp(inputs, W, b):
  block_result = jnp.dot(inputs, W)
  return jax.lax.psum_scatter(block_result, 'feats', scatter_dimension=1, tiled=True) + b


def predict_tp(params, inputs):
  for W, b in params:
    outputs = gemm_tp(inputs, W, b)
    inputs = jax.nn.relu(outputs)
  return outputs


params = [(jnp.ones((16, 16)), jnp.zeros(16)) for _ in range(3)]
jax.jit(predict_tp).trace(params, jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
