import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from lmlib.config import TrainConfig
from lmlib.model import init_params
from lmlib.train import make_train_step


def main():
  config = TrainConfig()
  mesh = Mesh(np.array(jax.devices()).reshape(config.mesh_shape), config.mesh_axes)
  params_shape = jax.eval_shape(lambda: init_params(config.model, jax.random.key(0)))
  train_step, tx = make_train_step(config, mesh, params_shape)
  opt_shape = jax.eval_shape(tx.init, params_shape)
  tokens = jax.ShapeDtypeStruct((config.batch_size, config.seq_len + 1), jnp.int32)
  train_step.trace(params_shape, opt_shape, tokens).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
