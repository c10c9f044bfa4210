import flax.linen as nn


class ResidualBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm()(x)
        h = nn.Dense(4 * self.features)(h)
        h = nn.Dense(self.features)(nn.gelu(h))
        return x + h


class DeepResMLP(nn.Module):
    features: int = 256
    lengths: tuple = (2, 3)
    num_classes: int = 10

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.features)(x)
        x = nn.remat_scan(ResidualBlock, lengths=self.lengths)(self.features)(x)
        return nn.Dense(self.num_classes)(x)
