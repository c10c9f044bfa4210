import argparse
import copy

import jax
import jax.numpy as jnp

from config import CONFIG
import model
import sharding


def param_shardings(params, cfg):
  m = cfg["mlp_axis"]
  return [{"wi": sharding.named(None, m), "wo": sharding.named(m, None)} for _ in params]


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--batch_size", type=int, default=CONFIG["batch_size"])
  parser.add_argument("--num_layers", type=int, default=CONFIG["num_layers"])
  args = parser.parse_args()
  cfg = copy.deepcopy(CONFIG)
  cfg.update(batch_size=args.batch_size, num_layers=args.num_layers)

  sharding.setup_mesh(cfg["mesh"])
  params = jax.eval_shape(lambda k: model.init(k, cfg), jax.random.key(0))
  p_sh = param_shardings(params, cfg)
  x_sh = sharding.named(cfg["batch_axes"], None, None)

  def train_step(params, x, y):
    loss, grads = jax.value_and_grad(
        lambda p: jnp.mean((model.forward(p, x, cfg) - y) ** 2))(params)
    return jax.tree.map(lambda p, g: p - cfg["lr"] * g, params, grads), loss

  step = jax.jit(train_step, in_shardings=(p_sh, x_sh, x_sh),
                 out_shardings=(p_sh, sharding.named()))
  x = jax.ShapeDtypeStruct((cfg["batch_size"], cfg["seq_len"], cfg["d_model"]), jnp.float32)
  step.trace(params, x, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
