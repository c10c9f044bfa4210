import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from pipeline import PipelineConfig, make_pipeline_step


def main():
  cfg = PipelineConfig()
  mesh = Mesh(np.array(jax.devices()), (cfg.stage_axis,))
  key = jax.random.key(0)
  w = jax.random.normal(key, (cfg.num_stages, cfg.d_model, cfg.d_model)) * 0.05
  mbs = jnp.ones((cfg.num_microbatches, 8, cfg.d_model), jnp.float32)
  step = make_pipeline_step(cfg, mesh)
  step.trace(w, mbs).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
