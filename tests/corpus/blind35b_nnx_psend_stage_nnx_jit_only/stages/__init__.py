from .block import PipelineBlock
