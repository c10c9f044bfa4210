import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
    data_axis: str = "data"
    model_axis: str = "model"
    mesh_shape: tuple = (2, 2)

    @property
    def mesh_axes(self):
        return (self.data_axis, self.model_axis)

    @property
    def loss_reduce_axes(self):
        # every device holds a piece of the loss... or so the comment said
        return self.mesh_axes
