import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from lev.config import TrainerConfig
from lev.mesh import create_device_mesh
from lev.model import Model, param_shardings
from lev.trainer import train_step


def main():
  cfg = TrainerConfig()
  mesh = create_device_mesh(cfg)
  model = Model(cfg, jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  optim = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(cfg.lr))
  opt_state = optim.init(params)
  p_sh = param_shardings(model, mesh, cfg)
  params = eqx.filter_shard(params, p_sh)
  x = jnp.ones((cfg.batch_size, cfg.in_dim))
  y = jnp.ones((cfg.batch_size, 1))
  data = NamedSharding(mesh, P(cfg.batch_axis))
  step = jax.jit(functools.partial(train_step, static, optim, cfg, mesh),
                 in_shardings=(p_sh, None, data, data))
  lowered = step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
  print("lowered", bool(lowered.as_text()))


if __name__ == "__main__":
  main()
