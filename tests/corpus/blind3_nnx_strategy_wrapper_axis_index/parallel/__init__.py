from .strategy import SequenceParallel, SingleDevice, get_strategy
