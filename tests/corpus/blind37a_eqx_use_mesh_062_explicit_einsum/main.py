import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

try:
    set_mesh = jax.set_mesh
except AttributeError:  # JAX < 0.7
    set_mesh = jax.sharding.use_mesh

mesh = jax.make_mesh((2, 2), ("x", "y"), axis_types=(AxisType.Explicit, AxisType.Explicit))


class RowParallel(eqx.Module):
    w: jax.Array

    def __call__(self, h):
        return jnp.einsum("bf,fd->bd", h, self.w, out_sharding=P("x", None))


with set_mesh(mesh):
    layer = RowParallel(jax.device_put(jnp.ones((64, 16)), P("y", None)))
    h = jax.device_put(jnp.ones((8, 64)), P("x", "y"))
    lowered = jax.jit(lambda m, a: m(a)).trace(layer, h).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:10])
