import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import gpipe_forward
from stage import Stage


def get_args():
  p = argparse.ArgumentParser()
  p.add_argument("--stages", type=int, default=4)
  p.add_argument("--microbatches", type=int, default=8)
  p.add_argument("--width", type=int, default=64)
  p.add_argument("--lr", type=float, default=0.01)
  return p.parse_args()


def main():
  args = get_args()
  mesh = Mesh(np.array(jax.devices()[: args.stages]), ("stage",))
  stage = Stage(args.width)
  keys = jax.random.split(jax.random.PRNGKey(0), args.stages)
  params = jax.vmap(lambda k: stage.init(k, jnp.ones((4, args.width)))["params"])(keys)

  def loss_fn(params, xs, ys):
    local = jax.tree.map(lambda a: a[0], params)
    outs = gpipe_forward(lambda p, x: stage.apply({"params": p}, x), local, xs,
                         args.stages, "stage")
    last = lax.axis_index("stage") == args.stages - 1
    return lax.psum(jnp.where(last, jnp.mean((outs - ys) ** 2), 0.0), "stage")

  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P(), P()),
                     out_specs=(P("stage"), P()))
  def sgd_step(params, xs, ys):
    loss, grads = jax.value_and_grad(loss_fn)(params, xs, ys)
    return jax.tree.map(lambda p, g: p - args.lr * g, params, grads), loss

  xs = jnp.ones((args.microbatches, 4, args.width))
  jax.jit(sgd_step).trace(params, xs, xs).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
