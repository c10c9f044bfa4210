import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
  mesh_shape: tuple = (2, 2)
  mesh_axes: tuple = ('fsdp', 'tensor')
  logical_axis_rules: tuple = (
      ('batch', 'fsdp'),
      ('embed', 'fsdp'),
      ('mlp', 'model'),
  )
  emb_dim: int = 64
  mlp_dim: int = 256
