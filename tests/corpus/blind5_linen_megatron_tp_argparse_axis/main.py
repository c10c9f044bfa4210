import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import ParallelConfig, ParallelMLP

parser = argparse.ArgumentParser()
parser.add_argument('--dp', type=int, default=2)
parser.add_argument('--tp', type=int, default=2)
parser.add_argument('--tp_axis', default='model')
parser.add_argument('--hidden', type=int, default=64)
args = parser.parse_args()

MESH_AXES = ('data', 'tensor')
mesh = Mesh(np.array(jax.devices()).reshape(args.dp, args.tp), MESH_AXES)
cfg = ParallelConfig(tensor_axis=args.tp_axis, hidden=args.hidden)
mlp = ParallelMLP(cfg)

params = {'params': {
    'wi': {'kernel': jax.ShapeDtypeStruct((cfg.hidden, cfg.intermediate), jnp.float32)},
    'wo': {'kernel': jax.ShapeDtypeStruct((cfg.intermediate, cfg.hidden), jnp.float32)},
}}
param_specs = {'params': {'wi': {'kernel': P(None, 'tensor')}, 'wo': {'kernel': P('tensor', None)}}}


def loss_fn(params, x):
  y = mlp.apply(params, x)
  return jax.lax.pmean(jnp.mean(y ** 2), 'data')


step = jax.shard_map(jax.value_and_grad(loss_fn), mesh=mesh,
                     in_specs=(param_specs, P('data')), out_specs=(P(), param_specs))
x = jax.ShapeDtypeStruct((8, cfg.hidden), jnp.float32)
jax.jit(step).trace(params, x).lower(lowering_platforms=("cuda",))
