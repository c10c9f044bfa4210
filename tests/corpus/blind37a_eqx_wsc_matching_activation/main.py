import equinox as eqx
import jax
import jax.numpy as jnp
from jax.lax import with_sharding_constraint as wsc
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
act_sharding = NamedSharding(mesh, P("data", "model"))


class ColumnParallel(eqx.Module):
    weight: jax.Array
    bias: jax.Array

    def __call__(self, x):
        h = x @ self.weight + self.bias
        return wsc(h, act_sharding)


with jax.set_mesh(mesh):
    k = jax.random.key(0)
    layer = ColumnParallel(
        jax.device_put(jax.random.normal(k, (32, 128)), P(None, "model")),
        jax.device_put(jnp.zeros((128,)), P("model")),
    )
    x = jax.device_put(jnp.ones((8, 32)), P("data", None))
    out = eqx.filter_jit(lambda m, a: jax.nn.relu(m(a)))
    print(jax.jit(out).trace(layer, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
