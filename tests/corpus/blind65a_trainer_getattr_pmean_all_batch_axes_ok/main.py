import jax
import jax.numpy as jnp

from config import TrainConfig
from mesh_setup import create_mesh
from model import init_params
from trainer import Trainer


def main():
  mesh = create_mesh()
  trainer = Trainer(TrainConfig(), mesh)
  params = init_params(jax.random.PRNGKey(0))
  batch = (jnp.ones((16, 32), jnp.float32), jnp.zeros((16,), jnp.float32))
  lowered = trainer.step.trace(params, batch).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:120])


if __name__ == "__main__":
  main()
