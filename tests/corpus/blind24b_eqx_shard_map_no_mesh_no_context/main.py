import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from parallel import data_parallel

mesh = jax.make_mesh((4,), ("batch",))
model = eqx.nn.MLP(4, 2, 16, 2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def grads_fn(params, x, y):
    def loss(p):
        return jnp.mean((jax.vmap(eqx.combine(p, static))(x) - y) ** 2)

    return jax.grad(loss)(params)


step = jax.jit(data_parallel(grads_fn))
x, y = jnp.ones((16, 4)), jnp.ones((16, 2))
x = jax.device_put(x, jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("batch")))
y = jax.device_put(y, jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("batch")))
lowered = step.trace(params, x, y).lower(lowering_platforms=("cuda",))
print("ok")
