import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from parallel import ParallelConfig
from train import make_eval_step


def main():
  cfg = ParallelConfig()
  mesh = Mesh(np.array(jax.devices()), (cfg.dp,))
  params = {"w1": jnp.zeros((784, 128)), "w2": jnp.zeros((128, 10))}
  batch = {"image": jax.ShapeDtypeStruct((64, 784), jnp.float32),
           "label": jax.ShapeDtypeStruct((64,), jnp.int32)}
  eval_step = make_eval_step(cfg, mesh)
  eval_step.trace(params, batch).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
