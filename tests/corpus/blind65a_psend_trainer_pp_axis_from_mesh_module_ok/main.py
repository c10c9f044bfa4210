import jax
import jax.numpy as jnp

from parallel_mesh import PP as PIPELINE_AXIS
from parallel_mesh import pipeline_mesh
from stages import init_stages
from trainer import PipelineTrainer
from trainer_config import TrainerConfig


def main():
  mesh = pipeline_mesh()
  cfg = TrainerConfig(pp_axis=PIPELINE_AXIS)
  n = mesh.devices.size
  trainer = PipelineTrainer(cfg, mesh, num_stages=n)
  w = init_stages(jax.random.key(0), n, cfg.d_model)
  mbs = jnp.ones((cfg.num_microbatches, 4, cfg.d_model))
  tgt = jnp.zeros((cfg.num_microbatches, 4, cfg.d_model))
  trainer.evaluate.trace(w, mbs, tgt).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
