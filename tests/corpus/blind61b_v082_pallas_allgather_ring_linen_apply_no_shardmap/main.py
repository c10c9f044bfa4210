import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import GatheredDense

mesh = Mesh(np.array(jax.devices()), ("x",))
seq_sharding = NamedSharding(mesh, P("x", None))
replicated = NamedSharding(mesh, P())

model = GatheredDense(features=256, axis_name="x", num_devices=mesh.size)


def main():
  x = jax.ShapeDtypeStruct((4 * 8, 128), jnp.float32, sharding=seq_sharding)
  init_fn = jax.jit(model.init, in_shardings=(replicated, seq_sharding),
                    out_shardings=replicated)
  variables = jax.eval_shape(init_fn, jax.random.key(0), x)
  apply_fn = jax.jit(model.apply, in_shardings=(replicated, seq_sharding),
                     out_shardings=replicated)
  apply_fn.trace(variables, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
