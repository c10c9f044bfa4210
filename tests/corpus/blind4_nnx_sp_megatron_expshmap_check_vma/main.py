import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from megatron.sp_layers import SPStack

parser = argparse.ArgumentParser()
parser.add_argument('--dp-axis', default='dp')
parser.add_argument('--tp-axis', default='tp')
parser.add_argument('--dp', type=int, default=2)
parser.add_argument('--tp', type=int, default=2)
parser.add_argument('--depth', type=int, default=2)
args = parser.parse_args()

mesh = Mesh(np.array(jax.devices()[: args.dp * args.tp]).reshape(args.dp, args.tp),
            (args.dp_axis, args.tp_axis))

with jax.set_mesh(mesh):
  model = SPStack(args.depth, 64, 256, tp_axis=args.tp_axis, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)
state_specs = nnx.get_partition_spec(state)


def forward(state, x):
  return nnx.merge(graphdef, state)(x)


sp_forward = shard_map(forward, mesh,
                       in_specs=(state_specs, P(args.dp_axis, args.tp_axis)),
                       out_specs=P(args.dp_axis, args.tp_axis),
                       check_vma=False)  # renamed from check_rep in newer JAX


@jax.jit
def loss_and_grads(state, x):
  return jax.value_and_grad(lambda s: jnp.mean(sp_forward(s, x) ** 2))(state)


x = jnp.ones((4, 32, 64))
loss_and_grads.trace(state, x).lower(lowering_platforms=('cuda',))
