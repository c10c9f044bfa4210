import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class SeqParallelDense(nn.Module):
    features: int
    mesh: Mesh
    axis: str = "sp"

    @nn.compact
    def __call__(self, x):
        kernel = self.param("kernel", nn.initializers.lecun_normal(), (x.shape[-1], self.features))

        def local(x_blk, w):
            full = jax.lax.all_gather(x_blk, self.axis, axis=0, tiled=True)
            ctx = jnp.mean(full, axis=0, keepdims=True)
            return (x_blk + ctx) @ w

        f = shard_map(local, mesh=self.mesh, in_specs=(P(self.axis), P()), out_specs=P(self.axis))
        return f(x, kernel)


mesh = Mesh(np.array(jax.devices()), ("sp",))
layer = SeqParallelDense(features=16, mesh=mesh)
x = jnp.ones((32, 8))
variables = layer.init(jax.random.PRNGKey(0), x)


@jax.jit
def apply(variables, x):
    return layer.apply(variables, x)


apply.trace(variables, x).lower(lowering_platforms=("cuda",))
print("ok")
