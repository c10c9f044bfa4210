"""Pick a parallelism strategy by name from a registry of step builders."""
import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STEP_BUILDERS = {}


def register(name):
  def deco(fn):
    STEP_BUILDERS[name] = fn
    return fn
  return deco


def mlp_loss(ws, x):
  for w in ws:
    x = jnp.tanh(x @ w)
  return jnp.mean(x ** 2)


@register("dp")
def build_dp(mesh, axis):
  def step(ws, x):
    loss, g = jax.value_and_grad(mlp_loss)(ws, x)
    return lax.pmean(loss, axis), lax.pmean(g, axis)
  return jax.shard_map(step, mesh=mesh, in_specs=(P(), P(axis)), out_specs=(P(), P()))


@register("fsdp")
def build_fsdp(mesh, axis):
  def gather(w):
    return lax.all_gather(w, axis, axis=0, tiled=True)

  def step(ws, x):
    def loss_fn(ws_shard):
      return mlp_loss([gather(w) for w in ws_shard], x)
    loss, g = jax.value_and_grad(loss_fn)(ws)
    # grads of the shard: all_gather's transpose already did the reduce-scatter
    g = jax.tree.map(lambda gi: gi / lax.axis_size(axis), g)
    return lax.pmean(loss, axis), g
  return jax.shard_map(step, mesh=mesh, in_specs=(P(axis), P(axis)),
                       out_specs=(P(), P(axis)))


def parse():
  ap = argparse.ArgumentParser()
  ap.add_argument("--parallelism", default="fsdp", choices=sorted(STEP_BUILDERS))
  ap.add_argument("--axis", default="fsdp")
  ap.add_argument("--width", type=int, default=128)
  ap.add_argument("--depth", type=int, default=4)
  return ap.parse_args()


if __name__ == "__main__":
  args = parse()
  mesh = Mesh(np.array(jax.devices()), (args.axis,))
  step = jax.jit(STEP_BUILDERS[args.parallelism](mesh, args.axis))
  ws = [jnp.ones((args.width, args.width)) for _ in range(args.depth)]
  x = jnp.ones((32, args.width))
  step.trace(ws, x).lower(lowering_platforms=("cuda",))
