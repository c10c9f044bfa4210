import equinox as eqx
import jax
import jax.random as jr


class ConvBNBlock(eqx.Module):
    """Conv -> BatchNorm -> ReLU, as in the usual small MNIST CNNs."""

    conv: eqx.nn.Conv2d
    bn: eqx.nn.BatchNorm

    def __init__(self, in_channels, out_channels, *, axis_name, key):
        self.conv = eqx.nn.Conv2d(in_channels, out_channels, kernel_size=3, padding=1, key=key)
        self.bn = eqx.nn.BatchNorm(out_channels, axis_name=axis_name, mode="batch")

    def __call__(self, x, state):
        x = self.conv(x)
        x, state = self.bn(x, state)
        return jax.nn.relu(x), state
