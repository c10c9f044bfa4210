import dataclasses


@dataclasses.dataclass(frozen=True)
class NetConfig:
  arch: str = "mlp_syncnorm"
  in_dim: int = 32
  width: int = 128
  out_dim: int = 8
  batch_axis: str = "batch"   # the vmapped per-example axis
  data_axis: str = "data"     # the device axis

  @property
  def norm_axes(self):
    return (self.batch_axis, self.data_axis)
