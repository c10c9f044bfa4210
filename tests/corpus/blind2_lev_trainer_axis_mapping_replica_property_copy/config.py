"""Trainer config in Levanter's shape: mesh shape as a dict, the mesh a cached property, and a
mapping from logical axes to physical resource axes."""
import dataclasses
import functools
import math

import jax
import numpy as np
from jax.sharding import Mesh


class ResourceAxis:
    MODEL = "model"
    DATA = "data"
    REPLICA = "replica"


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
    mesh_shape: dict = dataclasses.field(default_factory=lambda: {ResourceAxis.DATA: -1, ResourceAxis.MODEL: 2})
    batch_axis: str = "batch"
    per_device_parallelism: int = 4

    @functools.cached_property
    def device_mesh(self) -> Mesh:
        shape = dict(self.mesh_shape)
        known = math.prod(v for v in shape.values() if v != -1)
        for k, v in shape.items():
            if v == -1:
                shape[k] = jax.device_count() // known
        devices = np.array(jax.devices()).reshape(tuple(shape.values()))
        return Mesh(devices, tuple(shape.keys()))

    @property
    def compute_axis_mapping(self):
        return {self.batch_axis: ResourceAxis.DATA, "mlp": ResourceAxis.MODEL, "heads": ResourceAxis.MODEL}

    def physical_axis(self, logical):
        return self.compute_axis_mapping[logical]
