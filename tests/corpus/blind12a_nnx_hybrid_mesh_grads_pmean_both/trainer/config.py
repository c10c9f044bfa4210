import dataclasses


@dataclasses.dataclass(frozen=True)
class MeshConfig:
  replica_axis: str = "replica"
  data_axis: str = "data"
  shape: tuple = (2, 2)

  @property
  def axes(self):
    return (self.replica_axis, self.data_axis)
