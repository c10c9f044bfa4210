from flax import nnx


class ConvNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, bn_axis=None):
        self.conv = nnx.Conv(3, 16, (3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(16, axis_name=bn_axis, rngs=rngs)
        self.fc = nnx.Linear(16, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        return self.fc(x.mean(axis=(1, 2)))
