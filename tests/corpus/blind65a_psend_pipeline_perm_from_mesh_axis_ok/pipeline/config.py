import dataclasses


@dataclasses.dataclass(frozen=True)
class PipelineConfig:
  stage_axis: str = "stage"
  num_stages: int = 8          # one stage per GPU on a DGX node
  num_microbatches: int = 4
  d_model: int = 64
