import argparse
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from model import Block, ModelConfig

parser = argparse.ArgumentParser()
parser.add_argument('--seq_axis', default='seq')
parser.add_argument('--d_model', type=int, default=32)
parser.add_argument('--chunk', type=int, default=8)
args = parser.parse_args()

mesh = Mesh(jax.devices(), (args.seq_axis,))
cfg = ModelConfig(d_model=args.d_model, sp_size=mesh.shape[args.seq_axis])
model = Block(cfg)

x = jnp.ones((2, args.chunk * cfg.sp_size, cfg.d_model))
shapes = jax.eval_shape(
    partial(jax.shard_map, mesh=mesh, in_specs=P(None, args.seq_axis), out_specs=P())(
        lambda x: model.init(jax.random.key(0), x)),
    x)
params = jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), shapes)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, args.seq_axis)),
         out_specs=P(None, args.seq_axis))
def forward(params, x):
  return model.apply(params, x)


print(forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:120])
