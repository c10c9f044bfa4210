import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TokenShiftMix(nn.Module):
    d_model: int
    axis_name: str
    axis_size: int

    @nn.compact
    def __call__(self, x):
        # x: [batch, local_seq, d_model]
        last = x[:, -1:, :]
        perm = [(i, i + 1) for i in range(self.axis_size - 1)]
        prev_last = lax.ppermute(last, self.axis_name, perm)   # shard 0 gets zeros
        shifted = jnp.concatenate([prev_last, x[:, :-1, :]], axis=1)
        mu = self.param('time_mix', nn.initializers.constant(0.5), (self.d_model,))
        mixed = x * mu + shifted * (1.0 - mu)
        return nn.Dense(self.d_model, name='key')(mixed)


class SeqParallelBlock(nn.Module):
    d_model: int
    axis_name: str
    axis_size: int

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm(name='ln0')(x)
        return x + TokenShiftMix(self.d_model, self.axis_name, self.axis_size, name='att')(h)
