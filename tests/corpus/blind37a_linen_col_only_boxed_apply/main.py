import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P


class Encoder(nn.Module):
    hidden: int = 256
    classes: int = 8

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden, kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), (None, "model")),
                     bias_init=nn.with_partitioning(nn.initializers.zeros_init(), ("model",)))(x)
        h = nn.relu(h)
        # small classifier: replicated kernel, contracts the model-sharded features
        return nn.Dense(self.classes)(h)


model = Encoder()
sample = jnp.ones((1, 64))
variables = model.init(jax.random.key(0), sample)
specs = nn.get_partition_spec(variables)

mesh = jax.make_mesh((2, 2), ("data", "model"))
with jax.set_mesh(mesh):
    variables = jax.device_put(variables, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))
    x = jax.device_put(jnp.ones((16, 64)), P("data", None))
    print(jax.jit(model.apply).trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
