"""Flax Linen row-parallel dense on the Pallas reduce-scatter matmul, applied under plain jit."""
import flax.linen as nn
import jax
import jax.numpy as jnp

from rs_kernel import reduce_scatter_matmul


class RowParallelDense(nn.Module):
    features: int
    tp_size: int = 4
    axis_name: str = "tp"

    @nn.compact
    def __call__(self, x):
        w = self.param("kernel", nn.initializers.lecun_normal(), (self.features, x.shape[-1]))
        if self.is_initializing():
            return x @ w.T
        return reduce_scatter_matmul(x, w, self.axis_name, self.tp_size)


model = RowParallelDense(features=128)
x = jnp.ones((256, 512), jnp.float32)
variables = model.init(jax.random.key(0), x)


@jax.jit
def forward(variables, x):
    return model.apply(variables, x)


forward.trace(variables, x).lower(lowering_platforms=("tpu",))
