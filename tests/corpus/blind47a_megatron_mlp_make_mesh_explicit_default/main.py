import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

import parallel


class MLP(nn.Module):
    d_ff: int = 512
    d_model: int = 128

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.d_ff, name='wi')(x)
        h = nn.gelu(h)
        return nn.Dense(self.d_model, name='wo')(h)


mesh = parallel.make_mesh()
model = MLP()

with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((32, 128)), P('data'))
    variables = model.init(jax.random.key(0), x)
    variables = parallel.shard_variables(variables, mesh)
    print(variables['params']['wo']['kernel'].sharding.spec)

    forward = jax.jit(model.apply)
    print(forward.trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
