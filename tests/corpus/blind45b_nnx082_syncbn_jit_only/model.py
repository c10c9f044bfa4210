from flax import nnx


class ConvBlock(nnx.Module):
    def __init__(self, cin, cout, *, axis_name, rngs):
        self.conv = nnx.Conv(cin, cout, kernel_size=(3, 3), use_bias=False, rngs=rngs)
        self.bn = nnx.BatchNorm(cout, momentum=0.9, axis_name=axis_name, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.conv(x)))


class Net(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.b1 = ConvBlock(3, cfg.features, axis_name=cfg.dp_axis, rngs=rngs)
        self.b2 = ConvBlock(cfg.features, cfg.features, axis_name=cfg.dp_axis, rngs=rngs)
        self.head = nnx.Linear(cfg.features, 10, rngs=rngs)

    def __call__(self, x):
        x = self.b2(self.b1(x))
        return self.head(x.mean(axis=(1, 2)))
