import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

from tp.parallel_layers import ParallelMLP
from tp.step import build_step

DP, TP = "data", "model"


def main():
  mesh = jax.make_mesh((2, 2), (DP, TP), axis_types=(AxisType.Explicit, AxisType.Explicit))
  model = ParallelMLP(32, 64, 2, tp_axis=TP, rngs=nnx.Rngs(0))
  graphdef, _ = nnx.split(model)
  step = build_step(graphdef, mesh, DP, TP, 1e-2)
  x = jax.ShapeDtypeStruct((8, 32), jnp.float32,
                           sharding=jax.sharding.NamedSharding(mesh, jax.P(DP)))
  w_col = jax.ShapeDtypeStruct((32, 64), jnp.float32,
                               sharding=jax.sharding.NamedSharding(mesh, jax.P(None, TP)))
  w_row = jax.ShapeDtypeStruct((64, 32), jnp.float32,
                               sharding=jax.sharding.NamedSharding(mesh, jax.P(TP, None)))
  lowered = step.trace({"w_col": w_col, "w_row": w_row}, x, x).lower(lowering_platforms=("cuda",))
  print("ok", bool(lowered.as_text()))


if __name__ == "__main__":
  main()
