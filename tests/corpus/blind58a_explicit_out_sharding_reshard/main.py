import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))


@jax.jit
def matmul_big(x, y):
  return jnp.matmul(x, y, out_sharding=P("X", "Y"))


@jax.jit
def layer(x, w, b):
  h = matmul_big(x, w)
  h = h + reshard(b, P("Y"))
  out = jnp.sum(jax.nn.relu(h), axis=1)
  return reshard(out, P(None))


def main():
  with jax.set_mesh(mesh):
    x = jax.device_put(np.ones((8, 16), np.float32), P("X", None))
    w = jax.device_put(np.ones((16, 32), np.float32), P(None, "Y"))
    b = jax.device_put(np.zeros((32,), np.float32), P())
    print(jax.typeof(x))
    layer.trace(x, w, b).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
