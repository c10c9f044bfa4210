import flax.linen as nn

from layers import ParallelSelfAttention


class Encoder(nn.Module):
    num_layers: int = 2
    local_heads: int = 2

    def setup(self):
        self.blocks = [ParallelSelfAttention(self.local_heads, 16, name=f"attn_{i}")
                       for i in range(self.num_layers)]
        self.norm = nn.LayerNorm()

    def __call__(self, x):
        for blk in self.blocks:
            x = self.norm(x + blk(x))
        return x
