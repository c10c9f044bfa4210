import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P


class ParallelMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(4 * x.shape[-1],
                     kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), (None, "model")),
                     bias_init=nn.with_partitioning(nn.initializers.zeros_init(), ("model",)))(x)
        h = nn.gelu(h)
        return nn.Dense(x.shape[-1],
                        kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), ("model", None)))(h)


model = ParallelMLP()
x = jnp.ones((8, 32))
variables = model.init(jax.random.key(0), x)  # plain init on the host, then lay out

mesh = jax.make_mesh((2, 2), ("data", "model"))
specs = nn.get_partition_spec(variables)
shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)

with jax.set_mesh(mesh):
    variables = jax.device_put(variables, shardings)
    x = jax.device_put(x, P("data", None))
    fwd = jax.jit(model.apply)
    print(fwd.trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
