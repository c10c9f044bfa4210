import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipe import make_stacked_stages
from train import make_step


@dataclasses.dataclass
class Config:
  stages: int = 4
  d_model: int = 64
  batch: int = 16
  lr: float = 1e-3


def main(cfg: Config):
  mesh = Mesh(np.array(jax.devices()[: cfg.stages]), ("pp",))
  graphdef, state = nnx.split(make_stacked_stages(cfg.d_model, cfg.stages), nnx.Param)
  tx = optax.sgd(cfg.lr)
  opt_state = tx.init(state)
  step = make_step(graphdef, tx, cfg.stages, "pp")
  step = jax.shard_map(step, mesh=mesh,
                       in_specs=(P("pp"), P("pp"), P(), P()),
                       out_specs=(P("pp"), P("pp"), P()))
  x = jnp.ones((cfg.batch, cfg.d_model))
  jax.jit(step).trace(state, opt_state, x, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main(Config())
