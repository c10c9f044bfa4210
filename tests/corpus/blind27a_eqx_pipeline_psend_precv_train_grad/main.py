import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType

from pipe.config import PipeConfig
from pipe.stages import stacked_stages
from pipe.train import build_train_step


def main():
  cfg = PipeConfig()
  mesh = jax.make_mesh((cfg.num_stages,), (cfg.stage_axis,), axis_types=(AxisType.Auto,))
  params, static = eqx.partition(stacked_stages(cfg, jax.random.key(0)), eqx.is_array)
  optim = optax.adam(1e-3)
  opt_state = optim.init(params)
  step = build_train_step(cfg, mesh, static, optim)
  x = jnp.ones((cfg.microbatch, cfg.width))
  lowered = step.trace(params, opt_state, x, x).lower(lowering_platforms=("cuda",))
  print("lowered", bool(lowered.as_text()))


if __name__ == "__main__":
  main()
