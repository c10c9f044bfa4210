import dataclasses


@dataclasses.dataclass(frozen=True)
class CPConfig:
  num_devices: int = 8
  axis: str = 'cp'
  heads: int = 4
  head_dim: int = 16

  @property
  def ring_perm(self):
    return [(i, (i + 1) % self.num_devices) for i in range(self.num_devices)]
