import jax
import jax.numpy as jnp
import numpy as np
from flax import linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec

ki = nn.linear.default_kernel_init
zeros = nn.initializers.zeros_init()


class MLP(nn.Module):
    hidden_size: int
    out_size: int

    def setup(self):
        self.up = nn.Dense(
            self.hidden_size,
            kernel_init=nn.with_partitioning(ki, ('data', 'model')),
            bias_init=nn.with_partitioning(zeros, ('model',)),
        )
        self.down = nn.Dense(
            self.out_size,
            kernel_init=nn.with_partitioning(ki, ('model', 'data')),
            bias_init=nn.with_partitioning(zeros, (None,)),
        )

    def __call__(self, x):
        return self.down(nn.relu(self.up(x)))


mesh = Mesh(np.asarray(jax.devices()).reshape(2, 2), ('data', 'model'))
mlp = MLP(hidden_size=512, out_size=128)
x = jnp.ones((64, 128))

abstract_variables = jax.eval_shape(mlp.init, jax.random.key(0), x)
var_sharding = nn.get_sharding(abstract_variables, mesh)
x_sharding = NamedSharding(mesh, PartitionSpec('data', 'model'))

init_fn = jax.jit(mlp.init, out_shardings=var_sharding)
print(init_fn.trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',)).as_text()[:40])

apply_fn = jax.jit(mlp.apply, in_shardings=(var_sharding, x_sharding), out_shardings=x_sharding)
print(apply_fn.trace(abstract_variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
