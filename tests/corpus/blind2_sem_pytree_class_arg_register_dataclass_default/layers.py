"""A row-parallel linear layer registered as a pytree dataclass: the weight is a data field,
the axis name a meta field."""
import dataclasses
import functools

import jax


@functools.partial(jax.tree_util.register_dataclass, data_fields=["weight"], meta_fields=["axis_name"])
@dataclasses.dataclass
class RowParallelLinear:
    weight: jax.Array
    axis_name: str = "model"

    def __call__(self, x):
        return jax.lax.psum(x @ self.weight, self.axis_name)
