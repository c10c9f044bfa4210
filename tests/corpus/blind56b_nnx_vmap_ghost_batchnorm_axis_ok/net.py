import flax.nnx as nnx

MICRO = "micro"


class ConvNet(nnx.Module):

    def __init__(self, channels: int, classes: int, *, rngs: nnx.Rngs):
        self.conv1 = nnx.Conv(3, channels, (3, 3), rngs=rngs)
        self.bn1 = nnx.BatchNorm(channels, axis_name=MICRO, rngs=rngs)
        self.conv2 = nnx.Conv(channels, channels, (3, 3), strides=2, rngs=rngs)
        self.bn2 = nnx.BatchNorm(channels, axis_name=MICRO, rngs=rngs)
        self.head = nnx.Linear(channels, classes, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn1(self.conv1(x)))
        x = nnx.relu(self.bn2(self.conv2(x)))
        return self.head(x.mean(axis=(1, 2)))
