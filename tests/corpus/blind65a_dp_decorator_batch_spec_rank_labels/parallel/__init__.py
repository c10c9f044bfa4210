from parallel.decorators import data_parallel
from parallel.specs import ParallelConfig, batch_spec

__all__ = ["ParallelConfig", "batch_spec", "data_parallel"]
