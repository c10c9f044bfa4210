import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.tree_util.register_dataclass, data_fields=["w", "b"], meta_fields=["act"])
@dataclasses.dataclass
class Dense:
    w: jax.Array
    b: jax.Array
    act: str = "gelu"

    @classmethod
    def init(cls, key, din, dout):
        return cls(jax.random.normal(key, (din, dout)) * din**-0.5, jnp.zeros((dout,)))

    def __call__(self, x):
        y = x @ self.w + self.b
        return jax.nn.gelu(y) if self.act == "gelu" else y


def stacked_stage_params(key, n_stages, width):
    keys = jax.random.split(key, n_stages)
    return jax.vmap(lambda k: Dense.init(k, width, width))(keys)
