import equinox as eqx
import jax

AXES = ("data", "batch")


class Net(eqx.Module):
    layers: list

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.layers = [
            eqx.nn.Linear(3, 16, key=k1),
            eqx.nn.BatchNorm(16, axis_name=AXES, mode="batch"),
            eqx.nn.Lambda(jax.nn.relu),
            eqx.nn.Linear(16, 2, key=k2),
        ]

    def __call__(self, x, state):
        for layer in self.layers:
            if isinstance(layer, eqx.nn.StatefulLayer) and layer.is_stateful():
                x, state = layer(x, state)
            else:
                x = layer(x)
        return x, state
