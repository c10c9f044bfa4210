import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


def get_config():
  parser = argparse.ArgumentParser(description="DP transformer-ish MLP with dropout")
  parser.add_argument("--dropout", type=float, default=0.1)
  parser.add_argument("--per_device_batch", type=int, default=8)
  parser.add_argument("--mesh_axis", default="dp")
  return parser.parse_args()


def apply_model(params, x, key, rate):
  h = jax.nn.gelu(x @ params["w_in"])
  keep = jax.random.bernoulli(key, 1.0 - rate, h.shape)
  h = jnp.where(keep, h / (1.0 - rate), 0.0)
  return h @ params["w_out"]


def train_step(params, batch, targets, key, *, rate, axis):
  # different dropout mask per device
  key = jax.random.fold_in(key, jax.lax.axis_index(axis))

  def loss_fn(p):
    return jnp.mean((apply_model(p, batch, key, rate) - targets) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, axis)
  new = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
  return new, jax.lax.pmean(loss, axis)


def main():
  cfg = get_config()
  mesh = Mesh(np.array(jax.devices()), (cfg.mesh_axis,))
  ax = cfg.mesh_axis
  step = jax.jit(
      jax.shard_map(
          functools.partial(train_step, rate=cfg.dropout, axis=ax),
          mesh=mesh,
          # (params, batch, targets)
          in_specs=(P(), P(ax), P(ax)),
          out_specs=(P(), P()),
      ))
  n = len(jax.devices()) * cfg.per_device_batch
  params = {"w_in": jnp.ones((32, 128)), "w_out": jnp.ones((128, 32))}
  batch = jnp.ones((n, 32))
  key = jax.random.key(42)
  step.trace(params, batch, batch, key).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
