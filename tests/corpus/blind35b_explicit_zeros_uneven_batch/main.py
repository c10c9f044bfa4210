import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

BATCH, HEADS, MAX_LEN, HEAD_DIM = 6, 4, 64, 16
mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Explicit,))


def init_cache():
    shape = (BATCH, HEADS, MAX_LEN, HEAD_DIM)
    k = jnp.zeros(shape, jnp.bfloat16, out_sharding=P("data", None, None, None))
    v = jnp.zeros(shape, jnp.bfloat16, out_sharding=P("data", None, None, None))
    return {"k": k, "v": v}


with jax.set_mesh(mesh):
    lowered = jax.jit(init_cache).trace().lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:30])
