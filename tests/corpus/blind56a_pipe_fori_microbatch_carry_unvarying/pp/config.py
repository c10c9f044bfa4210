import dataclasses


@dataclasses.dataclass(frozen=True)
class PipelineConfig:
  num_stages: int = 4
  num_microbatches: int = 8
  microbatch_size: int = 4
  d_model: int = 128
  stage_axis: str = "pipe"
