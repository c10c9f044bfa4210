from typing import Optional

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class MLP(nn.Module):
    hidden: int = 64
    axis_name: Optional[str] = None

    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(self.hidden)(x))
        y = nn.Dense(x.shape[-1])(h)
        if self.axis_name is not None:
            y = lax.psum(y, self.axis_name)
        return y


model = MLP()
x = jnp.ones((4, 16))
params = jax.jit(model.init)(jax.random.key(0), x)

model = model.clone(axis_name="model")
jax.jit(model.apply).trace(params, x).lower(lowering_platforms=("cuda",))
