import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from tp.layers import FeedForward, tp_specs

mesh = jax.make_mesh((1, 4), ("data", "model"))
model = FeedForward(64, 256, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)

specs = tp_specs(params, P)
params = jax.device_put(params, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))
x = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("data", None)))


@eqx.filter_jit
def forward(params, x):
    model = eqx.combine(params, static)
    return jax.vmap(model)(x)


lowered = jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
