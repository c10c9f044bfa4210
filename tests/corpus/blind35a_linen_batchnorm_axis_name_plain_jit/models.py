import functools

import flax.linen as nn

norm = functools.partial(nn.BatchNorm, momentum=0.9, epsilon=1e-5, axis_name="batch")


class SmallCNN(nn.Module):
    num_classes: int = 10

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(16, (3, 3))(x)
        x = norm(use_running_average=not train)(x)
        x = nn.relu(x)
        x = x.mean(axis=(1, 2))
        return nn.Dense(self.num_classes)(x)
