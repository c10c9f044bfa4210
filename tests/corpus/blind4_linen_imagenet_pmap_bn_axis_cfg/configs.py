"""Training hyper-parameters (a plain dataclass in place of ml_collections)."""
import dataclasses


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  seed: int = 0
  learning_rate: float = 0.1
  momentum: float = 0.9
  # Name of the pmapped device axis; all cross-replica reductions use it.
  axis_name: str = 'data'
