import dataclasses

import jax


@dataclasses.dataclass(frozen=True)
class MeshConfig:
    ici_shape: tuple = (2, 2)
    axes: tuple = ("data", "tensor")

    def create_mesh(self):
        return jax.make_mesh(self.ici_shape, self.axes)
