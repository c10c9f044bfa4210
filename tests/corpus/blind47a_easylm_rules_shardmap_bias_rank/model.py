import jax
import flax.linen as nn


class ParallelMLP(nn.Module):
    d_ff: int
    d_model: int
    tp_axis: str = 'tp'

    @nn.compact
    def __call__(self, x):
        # column-parallel: local slice of d_ff
        h = nn.Dense(self.d_ff, name='fc_in')(x)
        h = nn.gelu(h)
        # row-parallel: partial sums, bias added after the reduction
        out = nn.Dense(self.d_model, use_bias=False, name='fc_out')(h)
        if not self.is_initializing():
            # init builds the full-width (global) params outside shard_map
            out = jax.lax.psum(out, self.tp_axis)
        bias = self.param('bias', nn.initializers.zeros_init(), (self.d_model,))
        return out + bias


class Block(nn.Module):
    d_model: int = 64
    d_ff: int = 256
    tp_size: int = 1

    @nn.compact
    def __call__(self, x):
        y = nn.LayerNorm(name='ln_f')(x)
        # per-shard module sees d_ff / tp
        y = ParallelMLP(self.d_ff // self.tp_size, self.d_model, name='mlp')(y)
        return x + y
