import jax
import flax.linen as nn


class TPFeedForward(nn.Module):
    d_model: int
    d_ff: int
    tp_size: int = 1
    axis_name: str = "model"

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.d_ff // self.tp_size, use_bias=False, name="wi")(nn.LayerNorm()(x))
        y = nn.Dense(self.d_model, use_bias=False, name="wo")(nn.gelu(h))
        if self.tp_size > 1:
            y = jax.lax.psum(y, self.axis_name)
        return x + y


class Stack(nn.Module):
    d_model: int = 128
    d_ff: int = 512
    depth: int = 2
    tp_size: int = 1

    @nn.compact
    def __call__(self, x):
        for i in range(self.depth):
            x = TPFeedForward(self.d_model, self.d_ff, self.tp_size, name=f"ff_{i}")(x)
        return x
