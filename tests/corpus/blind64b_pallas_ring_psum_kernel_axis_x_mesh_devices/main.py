import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from parallel.dp import data_parallel_step


def loss_fn(params, x, y):
  h = jnp.tanh(x @ params["w1"])
  return jnp.mean((h @ params["w2"] - y) ** 2)


def main():
  mesh = Mesh(np.array(jax.devices()), ("devices",))
  params = {"w1": jnp.zeros((128, 256)), "w2": jnp.zeros((256, 128))}
  step = data_parallel_step(loss_fn, mesh, lr=1e-2)
  x = jax.ShapeDtypeStruct((64, 128), jnp.float32)
  y = jax.ShapeDtypeStruct((64, 128), jnp.float32)
  jax.jit(step).trace(params, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
