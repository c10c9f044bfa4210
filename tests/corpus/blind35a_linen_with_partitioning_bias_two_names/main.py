import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding

KERNEL_AXES = ("data", "model")
ki = nn.linear.default_kernel_init
bi = nn.initializers.zeros_init()


class MLP(nn.Module):
    hidden_size: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(
            self.hidden_size,
            kernel_init=nn.with_partitioning(ki, KERNEL_AXES),
            bias_init=nn.with_partitioning(bi, KERNEL_AXES),
        )(x)
        h = nn.relu(h)
        return nn.Dense(x.shape[-1], kernel_init=nn.with_partitioning(ki, ("model", "data")))(h)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
mlp = MLP(64)
x = jnp.ones((16, 32))
var_spec = nn.get_partition_spec(jax.eval_shape(mlp.init, jax.random.PRNGKey(0), x))
var_sharding = jax.tree_util.tree_map(lambda s: NamedSharding(mesh, s), var_spec)
init_fn = jax.jit(mlp.init, out_shardings=var_sharding)
init_fn.trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=("cuda",))
print("ok")
