import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from layers import Dense

mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)

layer = Dense(out_sharding=P("X", None))

x = jax.device_put(jnp.ones((8, 16)), P("X", "Y"))
w = jax.device_put(Dense.init(jax.random.key(0), 16, 4), P("Y", None))


def loss(w, x):
    return jnp.sum(layer(w, x) ** 2)


step = jax.jit(jax.value_and_grad(loss))
print(step.trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
