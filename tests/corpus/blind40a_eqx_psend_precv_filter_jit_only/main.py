import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("pp",), axis_types=(jax.sharding.AxisType.Auto,))
N = 4
FORWARD = [(i, i + 1) for i in range(N - 1)]


class Stage(eqx.Module):
    layer: eqx.nn.Linear

    def __init__(self, key):
        self.layer = eqx.nn.Linear(16, 16, key=key)

    def __call__(self, x):
        h = jax.vmap(self.layer)(x)
        token = jax.lax.psend(h, "pp", FORWARD)
        return jax.lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), "pp", FORWARD)


@eqx.filter_jit
def tick(stage, x):
    return stage(x)


stage = Stage(jax.random.key(0))
params, static = eqx.partition(stage, eqx.is_array)
x = jax.device_put(jnp.ones((4 * N, 16)), NamedSharding(mesh, P("pp")))
lowered = jax.jit(lambda p, x: tick(eqx.combine(p, static), x)).trace(params, x)
print(lowered.lower(lowering_platforms=("cuda",)).as_text()[:60])
