from typing import Optional

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class RowParallelDense(nn.Module):
    features: int
    axis_name: Optional[str] = None

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features, use_bias=False)(x)
        if self.axis_name is not None:
            y = lax.psum(y, self.axis_name)
        return y + self.param("bias", nn.initializers.zeros, (self.features,))


class MLP(nn.Module):
    hidden: int = 64
    axis_name: Optional[str] = None

    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(self.hidden)(x))
        return RowParallelDense(x.shape[-1], axis_name=self.axis_name)(h)


model = MLP()
x = jnp.ones((4, 16))
params = jax.jit(model.init)(jax.random.key(0), x)
jax.jit(model.apply).trace(params, x).lower(lowering_platforms=("cuda",))
