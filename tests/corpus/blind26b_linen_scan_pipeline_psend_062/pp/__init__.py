from .model import PipelinedMLP
