import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from solver import newton_schulz_inverse

N = 2048
mesh = jax.make_mesh((2, 2), ("row", "col"), axis_types=(AxisType.Explicit,) * 2)
BLOCKS = NamedSharding(mesh, P("row", "col"))   # 2-D block distribution, ScaLAPACK style


@jax.jit
def inverse_and_residual(a):
  x = newton_schulz_inverse(a)
  r = jnp.eye(N, dtype=a.dtype) - a @ x
  return x, jnp.linalg.norm(r)


if __name__ == "__main__":
  with jax.set_mesh(mesh):
    a = jax.ShapeDtypeStruct((N, N), jnp.float32, sharding=BLOCKS)
    inverse_and_residual.trace(a).lower(lowering_platforms=("cuda",))
