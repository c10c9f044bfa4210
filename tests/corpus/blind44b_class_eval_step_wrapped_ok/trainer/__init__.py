from trainer.dp import DataParallelTrainer

__all__ = ["DataParallelTrainer"]
