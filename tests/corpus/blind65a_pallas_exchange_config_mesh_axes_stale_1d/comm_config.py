import dataclasses


@dataclasses.dataclass(frozen=True)
class CommConfig:
  """Describes how the exchange kernel addresses devices."""
  ring_axis: str = "x"
  # All mesh axes, in mesh order: device ids are mesh coordinates.
  mesh_axes: tuple = ("x",)
