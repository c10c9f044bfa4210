import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
  d_model: int = 1024
  d_ff: int = 4096
  batch: int = 32
  lr: float = 1e-2
  ici_mesh: tuple = (("data", 2), ("fsdp", 2))
  # logical -> physical axis mapping (MaxText's logical_axis_rules)
  logical_axis_rules: tuple = (
      ("batch", "batch"),
      ("embed", "fsdp"),
      ("mlp", None),
  )

  def mesh_axis(self, logical):
    return dict(self.logical_axis_rules)[logical]
