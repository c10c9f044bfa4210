import dataclasses

import jax
import numpy as np
from jax.sharding import Mesh


@dataclasses.dataclass
class MeshSpec:
    data: int = 1
    pipeline: int = -1
    axis_names: tuple = ("data", "pipeline")

    def __post_init__(self):
        n = jax.device_count()
        if self.pipeline == -1:
            self.pipeline = n // self.data
        if self.data * self.pipeline != n:
            raise ValueError(f"mesh {self.data}x{self.pipeline} does not cover {n} devices")

    @property
    def shape(self):
        return (self.data, self.pipeline)

    def build(self):
        return Mesh(np.array(jax.devices()).reshape(self.shape), self.axis_names)
