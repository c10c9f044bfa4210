from .mlp import SequenceParallelMLP
from .specs import state_specs
