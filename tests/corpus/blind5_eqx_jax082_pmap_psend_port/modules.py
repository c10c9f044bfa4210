"""Equinox-free inference port: the trained eqx.nn.Linear weights are copied into plain
pytree dataclasses so the serving image only needs jax."""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array

    def __call__(self, x):
        return x @ self.weight.T + self.bias


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class PipelineStage:
    linear: Linear
    axis_name: str = dataclasses.field(metadata=dict(static=True))
    num_stages: int = dataclasses.field(metadata=dict(static=True))

    def __call__(self, x):
        y = jnp.tanh(self.linear(x))
        to_next = [(i, i + 1) for i in range(self.num_stages - 1)]
        tok = jax.lax.psend(y, self.axis_name, to_next)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), self.axis_name, to_next)
