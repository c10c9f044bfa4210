import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P


class MLP(nn.Module):
    hidden: int = 256

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.hidden, use_bias=False,
                     kernel_init=nn.with_partitioning(nn.initializers.xavier_normal(), (None, "model")))(x)
        x = nn.relu(x)
        x = nn.Dense(x.shape[-1] // 4, use_bias=False,
                     kernel_init=nn.with_partitioning(nn.initializers.xavier_normal(), ("model", None)))(x)
        return x


mesh = jax.make_mesh((2, 2), ("data", "model"))
model = MLP()
x = jnp.ones((8, 64))

with jax.set_mesh(mesh):
    x = jax.device_put(x, P("data", None))
    lowered = jax.jit(model.init).trace(jax.random.key(0), x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:30])
