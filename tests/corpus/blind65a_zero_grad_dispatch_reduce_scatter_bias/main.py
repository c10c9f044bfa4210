import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from model import init_mlp
from train import make_train_step
from zero import ZeroConfig


def main():
  cfg = ZeroConfig()
  mesh = Mesh(np.array(jax.devices()), (cfg.dp,))
  params = init_mlp(jax.random.key(0))
  step = make_train_step(cfg, mesh, params)
  batch = (jax.ShapeDtypeStruct((32, 64), jnp.float32),
           jax.ShapeDtypeStruct((32,), jnp.int32))
  step.trace(params, batch).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
