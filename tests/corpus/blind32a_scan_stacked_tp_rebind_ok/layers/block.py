import equinox as eqx
import jax
from equinox import nn

TP_AXIS = "tp"


class ParallelBlock(eqx.Module):
    up: nn.Linear
    down: nn.Linear
    norm: nn.LayerNorm
    axis_name: str = eqx.field(static=True, default=TP_AXIS)

    def __init__(self, dim, hidden, key, axis_name=TP_AXIS):
        k1, k2 = jax.random.split(key)
        self.up = nn.Linear(dim, hidden, use_bias=False, key=k1)
        self.down = nn.Linear(hidden, dim, use_bias=False, key=k2)
        self.norm = nn.LayerNorm(dim)
        self.axis_name = axis_name

    def __call__(self, x):
        h = jax.nn.gelu(self.up(self.norm(x)))
        return x + jax.lax.psum(self.down(h), self.axis_name)
