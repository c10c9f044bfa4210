from .parallel import column_parallel_matmul

__all__ = ["column_parallel_matmul"]
