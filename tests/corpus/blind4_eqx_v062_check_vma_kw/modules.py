import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.tree_util.register_dataclass, data_fields=["weight", "bias"], meta_fields=[])
@dataclasses.dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array

    @staticmethod
    def init(key, din, dout):
        return Linear(jax.random.normal(key, (dout, din)) * din**-0.5, jnp.zeros((dout,)))

    def __call__(self, x):
        return self.weight @ x + self.bias


@partial(jax.tree_util.register_dataclass, data_fields=["layers"], meta_fields=["batch_axis"])
@dataclasses.dataclass
class MLP:
    layers: list
    batch_axis: str = "batch"

    @staticmethod
    def init(key, sizes, batch_axis="batch"):
        keys = jax.random.split(key, len(sizes) - 1)
        return MLP([Linear.init(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])], batch_axis)

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = jax.nn.relu(layer(x))
        return self.layers[-1](x)
