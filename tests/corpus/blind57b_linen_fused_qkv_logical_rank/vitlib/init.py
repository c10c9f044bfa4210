import flax.linen as nn


def logically(names, init=nn.initializers.xavier_uniform()):
  return nn.with_logical_partitioning(init, names)
