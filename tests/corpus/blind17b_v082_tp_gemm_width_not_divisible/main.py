import argparse
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mylib.model import init, predict_tp
from mylib.parallel import build_mesh

parser = argparse.ArgumentParser()
parser.add_argument('--sizes', type=int, nargs='+', default=[784, 128, 90, 128, 8])
parser.add_argument('--batch', type=int, default=32)
parser.add_argument('--axis', default='feats')
args = parser.parse_args()

mesh = build_mesh(args.axis)


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(None, 'feats'), P('feats', None), P('feats')),
         out_specs=P(None, 'feats'))
def gemm_tp(inputs, W, b):
  block_result = jnp.dot(inputs, W)
  return jax.lax.psum_scatter(block_result, 'feats', scatter_dimension=1, tiled=True) + b


params = init(jax.random.key(0), args.sizes)
inputs = jnp.ones((args.batch, args.sizes[0]))
forward = jax.jit(partial(predict_tp, gemm=gemm_tp))
forward.trace(params, inputs).lower(lowering_platforms=('cuda',))
