import argparse

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from comm import send_forward
from stages import make_stages

parser = argparse.ArgumentParser()
parser.add_argument("--stages", type=int, default=4)
parser.add_argument("--width", type=int, default=96)
parser.add_argument("--lr", type=float, default=1e-3)
args = parser.parse_args()

mesh = Mesh(np.array(jax.devices()[: args.stages]), ("pipe",))
stages = make_stages(args.width, args.stages, jax.random.key(0))
params, static = eqx.partition(stages, eqx.is_array)
optim = optax.adam(args.lr)
opt_state = jax.vmap(optim.init)(params)


def pipeline_loss(params, x, y):
  stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
  run = eqx.filter_checkpoint(stage)
  h = run(x)
  for _ in range(args.stages - 1):
    h = run(send_forward(h, "pipe", args.stages))
  last = lax.axis_index("pipe") == args.stages - 1
  return lax.psum(jnp.where(last, jnp.mean((h - y) ** 2), 0.0), "pipe")


def train_step(params, opt_state, x, y):
  loss, grads = eqx.filter_value_and_grad(pipeline_loss)(params, x, y)
  updates, opt_state = optim.update(grads, opt_state, params)
  return eqx.apply_updates(params, updates), opt_state, loss


step = eqx.filter_jit(jax.shard_map(train_step, mesh=mesh,
                                    in_specs=(P("pipe"), P("pipe"), P(), P()),
                                    out_specs=(P("pipe"), P("pipe"), P())))
x = jnp.ones((8, args.width))
jax.jit(lambda p, o, x, y: step(p, o, x, y)).trace(params, opt_state, x, x).lower(
    lowering_platforms=("cuda",))
