import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class ShardedLoader:
  def __init__(self, images, labels, batch_size, mesh):
    self.images, self.labels = images, labels
    self.batch_size, self.mesh = batch_size, mesh

  def __iter__(self):
    for i in range(0, len(self.images) - self.batch_size + 1, self.batch_size):
      x = jax.numpy.asarray(self.images[i:i + self.batch_size])
      y = jax.numpy.asarray(self.labels[i:i + self.batch_size])
      # split the batch over the data axis
      yield jax.sharding.reshard(x, P('data')), jax.sharding.reshard(y, P('data'))
