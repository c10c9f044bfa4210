import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh

from trainer.config import MeshConfig
from trainer.model import ConvNet
from trainer.step import make_train_step


def main():
  cfg = MeshConfig()
  mesh = Mesh(np.array(jax.devices()).reshape(cfg.shape), cfg.axes)
  model = ConvNet(rngs=nnx.Rngs(0))
  opt = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  graphdef, state = nnx.split((model, opt))
  step = make_train_step(mesh, cfg, graphdef)
  batch = {"image": jnp.ones((8, 28, 28, 1)), "label": jnp.zeros((8,), jnp.int32)}
  step.trace(state, batch).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
