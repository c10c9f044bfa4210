import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from config import Config
import model
from parallel import zero


def make_train_step(cfg, mesh):
  axis = cfg.data_axis
  n = mesh.shape[axis]

  # check_vma=False: grads inside are per-device partial grads, reduced by hand below
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(axis), P(axis)),
                     out_specs=(P(), P()), check_vma=False)
  def train_step(params, x, labels):
    loss, grads = jax.value_and_grad(model.loss_fn)(params, x, labels)
    g_shards = zero.reduce_scatter(grads, axis, n)
    p_shards = zero.local_slice(params, axis, n)
    p_shards = jax.tree.map(
        lambda p, g: p - cfg.learning_rate * (g + cfg.weight_decay * p), p_shards, g_shards)
    params = zero.all_gather(p_shards, params, axis, n)
    return params, jax.lax.pmean(loss, axis)

  return jax.jit(train_step, donate_argnums=0)


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--batch_size", type=int, default=Config.batch_size)
  parser.add_argument("--lr", type=float, default=Config.learning_rate)
  args = parser.parse_args()
  cfg = Config(batch_size=args.batch_size, learning_rate=args.lr)

  mesh = Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axes)
  params = jax.eval_shape(functools.partial(model.init_params, layer_sizes=cfg.layer_sizes),
                          jax.random.key(0))
  x = jax.ShapeDtypeStruct((cfg.batch_size, cfg.layer_sizes[0]), jnp.float32)
  labels = jax.ShapeDtypeStruct((cfg.batch_size,), jnp.int32)

  step = make_train_step(cfg, mesh)
  step.trace(params, x, labels).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
