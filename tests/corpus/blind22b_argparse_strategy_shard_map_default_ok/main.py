"""Data-parallel MLP training script with a --strategy flag (jit | shard_map)."""
import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def parse_args():
  p = argparse.ArgumentParser()
  p.add_argument("--strategy", choices=["jit", "shard_map"], default="shard_map")
  p.add_argument("--batch_size", type=int, default=32)
  p.add_argument("--lr", type=float, default=1e-2)
  p.add_argument("--hidden", type=int, default=64)
  return p.parse_args()


def init_params(key, din, dh, dout):
  k1, k2 = jax.random.split(key)
  return {
      "w1": jax.random.normal(k1, (din, dh)) * 0.02,
      "w2": jax.random.normal(k2, (dh, dout)) * 0.02,
  }


def loss_fn(params, x, y):
  h = jax.nn.relu(x @ params["w1"])
  return jnp.mean((h @ params["w2"] - y) ** 2)


def sgd_step(params, x, y, lr):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  # cross-replica average; the data axis is called "batch"
  grads = jax.lax.pmean(grads, "batch")
  loss = jax.lax.pmean(loss, "batch")
  params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
  return params, loss


def main(args):
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  params = init_params(jax.random.key(0), 16, args.hidden, 4)
  x = jnp.ones((args.batch_size, 16))
  y = jnp.zeros((args.batch_size, 4))

  if args.strategy == "shard_map":
    step = jax.jit(jax.shard_map(
        partial(sgd_step, lr=args.lr), mesh=mesh,
        in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P())))
  else:
    # "let XLA figure it out": shard the batch and jit the same step
    x = jax.device_put(x, NamedSharding(mesh, P("batch")))
    y = jax.device_put(y, NamedSharding(mesh, P("batch")))
    step = jax.jit(partial(sgd_step, lr=args.lr))

  lowered = step.trace(params, x, y).lower(lowering_platforms=("cuda",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main(parse_args())
