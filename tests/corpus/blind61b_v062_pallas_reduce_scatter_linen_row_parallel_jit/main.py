import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import RowParallelDense

N = 4
mesh = jax.make_mesh((N,), ("x",))
layer = RowParallelDense(features=128, num_devices=N)

x_sharding = NamedSharding(mesh, P(None, "x"))
params_sharding = {"params": {"kernel": NamedSharding(mesh, P("x", None))}}
out_sharding = NamedSharding(mesh, P("x"))


def main():
  x = jax.ShapeDtypeStruct((N * 8, 512), jnp.float32, sharding=x_sharding)
  init = jax.jit(layer.init, out_shardings=params_sharding)
  variables = jax.eval_shape(init, jax.random.key(0), x)
  forward = jax.jit(layer.apply, in_shardings=(params_sharding, x_sharding),
                    out_shardings=out_sharding)
  forward.trace(variables, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
