from jax import lax as L
import flax.linen as nn


class RowParallelDense(nn.Module):
    features: int
    axis: str = "tensor"

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features, use_bias=False, name="dense")(x)
        return L.psum(y, self.axis)


class TPMlp(nn.Module):
    hidden: int = 64
    out: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.hidden, use_bias=False, name="up")(x))
        return RowParallelDense(self.out, name="down")(h)
