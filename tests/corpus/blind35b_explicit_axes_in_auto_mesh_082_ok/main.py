from functools import partial

import jax
import jax.numpy as jnp
from jax import sharding as shd
from jax.sharding import AxisType, PartitionSpec as P

auto_mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Auto, AxisType.Auto))


@partial(shd.explicit_axes, in_sharding=(P("X", None), P(None, "Y")))
def explicit_proj(h, w):
    return jnp.einsum("bd,df->bf", h, w, out_sharding=P("X", "Y"))


@jax.jit
def f(x, w):
    h = jnp.sin(x * 2)
    out = explicit_proj(h, w)
    return out + 1


with jax.set_mesh(auto_mesh):
    x = jnp.ones((8, 16))
    w = jnp.ones((16, 8))
    print(f.trace(x, w).lower(lowering_platforms=("cuda",)).as_text()[:30])
