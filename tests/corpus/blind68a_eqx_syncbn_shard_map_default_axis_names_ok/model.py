import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx


class SyncBNClassifier(eqx.Module):
    conv: eqx.nn.Conv2d
    bn: eqx.nn.BatchNorm
    fc: eqx.nn.Linear

    def __init__(self, in_channels, num_classes, *, key, bn_axes=("data", "local")):
        ckey, fkey = jr.split(key)
        self.conv = eqx.nn.Conv2d(in_channels, 24, kernel_size=3, padding=1, key=ckey)
        # statistics are averaged over the per-device vmap axis and the mesh axis
        self.bn = eqx.nn.BatchNorm(24, axis_name=bn_axes)
        self.fc = eqx.nn.Linear(24, num_classes, key=fkey)

    def __call__(self, x, state):
        x = self.conv(x)
        x, state = self.bn(x, state)
        x = jax.nn.gelu(x)
        return self.fc(jnp.mean(x, axis=(1, 2))), state
