from .blocks import PipelinedMLP
