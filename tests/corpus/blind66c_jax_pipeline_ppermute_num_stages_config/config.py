from dataclasses import dataclass


@dataclass
class PipelineConfig:
  mesh_shape: tuple = (2, 2)
  stage_axis: str = "stage"
  data_axis: str = "data"

  num_stages: int = 4
  num_layers: int = 8
  num_microbatches: int = 4
  microbatch_size: int = 8
  d_model: int = 128

  @property
  def mesh_axes(self):
    return (self.stage_axis, self.data_axis)
