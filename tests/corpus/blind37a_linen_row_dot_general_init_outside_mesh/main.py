import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))

row_dot = functools.partial(lax.dot_general, out_sharding=P("data", None))


class ParallelMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(128, kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), (None, "model")),
                     bias_init=nn.with_partitioning(nn.initializers.zeros_init(), ("model",)))(x)
        h = nn.gelu(h)
        return nn.Dense(32, dot_general=row_dot,
                        kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), ("model", None)))(h)


model = ParallelMLP()
x = jnp.ones((8, 32))
variables = model.init(jax.random.key(0), x)
shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), nn.get_partition_spec(variables))

with jax.set_mesh(mesh):
    variables = jax.device_put(variables, shardings)
    x = jax.device_put(x, P("data", None))
    print(jax.jit(model.apply).trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
