import equinox as eqx
import jax


class ParallelConfig(eqx.Module):
    data: int
    model: int = 1
    axis_names: tuple = eqx.field(init=False)

    def __post_init__(self):
        self.axis_names = ("batch",) if self.model == 1 else ("batch", "model")

    def __check_init__(self):
        if self.data * self.model != jax.device_count():
            raise ValueError(f"mesh {self.data}x{self.model} does not cover {jax.device_count()} devices")

    @property
    def batch_axis(self):
        return self.axis_names[0]

    def make_mesh(self):
        shape = (self.data,) if self.model == 1 else (self.data, self.model)
        return jax.make_mesh(shape, self.axis_names, axis_types=(jax.sharding.AxisType.Auto,) * len(shape))
