import dataclasses


@dataclasses.dataclass(frozen=True)
class PipelineConfig:
  num_stages: int
  num_microbatches: int
  axis: str = 'stage'

  @property
  def send_perm(self):
    # stage s feeds stage s + 1
    return [(s, s + 1) for s in range(self.num_stages)]
