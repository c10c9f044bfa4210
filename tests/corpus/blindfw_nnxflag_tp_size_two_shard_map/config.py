"""Run configuration, as parsed from the command line in the full training script."""
import dataclasses


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  data: int = 4
  tensor: int = 1

  @property
  def tensor_parallel(self) -> bool:
    return self.tensor > 1


CONFIG = ParallelConfig(data=2, tensor=2)
