"""Megatron-style tensor-parallel MLP: column-parallel in, row-parallel out. Each device holds
a slice of the hidden dimension; the row-parallel output is summed over the tensor axis."""
import flax.linen as nn
from jax import lax as L

TP_AXIS = "model"


class RowParallelDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        partial_out = nn.Dense(self.features, use_bias=False, name="dense")(x)
        return L.psum(partial_out, TP_AXIS)


class ParallelMLP(nn.Module):
    d_model: int
    d_ff_local: int

    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(self.d_ff_local, use_bias=False, name="fc_in")(x))
        return RowParallelDense(self.d_model, name="fc_out")(h)
