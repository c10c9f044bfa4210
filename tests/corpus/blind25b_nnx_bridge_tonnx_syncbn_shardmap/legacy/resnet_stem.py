"""An old Linen stem kept from the pmap-era codebase."""
import flax.linen as nn


class Stem(nn.Module):
    features: int = 32
    axis_name: str = "batch"

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features, use_bias=False)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9,
                         axis_name=self.axis_name)(x)
        return nn.relu(x)
