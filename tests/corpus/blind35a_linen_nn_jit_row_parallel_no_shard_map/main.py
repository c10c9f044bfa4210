import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class RowParallelDense(nn.Module):
    features: int
    axis_name: str = "model"

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features, use_bias=False)(x)
        return jax.lax.psum(y, self.axis_name)


JittedRow = nn.jit(RowParallelDense)


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(64)(x))
        return JittedRow(16)(h)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = Block()
x = jnp.ones((8, 16))
params = jax.eval_shape(lambda: model.init(jax.random.PRNGKey(0), x))


def forward(params, x):
    return model.apply(params, x)


fwd = jax.jit(forward, in_shardings=(NamedSharding(mesh, P()), NamedSharding(mesh, P("data"))))
fwd.trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
