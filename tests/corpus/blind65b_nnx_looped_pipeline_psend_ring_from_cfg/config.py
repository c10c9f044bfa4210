import dataclasses


@dataclasses.dataclass(frozen=True)
class PipelineConfig:
  d_model: int = 128
  num_stages: int = 8          # transformer stages (layers) in the pipeline
  microbatch: int = 8
  stage_axis: str = "stage"
