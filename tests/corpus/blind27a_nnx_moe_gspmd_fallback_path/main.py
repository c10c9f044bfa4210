import jax
import jax.numpy as jnp
import optax
from flax import nnx

from moe.config import MoEConfig
from moe.mesh import create_mesh
from moe.layers import MoEBlock
from moe.train_step import make_step


def main():
  cfg = MoEConfig(use_shard_map=False)  # --moe_impl=gspmd
  mesh = create_mesh(cfg)
  model = MoEBlock(cfg, mesh, rngs=nnx.Rngs(0))
  tx = optax.adam(1e-3)
  opt_state = tx.init(nnx.state(model, nnx.Param))
  x = jnp.ones((cfg.batch, cfg.seq, cfg.d_model))
  step = make_step(tx)
  lowered = step.trace(model, opt_state, x, x).lower(lowering_platforms=("cuda",))
  print("all-to-all" in lowered.as_text() or "all_to_all" in lowered.as_text())


if __name__ == "__main__":
  main()
