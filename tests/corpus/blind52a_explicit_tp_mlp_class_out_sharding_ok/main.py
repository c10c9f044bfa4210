import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from mlp import TPMLP

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
jax.set_mesh(mesh)

D, F, L = 32, 128, 2
model = TPMLP(L)


@jax.jit
@functools.partial(jax.value_and_grad, argnums=0)
def loss_and_grad(params, x, y):
    return model.loss(params, x, y)


def sds(shape, spec):
    return jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(mesh, spec))


params = {
    "up": [sds((D, F), P(None, "model")) for _ in range(L)],
    "down": [sds((F, D), P("model", None)) for _ in range(L)],
}
x = sds((16, D), P("data", None))
y = sds((16, D), P("data", None))
print(loss_and_grad.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
