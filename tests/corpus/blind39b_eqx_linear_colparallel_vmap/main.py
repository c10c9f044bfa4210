import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))


def shard_linear(layer):
    layer = eqx.tree_at(lambda l: l.weight, layer, jax.device_put(layer.weight, P("model", None)))
    return eqx.tree_at(lambda l: l.bias, layer, jax.device_put(layer.bias, P("model")))


up = shard_linear(eqx.nn.Linear(64, 256, key=jax.random.key(0)))
params, static = eqx.partition(up, eqx.is_array)


@jax.jit
def apply(params, xs):
    layer = eqx.combine(params, static)
    return jax.vmap(layer)(xs)


xs = jax.device_put(jnp.ones((8, 64)), P("data", None))
print(apply.trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
