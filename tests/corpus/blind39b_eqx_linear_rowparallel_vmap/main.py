import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

key = jax.random.key(0)
down = eqx.nn.Linear(256, 64, key=key)
# eqx.nn.Linear stores weight as (out_features, in_features): split the input features
down = eqx.tree_at(lambda l: l.weight, down, jax.device_put(down.weight, P(None, "model")))

params, static = eqx.partition(down, eqx.is_array)


@jax.jit
def apply(params, hs):
    layer = eqx.combine(params, static)
    return jax.vmap(layer)(hs)


hs = jax.device_put(jnp.ones((8, 256)), P("data", "model"))
print(apply.trace(params, hs).lower(lowering_platforms=("cuda",)).as_text()[:40])
