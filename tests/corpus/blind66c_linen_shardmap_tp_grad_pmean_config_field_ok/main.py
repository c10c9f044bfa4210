import argparse
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

from config import get_config
from models import Model
import sharding


def build(cfg, tp_size, tp_axis=None):
  m = cfg.model
  return Model(m.d_model, m.d_ff, m.num_layers, tp_size=tp_size, tp_axis=tp_axis)


def make_train_step(cfg, mesh, local_model, pspecs):
  bspec = sharding.batch_spec(cfg)

  @partial(jax.shard_map, mesh=mesh, in_specs=(pspecs, bspec, bspec),
           out_specs=(pspecs, P_replicated()))
  def grads_and_loss(params, x, y):
    def loss_fn(p):
      out = local_model.apply({"params": p}, x)
      return jnp.mean((out - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = lax.pmean(grads, axis_name=cfg.parallel.dp_axis)
    loss = lax.pmean(loss, axis_name=cfg.parallel.dp_axis)
    return grads, loss

  def train_step(params, x, y):
    grads, loss = grads_and_loss(params, x, y)
    params = jax.tree.map(lambda p, g: p - cfg.optim.learning_rate * g, params, grads)
    return params, loss

  return train_step


def P_replicated():
  return jax.sharding.PartitionSpec()


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--num_layers", type=int, default=2)
  parser.add_argument("--global_batch_size", type=int, default=16)
  args = parser.parse_args()

  cfg = get_config()
  cfg.model.num_layers = args.num_layers
  cfg.data.global_batch_size = args.global_batch_size

  mesh = sharding.make_mesh(cfg)
  tp_size = mesh.shape[cfg.parallel.tp_axis]

  x = jax.ShapeDtypeStruct((cfg.data.global_batch_size, cfg.data.seq_len, cfg.model.d_model),
                           jnp.float32)
  params = jax.eval_shape(lambda k, x: build(cfg, 1).init(k, x)["params"], jax.random.key(0), x)
  pspecs = sharding.param_specs(params, cfg)

  local_model = build(cfg, tp_size, cfg.parallel.tp_axis)
  train_step = jax.jit(make_train_step(cfg, mesh, local_model, pspecs))
  train_step.trace(params, x, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
