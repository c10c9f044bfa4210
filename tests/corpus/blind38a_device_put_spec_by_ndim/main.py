import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
model = eqx.nn.MLP(32, 32, 128, 2, key=jax.random.key(0))


def sharding_for(leaf):
    if leaf.ndim == 2:
        return NamedSharding(mesh, P("model", None))
    return NamedSharding(mesh, P())


arrays, static = eqx.partition(model, eqx.is_array)
arrays = jax.device_put(arrays, jax.tree.map(sharding_for, arrays))
model = eqx.combine(arrays, static)


def forward(arrays, x):
    return jax.vmap(eqx.combine(arrays, static))(x)


x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P("data")))
print(jax.jit(forward).trace(arrays, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
