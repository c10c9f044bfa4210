import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from layers import attention, init_attention

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
param_specs = {"wq": P(None, "model", None), "wk": P(None, "model", None),
               "wv": P(None, "model", None), "wo": P("model", None, None)}


@jax.jit
def block(params, x):
  return x + attention(params, x)


if __name__ == "__main__":
  with jax.set_mesh(mesh):
    params = jax.eval_shape(lambda: init_attention(jax.random.key(0), 256, 8))
    params = jax.tree.map(lambda s, spec: jax.ShapeDtypeStruct(
        s.shape, s.dtype, sharding=NamedSharding(mesh, spec)), params, param_specs)
    x = jax.ShapeDtypeStruct((8, 64, 256), jnp.float32,
                             sharding=NamedSharding(mesh, P("data", None, None)))
    block.trace(params, x).lower(lowering_platforms=("tpu",))
